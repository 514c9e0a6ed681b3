import Dispatch
import Foundation
import Synchronization
import Testing

@testable import SceneRouting

@Suite struct RoutingTests {
    private func app(_ json: String) throws -> SceneApp {
        try ManifestLoader.load(Data(json.utf8), file: "test.json")
    }

    @Test func recencyBreaksTiesByStateThenLastActiveThenOrder() throws {
        let app = try app(
            #"""
            {"declarations": [{"name": "Main"}], "sessions": [
              {"id": "A", "declaration": "Main", "state": "background", "lastActive": 99},
              {"id": "B", "declaration": "Main", "state": "foregroundInactive", "lastActive": 1},
              {"id": "C", "declaration": "Main", "state": "foregroundInactive", "lastActive": 5},
              {"id": "D", "declaration": "Main", "state": "foregroundInactive", "lastActive": 5}]}
            """#)
        let decision = ReferenceRouter.route(identifier: "x", in: app, explain: true)
        #expect(decision.action == .activate(sessionID: "C"))
        #expect(decision.reason == .can)
        #expect(decision.explanation?.candidates.map(\.sessionID) == ["C", "D", "B", "A"])
        var ordered = app
        ordered.tieBreak = .order
        #expect(ReferenceRouter.route(identifier: "x", in: ordered).action == .activate(sessionID: "A"))
    }

    /// An app with a repeated session id or declaration name, or a session naming a missing
    /// declaration, is refused; so are churn operations that would make one.
    @Test func invalidAppsAndChurnThrowTypedErrors() throws {
        func session(_ id: String, prefers: String, declaration: String = "Main") throws -> SceneSession {
            SceneSession(
                id: id, declaration: declaration, state: .foregroundInactive,
                conditions: ActivationConditions(
                    canActivate: .alwaysTrue, prefersToActivate: try ActivationPredicate(format: prefers)))
        }
        let main = [SceneDeclaration(name: "Main")]
        #expect(throws: SceneAppError.duplicateSessionID("A")) {
            try SceneApp(
                declarations: main,
                sessions: [try session("A", prefers: "SELF == 'a'"), try session("A", prefers: "SELF == 'b'")])
        }
        #expect(throws: SceneAppError.duplicateDeclarationName("Main")) {
            try SceneApp(declarations: main + main)
        }
        #expect(throws: SceneAppError.unknownDeclaration(sessionID: "A", declaration: "Other")) {
            try SceneApp(declarations: main, sessions: [try session("A", prefers: "SELF == 'a'", declaration: "Other")])
        }

        let router = SceneRouter(
            app: try SceneApp(declarations: main, sessions: [try session("A", prefers: "SELF == 'a'")]))
        #expect(throws: SceneAppError.duplicateSessionID("A")) {
            try router.open(try session("A", prefers: "SELF == 'x'"))
        }
        #expect(throws: SceneAppError.unknownDeclaration(sessionID: "B", declaration: "Other")) {
            try router.open(try session("B", prefers: "SELF == 'b'", declaration: "Other"))
        }
        #expect(throws: SceneAppError.unknownSession("Z")) { try router.close(sessionID: "Z") }
        #expect(throws: SceneAppError.unknownSession("Z")) {
            try router.update(SessionUpdate(id: "Z", state: .background))
        }
        // Nothing changed: the refused operations left the table as it was.
        #expect(router.snapshot.sessions.map(\.id) == ["A"])
        #expect(router.route(identifier: "x").action == .activate(sessionID: "A"))
        try router.open(try session("C", prefers: "SELF == 'c'"))
        #expect(router.route(identifier: "c").action == .activate(sessionID: "C"))
    }

    /// Readers route while a writer opens, updates and closes sessions: every decision must
    /// be one the table gives between two churn operations, never a half-applied state.
    @Test func routesStayConsistentWhileAWriterChurns() throws {
        func session(_ id: String, prefers: String, lastActive: Int) throws -> SceneSession {
            SceneSession(
                id: id, declaration: "Main", state: .foregroundInactive, lastActive: lastActive,
                conditions: ActivationConditions(
                    canActivate: .alwaysTrue, prefersToActivate: try ActivationPredicate(format: prefers)))
        }
        let sessions = try (0..<100).map { try session("w\($0)", prefers: "SELF == 'id-\($0)'", lastActive: $0) }
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
        let moved = try ActivationPredicate(format: "SELF == 'moved'")
        let home = try ActivationPredicate(format: "SELF == 'id-5'")
        let temporary = try session("temp", prefers: "SELF == 'temp'", lastActive: -1)
        let fallback = Pair(session: "w99", reason: .can)
        let allowed: [String: Set<Pair>] = [
            "id-7": [Pair(session: "w7", reason: .prefers)],
            "id-5": [Pair(session: "w5", reason: .prefers), fallback],
            "moved": [Pair(session: "w5", reason: .prefers), fallback],
            "temp": [Pair(session: "temp", reason: .prefers), fallback],
        ]
        let identifiers = Array(allowed.keys).sorted()
        let violations = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for round in 0..<2_000 {
                    try? router.update(
                        SessionUpdate(id: "w5", prefersToActivate: round.isMultiple(of: 2) ? moved : home))
                    // The temporary session is opened every third round and closed otherwise, so
                    // some of these are refused; the readers must see either state.
                    if round.isMultiple(of: 3) {
                        try? router.open(temporary)
                    } else {
                        try? router.close(sessionID: "temp")
                    }
                }
            } else {
                for round in 0..<20_000 {
                    let identifier = identifiers[(round + worker) % identifiers.count]
                    let decision = router.route(identifier: identifier)
                    guard case .activate(let id) = decision.action,
                        allowed[identifier]!.contains(Pair(session: id, reason: decision.reason))
                    else {
                        violations.withLock { $0.append("\(identifier) → \(decision.action) \(decision.reason)") }
                        continue
                    }
                }
            }
        }
        let found = violations.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(5))")
    }

    private struct Pair: Hashable {
        var session: String
        var reason: RoutingDecision.Reason
    }

    /// A window whose condition always holds and that ranks before every other window answers
    /// without the index being probed; a window with a narrower condition that comes to
    /// outrank it (made key, opened, given a newer `lastActive`) must win again.
    @Test func alwaysTrueWindowYieldsOnceOutranked() throws {
        func window(_ id: String, can: String, state: ActivationState, lastActive: Int) throws -> SceneSession {
            SceneSession(
                id: id, declaration: "Main", state: state, lastActive: lastActive,
                conditions: ActivationConditions(
                    canActivate: try ActivationPredicate(format: can), prefersToActivate: .alwaysFalse))
        }
        let router = SceneRouter(
            app: try SceneApp(
                declarations: [SceneDeclaration(name: "Main")],
                sessions: [
                    try window("Any", can: "TRUEPREDICATE", state: .foregroundActive, lastActive: 9),
                    try window("Docs", can: "SELF BEGINSWITH 'doc-'", state: .foregroundInactive, lastActive: 1),
                ]))
        #expect(router.route(identifier: "doc-1").action == .activate(sessionID: "Any"))
        router.deliver(.identifier("doc-1"))
        #expect(router.route(identifier: "doc-1").action == .activate(sessionID: "Any"))
        // Made key by an event only it takes: then it ranks first.
        try router.update(SessionUpdate(id: "Docs", state: .foregroundActive, lastActive: 50))
        try router.update(SessionUpdate(id: "Any", state: .foregroundInactive))
        #expect(router.route(identifier: "doc-1").action == .activate(sessionID: "Docs"))
        #expect(router.route(identifier: "x").action == .activate(sessionID: "Any"))
        router.deliver(.identifier("x"))
        #expect(router.route(identifier: "doc-1").action == .activate(sessionID: "Any"))
        // Opened ranking first.
        try router.open(try window("Later", can: "SELF ENDSWITH '-1'", state: .foregroundActive, lastActive: 1_000))
        #expect(router.route(identifier: "doc-1").action == .activate(sessionID: "Later"))
        #expect(router.route(identifier: "doc-2").action == .activate(sessionID: "Any"))
        try router.close(sessionID: "Later")
        #expect(router.route(identifier: "doc-1").action == .activate(sessionID: "Any"))
        // A condition changed on the window that ranks first.
        try router.update(SessionUpdate(id: "Any", canActivate: try ActivationPredicate(format: "SELF == 'x'")))
        #expect(router.route(identifier: "doc-1").action == .activate(sessionID: "Docs"))
    }

    @Test func prefersBeatsCanRegardlessOfRecency() throws {
        let app = try app(
            #"""
            {"declarations": [{"name": "Main"}], "sessions": [
              {"id": "recent", "declaration": "Main", "state": "foregroundActive", "lastActive": 9},
              {"id": "old", "declaration": "Main", "state": "unattached", "lastActive": 0, "prefersToActivate": "SELF == 'doc'"}]}
            """#)
        #expect(ReferenceRouter.route(identifier: "doc", in: app).action == .activate(sessionID: "old"))
        #expect(ReferenceRouter.route(identifier: "doc", in: app).reason == .prefers)
    }

    @Test func eventIdentifiers() throws {
        #expect(
            ExternalEvent.userActivity(activityType: nil, targetContentIdentifier: nil, webpageURL: "https://a/b")
                .targetContentIdentifier(for: .swiftui) == "https://a/b")
        #expect(
            ExternalEvent.userActivity(activityType: nil, targetContentIdentifier: nil, webpageURL: "https://a/b")
                .targetContentIdentifier(for: .uikit) == nil)
        #expect(
            ExternalEvent.userActivity(activityType: nil, targetContentIdentifier: "t", webpageURL: "https://a/b")
                .targetContentIdentifier(for: .swiftui) == "t")
        #expect(
            ExternalEvent.url(URL(string: "example://doc/42")!).targetContentIdentifier(for: .uikit)
                == "example://doc/42")
        #expect(ExternalEvent.notification(targetContentIdentifier: nil).targetContentIdentifier(for: .uikit) == nil)
    }

    /// Replaying must give the decisions routing gives against the table as it
    /// stands at each point.
    @Test func replayAgreesWithRoutingTheCurrentTable() throws {
        let start = try app(String(contentsOf: FixturePaths.url("apps/mail.json"), encoding: .utf8))
        var replayer = TimelineReplayer(app: start)
        let identifiers: [String?] = [
            "mail.compose.1", "mail.inbox", nil, "mail.compose.1", "x.pdf", "mail.thread.3", "zzz", nil,
            "mail.compose.2",
        ]
        for identifier in identifiers {
            let before = replayer.app
            let routed = ReferenceRouter.route(identifier: identifier, in: before)
            let replayed = replayer.route(.identifier(identifier))
            #expect(replayed.reason == routed.reason)
            switch (replayed.action, routed.action) {
            case (.create(let a, let id), .create(let b, nil)):
                #expect(a == b)
                #expect(id != nil)
            default:
                #expect(replayed.action == routed.action)
            }
            // Exactly one key window afterwards, and it is the one just chosen.
            let active = replayer.app.sessions.filter { $0.state == .foregroundActive && $0.role.receivesEvents }
            if replayed.action != .unhandled { #expect(active.count == 1) }
        }
        #expect(replayer.app.sessions.contains { $0.id == "new-1" })
    }
}
