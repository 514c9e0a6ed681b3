import Foundation
import SceneRouterWorkloads
import SceneRouting
import Testing

/// The library as an app developer writes it, in UIKit's vocabulary.
@Suite struct LibraryAPITests {
    /// The mail app of the replay scenario, written in code rather than loaded.
    static func mailApp() throws -> SceneApp {
        var compose = ActivationConditions()
        compose.canActivate = .alwaysFalse
        compose.prefersToActivate = try ActivationPredicate(format: "SELF BEGINSWITH 'compose/'")
        var main = ActivationConditions()
        main.canActivate = try ActivationPredicate(format: "NOT SELF BEGINSWITH 'compose/'")
        return try SceneApp(
            declarations: [
                SceneDeclaration(
                    name: "Compose", matching: try ActivationPredicate(format: "SELF BEGINSWITH 'compose/'"),
                    initialConditions: compose),
                SceneDeclaration(name: "Main"),
            ],
            sessions: [
                SceneSession(id: "M1", declaration: "Main", state: .foregroundActive, lastActive: 10, conditions: main),
                SceneSession(id: "M2", declaration: "Main", state: .background, lastActive: 8, conditions: main),
            ])
    }

    /// Routing and applying through `SceneRouter.deliver` gives replay's decisions on replay's
    /// own timeline, and leaves the sessions as replay leaves them.
    @Test func deliveringEventsDecidesAsReplay() throws {
        let app = try Self.mailApp()
        let router = SceneRouter(app: app)
        var replayer = TimelineReplayer(app: app)
        let timeline = try String(
            contentsOf: FixturePaths.url("scenarios/replay-mail-timeline/timeline.jsonl"), encoding: .utf8)
        let decoder = TimelineDecoder(file: "timeline.jsonl", app: app, allowsLifecycle: true)
        var decisions: [String] = []
        for (index, line) in timeline.split(separator: "\n").enumerated() {
            let entry = try decoder.decode(Array(line.utf8), line: index + 1)
            switch entry {
            case .event(let event):
                let replayed = replayer.route(event)
                let delivered = router.deliver(event)
                #expect(delivered == replayed, "line \(index + 1)")
                decisions.append(delivered.description)
            case .open(let session):
                #expect(
                    (try? replayer.apply(entry)) != nil
                        ? (try? router.open(session)) != nil : (try? router.open(session)) == nil)
            case .close(let id):
                #expect(
                    (try? replayer.apply(entry)) != nil
                        ? (try? router.close(sessionID: id)) != nil : (try? router.close(sessionID: id)) == nil)
            case .update(let update):
                #expect(
                    (try? replayer.apply(entry)) != nil
                        ? (try? router.update(update)) != nil : (try? router.update(update)) == nil)
            }
        }
        #expect(
            decisions == [
                #""inbox" → activate M1 (can)"#,
                #""compose/1" → create Compose as new-1 (declaration-matching)"#,
                #""compose/2" → activate new-1 (prefers)"#,
                "no identifier → activate new-1 (no-identifier)",
                #""inbox" → activate M2 (can)"#,
                #""mailbox/work" → activate M2 (prefers)"#,
                #""compose/9" → create Compose as new-2 (declaration-matching)"#,
                #""inbox" → activate M3 (prefers)"#,
                #""compose/9" → activate new-2 (prefers)"#,
            ])
        let snapshot = router.snapshot.sessions.map { "\($0.id) \($0.state) \($0.lastActive)" }
        #expect(snapshot == replayer.app.sessions.map { "\($0.id) \($0.state) \($0.lastActive)" })
    }

    /// The same on random apps, events and churn: delivering through the table and replaying
    /// through the reference router agree on every decision and on the sessions after it.
    @Test func deliveringAgreesWithReplayOnRandomTimelines() throws {
        var generator = RandomApps(random: DeterministicRandom(seed: 2026_11_24), alphabet: RandomText.mostlyASCII)
        var mismatches: [String] = []
        for appIndex in 0..<400 {
            let app = generator.app()
            let router = SceneRouter(app: app)
            var replayer = TimelineReplayer(app: app)
            var nextID = 100
            for step in 0..<40 {
                let place = "app \(appIndex) step \(step)"
                let sessions = replayer.app.sessions
                switch generator.random.below(8) {
                case 0:
                    let session = generator.session(
                        "N\(nextID)", framework: app.framework, declarations: app.declarations)
                    nextID += 1
                    try replayer.apply(.open(session))
                    try router.open(session)
                case 1 where !sessions.isEmpty:
                    let id = sessions[generator.random.below(sessions.count)].id
                    try replayer.apply(.close(sessionID: id))
                    try router.close(sessionID: id)
                case 2 where !sessions.isEmpty:
                    var update = SessionUpdate(id: sessions[generator.random.below(sessions.count)].id)
                    update.state = ActivationState.allCases[generator.random.below(4)]
                    if generator.random.chance(50) { update.lastActive = generator.random.below(8) }
                    try replayer.apply(.update(update))
                    try router.update(update)
                default:
                    let event = generator.event(hitting: replayer.app)
                    let replayed = replayer.route(event)
                    let delivered = router.deliver(event)
                    if delivered != replayed { mismatches.append("\(place): \(delivered) ≠ \(replayed)") }
                }
                let table = router.snapshot.sessions.map { "\($0.id) \($0.state) \($0.lastActive)" }
                let replay = replayer.app.sessions.map { "\($0.id) \($0.state) \($0.lastActive)" }
                if table != replay { mismatches.append("\(place): sessions \(table) ≠ \(replay)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func conditionsSpeakUIKitAndSwiftUI() throws {
        let defaults = ActivationConditions()
        #expect(defaults.canActivate.constantValue == true)
        #expect(defaults.prefersToActivate.constantValue == false)
        let swiftUI = ActivationConditions.handlesExternalEvents(preferring: ["thread-9"], allowing: ["*"])
        #expect(swiftUI.canActivate.evaluate("anything"))
        #expect(swiftUI.prefersToActivate.evaluate("mail/THREAD-9/reply"))
        #expect(!swiftUI.prefersToActivate.evaluate("mail/thread-8"))
        let group = SceneDeclaration(name: "Viewer", handlesExternalEvents: ["pdf"])
        #expect(group.matching?.evaluate("report.PDF") == true)
    }

    @Test func eventsFromWhatTheSystemHandsTheApp() throws {
        let payload: [String: Any] = [
            "aps": ["alert": "New mail", "target-content-id": "mail.thread.9"], "threadID": 9,
        ]
        #expect(
            try ExternalEvent.notification(payload: payload) == .notification(targetContentIdentifier: "mail.thread.9"))
        #expect(
            try ExternalEvent.notification(payload: ["aps": ["alert": "x"]])
                == .notification(targetContentIdentifier: nil))
        #expect(throws: Diagnostic.self) { try ExternalEvent.notification(payload: ["aps": ["target-content-id": 9]]) }
        #expect(throws: Diagnostic.self) { try ExternalEvent.notification(payload: ["aps": "x"]) }

        // userInfo as UIKit hands it, with its aps dictionary bridged either way.
        let userInfo: [AnyHashable: Any] = [
            AnyHashable("aps"): [AnyHashable("target-content-id"): "mail.thread.9"], AnyHashable(7): "x",
        ]
        #expect(
            try ExternalEvent.notification(payload: userInfo) == .notification(targetContentIdentifier: "mail.thread.9")
        )
        let stringKeyed: [AnyHashable: Any] = ["aps": ["target-content-id": "mail.inbox"] as [String: Any]]
        #expect(
            try ExternalEvent.notification(payload: stringKeyed) == .notification(targetContentIdentifier: "mail.inbox")
        )
        #expect(
            try ExternalEvent.notification(payload: [:] as [AnyHashable: Any])
                == .notification(targetContentIdentifier: nil))
        #expect(throws: Diagnostic.self) { try ExternalEvent.notification(payload: ["aps": 3] as [AnyHashable: Any]) }
        #expect(throws: Diagnostic.self) {
            try ExternalEvent.notification(
                payload: ["aps": [AnyHashable("target-content-id"): 9]] as [AnyHashable: Any])
        }

        let json = Data(#"{"aps": {"target-content-id": "mail.inbox"}, "extra": [1, 2]}"#.utf8)
        #expect(try ExternalEvent.notification(payload: json) == .notification(targetContentIdentifier: "mail.inbox"))
        do {
            _ = try ExternalEvent.notification(payload: Data(#"{"aps": {"target-content-id": 7}}"#.utf8))
            Issue.record("a number is not an identifier")
        } catch {
            #expect(error.path == "aps.target-content-id")
        }
        do {
            _ = try ExternalEvent.notification(payload: Data(#"{"aps": "#.utf8))
            Issue.record("truncated JSON must throw")
        } catch {
            #expect(error.line == 1)
            #expect(error.column != nil)
        }

        let content = NotificationContent(title: "Ana", body: "Lunch?", targetContentIdentifier: "mail.thread.3")
        #expect(ExternalEvent.notification(content) == .notification(targetContentIdentifier: "mail.thread.3"))
        let item = ShortcutItem(
            type: "compose", localizedTitle: "New Message", targetContentIdentifier: "mail.compose.new")
        #expect(ExternalEvent.shortcut(item) == .shortcut(type: "compose", targetContentIdentifier: "mail.compose.new"))
        let activity = UserActivity(activityType: "com.example.view", webpageURL: URL(string: "https://example.com/a"))
        #expect(ExternalEvent.userActivity(activity).targetContentIdentifier(for: .swiftui) == "https://example.com/a")
        #expect(ExternalEvent.userActivity(activity).targetContentIdentifier(for: .uikit) == nil)
    }

    @Test func decisionsPrintAsOneLine() {
        let decision = RoutingDecision(identifier: "a\"b\tc", action: .activate(sessionID: "S1"), reason: .prefers)
        #expect(decision.description == #""a\"b\tc" → activate S1 (prefers)"#)
        let none = RoutingDecision(identifier: nil, action: .unhandled, reason: .unhandled, budgetExceeded: true)
        #expect(none.description == "no identifier → unhandled (unhandled) [a regex hit its match budget]")
    }

    /// Explanations say which condition matched and which comparison decided, list every
    /// candidate in rank order, and say which declarations were checked for creation.
    @Test func explanationsSayWhatMatched() throws {
        let app = try ManifestLoader.load(contentsOf: FixturePaths.url("apps/mail.json").path)
        let router = SceneRouter(app: app)
        let thread = router.route(identifier: "mail.thread.1", explain: true)
        let explanation = try #require(thread.explanation)
        #expect(explanation.candidates.map(\.sessionID) == ["main-1", "main-2", "compose-7", "viewer-3"])
        #expect(explanation.candidates.first?.matched?.condition == .canActivate)
        #expect(explanation.candidates.first?.matched?.decidedBy == "SELF BEGINSWITH 'mail.'")
        #expect(explanation.declarations.isEmpty)
        // The explanation's ranking agrees with the table's decision.
        #expect(thread.action == .activate(sessionID: explanation.candidates[0].sessionID))

        let inbox = try #require(router.route(identifier: "mail.inbox", explain: true).explanation)
        #expect(inbox.candidates.first?.matched?.predicate == #"SELF IN %@ (%@: ["mail.inbox", "mail.inbox/"])"#)

        let calendar = try #require(router.route(identifier: "calendar.event.5", explain: true).explanation)
        #expect(calendar.candidates.allSatisfy { $0.score == 0 && $0.matched == nil })
        #expect(calendar.declarations.map(\.name) == ["Compose", "Viewer", "Main"])
        #expect(calendar.declarations.map(\.matched) == [false, false, nil])
    }

    /// An explanation prints as the command line shows it and encodes as its JSON records do;
    /// a tie between equal scores names the rank key that broke it.
    @Test func explanationsPrintAndEncode() throws {
        let can = ActivationConditions(canActivate: try ActivationPredicate(format: "SELF BEGINSWITH 'mail.'"))
        func app(_ tieBreak: TieBreakPolicy, _ sessions: [SceneSession]) throws -> SceneApp {
            try SceneApp(tieBreak: tieBreak, declarations: [SceneDeclaration(name: "Main")], sessions: sessions)
        }
        let a = SceneSession(id: "a", declaration: "Main", state: .background, lastActive: 1, conditions: can)
        let b = SceneSession(id: "b", declaration: "Main", state: .background, lastActive: 5, conditions: can)
        let byRecency = try #require(
            SceneRouter(app: try app(.recency, [a, b])).route(identifier: "mail.x", explain: true).explanation)
        #expect(
            byRecency.description == """
                considered 2 sessions, best first:
                  1. b (Main)  score 1  background, lastActive 5, position 1
                      canActivate: SELF BEGINSWITH 'mail.'
                  2. a (Main)  score 1  background, lastActive 1, position 0
                      canActivate: SELF BEGINSWITH 'mail.'
                b ranks before a on lastActive (5 is more recent than 1), both score 1
                """)
        let byOrder = try #require(
            SceneRouter(app: try app(.order, [a, b])).route(identifier: "mail.x", explain: true).explanation)
        #expect(
            byOrder.tieReason
                == "a ranks before b on position in the session list (0 before 1), the tie-break order, both score 1")
        #expect(byOrder.lines(listing: 1, omittedHint: "!").contains("  … 1 more!"))
        let none = try #require(
            SceneRouter(app: try app(.recency, [a, b])).route(identifier: "x", explain: true).explanation)
        #expect(none.tieReason == nil)
        #expect(none.description.hasSuffix("declaration Main: default declaration"))

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(none), as: UTF8.self)
        #expect(json.contains(#""declarations":[{"matched":null,"matching":null,"name":"Main"}]"#), "\(json)")
        #expect(
            json.contains(
                #"{"declaration":"Main","lastActive":5,"position":1,"score":0,"session":"b","state":"background"}"#))
        #expect(json.contains(#""considered":2"#) && json.contains(#""tieBreak":"recency""#))
        let matched = String(decoding: try encoder.encode(byRecency.candidates[0]), as: UTF8.self)
        #expect(
            matched.contains(#""condition":"canActivate""#)
                && matched.contains(#""predicate":"SELF BEGINSWITH 'mail.'""#))

        // Names are escaped: nothing in a manifest moves the cursor.
        let odd = SceneSession(id: "x\u{1B}[2J", declaration: "Main", state: .background, conditions: can)
        let escaped = try #require(
            SceneRouter(app: try app(.recency, [odd])).route(identifier: "mail.x", explain: true).explanation)
        #expect(!escaped.description.contains("\u{1B}"))
    }
}
