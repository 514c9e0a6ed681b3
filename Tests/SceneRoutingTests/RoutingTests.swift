import Foundation
@testable import SceneRouting
import Testing

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

    /// The library API accepts any session list; a repeated id is refused as `open` refuses
    /// it, whichever order the table's build tasks run in.
    @Test func routerKeepsTheFirstSessionOfARepeatedID() throws {
        func session(_ id: String, prefers: String, lastActive: Int) throws -> SceneSession {
            SceneSession(
                id: id, declaration: "Main", state: .foregroundInactive, lastActive: lastActive,
                conditions: ActivationConditions(canActivate: .alwaysTrue, prefersToActivate: try ActivationPredicate(format: prefers)))
        }
        let sessions = [
            try session("A", prefers: "SELF == 'first'", lastActive: 1),
            try session("B", prefers: "SELF == 'b'", lastActive: 2),
            try session("A", prefers: "SELF == 'second'", lastActive: 9),
        ]
        let router = SceneRouter(app: SceneApp(framework: .uikit, declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
        #expect(router.snapshot.sessions.map(\.id) == ["A", "B"])
        #expect(router.route(identifier: "first").action == .activate(sessionID: "A"))
        #expect(router.route(identifier: "second").reason == .can)
        // The refused duplicate is in no heap: the most recent remaining session wins.
        #expect(router.route(identifier: "other").action == .activate(sessionID: "B"))
        #expect(router.shape.sessions == 2)
        #expect(router.open(try session("C", prefers: "SELF == 'c'", lastActive: 0)))
        #expect(router.route(identifier: "c").action == .activate(sessionID: "C"))
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
        #expect(ExternalEvent.userActivity(activityType: nil, targetContentIdentifier: nil, webpageURL: "https://a/b")
            .targetContentIdentifier(for: .swiftui) == "https://a/b")
        #expect(ExternalEvent.userActivity(activityType: nil, targetContentIdentifier: nil, webpageURL: "https://a/b")
            .targetContentIdentifier(for: .uikit) == nil)
        #expect(ExternalEvent.userActivity(activityType: nil, targetContentIdentifier: "t", webpageURL: "https://a/b")
            .targetContentIdentifier(for: .swiftui) == "t")
        #expect(ExternalEvent.url(URL(string: "example://doc/42")!).targetContentIdentifier(for: .uikit) == "example://doc/42")
        #expect(ExternalEvent.notification(targetContentIdentifier: nil).targetContentIdentifier(for: .uikit) == nil)
    }

    /// SEMANTICS §5: replaying must give the decisions routing gives against the table as it
    /// stands at each point.
    @Test func replayAgreesWithRoutingTheCurrentTable() throws {
        let start = try app(String(contentsOf: FixturePaths.url("apps/mail.json"), encoding: .utf8))
        var replayer = TimelineReplayer(app: start)
        let identifiers: [String?] = [
            "mail.compose.1", "mail.inbox", nil, "mail.compose.1", "x.pdf", "mail.thread.3", "zzz", nil, "mail.compose.2",
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
