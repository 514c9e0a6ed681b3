import Foundation
import Testing

@testable import SceneRouting

/// The app delegate's choice of a new scene's configuration: which rule holds for which
/// event, what an unread branch does to a decision, and the manifest's `newScenes`.
@Suite struct NewSceneRulesTests {
    static let manifest = #"""
        {
          "declarations": [
            { "name": "Main", "initialConditions": {"canActivate": "SELF BEGINSWITH 'main/'", "prefersToActivate": "FALSEPREDICATE"} },
            { "name": "Inspector", "initialConditions": {"canActivate": "FALSEPREDICATE", "prefersToActivate": "FALSEPREDICATE"} },
            { "name": "Compose", "initialConditions": {"canActivate": "FALSEPREDICATE", "prefersToActivate": "FALSEPREDICATE"} },
            { "name": "Display", "role": "windowExternalDisplayNonInteractive" }
          ],
          "sessions": [ { "id": "M1", "declaration": "Main", "state": "foregroundActive", "lastActive": 1,
                          "canActivate": "SELF BEGINSWITH 'main/'", "prefersToActivate": "FALSEPREDICATE" } ],
          "newScenes": {
            "source": "App/AppDelegate.swift:20:10",
            "rules": [
              { "event": "userActivity", "activityType": ["com.example.inspect", "com.example.inspect.v2"], "configuration": "Inspector", "source": "App/AppDelegate.swift:22:13" },
              { "shortcutType": "com.example.compose", "configuration": "Compose" },
              { "url": "SELF BEGINSWITH 'example://inspect/'", "configuration": "Inspector" },
              { "identifier": "SELF ENDSWITH '.draft'", "configuration": "Compose" },
              { "identifier": "SELF BEGINSWITH 'maybe/'", "configuration": "Inspector", "unread": "isInspectorEnabled", "source": "App/AppDelegate.swift:30:13" },
              { "identifier": "SELF BEGINSWITH 'lost/'", "unread": "configuration(for: activity)", "source": "App/AppDelegate.swift:33:13" }
            ],
            "otherwise": "Main"
          }
        }
        """#

    static func app() throws -> SceneApp { try ManifestLoader.load(Data(manifest.utf8), file: "app.json") }

    static func outcome(_ decision: RoutingDecision) -> String {
        switch decision.action {
        case .activate(let id): "activate \(id) (\(decision.reason.rawValue))"
        case .create(let declaration, _): "create \(declaration) (\(decision.reason.rawValue))"
        case .unhandled: "unhandled"
        }
    }

    /// Both routers, which must agree.
    static func route(_ event: ExternalEvent, in app: SceneApp) -> RoutingDecision {
        let reference = ReferenceRouter.route(event, in: app)
        let table = SceneRouter(app: app).route(event)
        #expect(reference == table, "\(event)")
        return table
    }

    @Test func eachRuleChoosesForItsEvent() throws {
        let app = try Self.app()
        let cases: [(ExternalEvent, String)] = [
            (
                .userActivity(
                    activityType: "com.example.inspect.v2", targetContentIdentifier: "doc/1", webpageURL: nil),
                "create Inspector (configuration-for-connecting)"
            ),
            (
                .userActivity(activityType: "com.example.other", targetContentIdentifier: "doc/1", webpageURL: nil),
                "create Main (configuration-for-connecting)"
            ),
            (
                .shortcut(type: "com.example.compose", targetContentIdentifier: "new"),
                "create Compose (configuration-for-connecting)"
            ),
            (.url(URL(string: "example://inspect/7")!), "create Inspector (configuration-for-connecting)"),
            (.notification(targetContentIdentifier: "note.draft"), "create Compose (configuration-for-connecting)"),
            (.identifier("x.draft"), "create Compose (configuration-for-connecting)"),
            // An open window takes it first: the app delegate is asked only for new scenes.
            (
                .userActivity(activityType: "com.example.inspect", targetContentIdentifier: "main/1", webpageURL: nil),
                "activate M1 (can)"
            ),
        ]
        for (event, expected) in cases {
            #expect(Self.outcome(Self.route(event, in: app)) == expected, "\(event)")
        }
        let chosen = try #require(
            Self.route(
                .userActivity(activityType: "com.example.inspect", targetContentIdentifier: "d", webpageURL: nil),
                in: app
            ).newSceneChoice)
        #expect(chosen.rule == 0 && chosen.configuration == "Inspector")
        #expect(chosen.source == SourceLocation(file: "App/AppDelegate.swift", line: 22, column: 13))
        let otherwise = try #require(Self.route(.identifier("zzz"), in: app).newSceneChoice)
        #expect(
            otherwise.rule == nil
                && otherwise.source == SourceLocation(file: "App/AppDelegate.swift", line: 20, column: 10))
    }

    @Test func anUnreadConditionIsPassedOverAndSaidSo() throws {
        let decision = Self.route(.identifier("maybe/9"), in: try Self.app())
        #expect(Self.outcome(decision) == "create Main (configuration-for-connecting)")
        #expect(decision.assumptionCount == 1)
        let assumed = try #require(decision.assumptions.first)
        #expect(
            assumed.session == nil && assumed.declaration == "Inspector"
                && assumed.condition == "configurationForConnecting")
        #expect(assumed.reason.contains("isInspectorEnabled"))
        // Events the unread branch cannot be about rest on nothing.
        #expect(Self.route(.identifier("other"), in: try Self.app()).assumptions.isEmpty)
    }

    @Test func anUnreadResultLeavesTheFirstConfiguration() throws {
        let decision = Self.route(.identifier("lost/1"), in: try Self.app())
        #expect(Self.outcome(decision) == "create Main (default-declaration)")
        #expect(decision.newSceneChoice == nil)
        #expect(decision.assumptions.map(\.used) == ["the first configuration"])
        #expect(decision.assumptions.first?.reason.contains("configuration(for: activity)") == true)
    }

    @Test func deliveringCreatesTheChosenConfiguration() throws {
        let router = SceneRouter(app: try Self.app())
        let decision = router.deliver(.shortcut(type: "com.example.compose", targetContentIdentifier: "c"))
        #expect(decision.action == .create(declaration: "Compose", sessionID: "new-1"))
        #expect(router.snapshot.sessions.last?.declaration == "Compose")
        var replayer = TimelineReplayer(app: try Self.app())
        #expect(replayer.route(.shortcut(type: "com.example.compose", targetContentIdentifier: "c")) == decision)
        // A bare identifier routed through the library follows the identifier rules too.
        #expect(router.route(identifier: "y.draft").action == .create(declaration: "Compose", sessionID: nil))
    }

    @Test func withoutRulesANewSceneIsTheFirstConfiguration() throws {
        var app = try Self.app()
        app.newScenes = nil
        let decision = Self.route(.shortcut(type: "com.example.compose", targetContentIdentifier: "c"), in: app)
        #expect(Self.outcome(decision) == "create Main (default-declaration)")
    }

    @Test func theWriterKeepsTheRules() throws {
        let app = try Self.app()
        let text = ManifestWriter.text(of: app)
        #expect(text.contains(#""otherwise": "Main""#))
        #expect(
            text.contains(
                #"{"event": "userActivity", "activityType": ["com.example.inspect", "com.example.inspect.v2"], "configuration": "Inspector", "source": "App/AppDelegate.swift:22:13"}"#
            ))
        let reloaded = try ManifestLoader.load(Data(text.utf8), file: "written.json")
        #expect(ManifestWriter.text(of: reloaded) == text)
        #expect(reloaded.newScenes?.rules.count == 6)
    }

    @Test(arguments: [
        (
            #"{"rules": [{"configuration": "Nope"}]}"#,
            "newScenes.rules[0].configuration: error: 'Nope' is not a window declaration of the app (declared: 'Main', 'Inspector')"
        ),
        (#"{"otherwise": "Display"}"#, "newScenes.otherwise: error: 'Display' is not a window declaration"),
        (#"{"rules": [{"activityType": "x"}]}"#, "newScenes.rules[0]: error: a rule needs \"configuration\""),
        (#"{"rules": [{"event": "push", "configuration": "Main"}]}"#, "newScenes.rules[0].event: error:"),
        (#"{"rules": [{"url": "SELF BEGINSWITH", "configuration": "Main"}]}"#, "newScenes.rules[0].url"),
        (#"{"rules": [{"activityTyp": "x", "configuration": "Main"}]}"#, "did you mean 'activityType'?"),
        (#"{"rules": {}}"#, "newScenes.rules: error: expected an array of rules, found an object"),
    ])
    func badRulesAreLocated(rules: String, message: String) throws {
        let manifest =
            #"{"declarations": [{"name": "Main"}, {"name": "Inspector"}, {"name": "Display", "role": "windowExternalDisplayNonInteractive"}], "newScenes": "#
            + rules + "}"
        #expect {
            try ManifestLoader.load(Data(manifest.utf8), file: "app.json")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func swiftUIAppsChooseByMatching() throws {
        let manifest =
            #"{"framework": "swiftui", "declarations": [{"name": "Main"}], "newScenes": {"otherwise": "Main"}}"#
        #expect {
            try ManifestLoader.load(Data(manifest.utf8), file: "app.json")
        } throws: { error in
            "\(error)".contains("newScenes: error: newScenes is the UIKit app delegate's choice")
        }
    }

    /// What few decisions carry (assumptions, an explanation, a new scene's choice) is set and
    /// cleared field by field, each keeping the others; a decision with all of them cleared
    /// equals one that never had them. Decisions stay small: routes write them in bulk.
    @Test func decisionExtrasKeepEachOther() {
        let plain = RoutingDecision(identifier: "x", action: .unhandled, reason: .unhandled)
        var decision = plain
        let assumption = Assumption(declaration: "Main", condition: "matching", used: "nothing", reason: "unread")
        decision.assumptions = [assumption]
        decision.assumptionCount = 3
        let choice = NewSceneRules.Choice(rule: 2, configuration: "Inspector", source: nil)
        decision.newSceneChoice = choice
        #expect(decision.assumptions == [assumption] && decision.assumptionCount == 3)
        #expect(decision.newSceneChoice == choice && decision != plain)
        decision.assumptions = []
        decision.assumptionCount = 0
        #expect(decision.newSceneChoice == choice && decision.assumptions.isEmpty)
        decision.newSceneChoice = nil
        #expect(decision == plain)
        #expect(MemoryLayout<RoutingDecision>.stride <= 64)
    }

    /// A table shares one record per configuration its app delegate can choose, so a route
    /// that creates allocates none: the decisions equal those of the reference router, which
    /// makes its own.
    @Test func sharedNewSceneChoicesDecideAsTheReference() throws {
        let rules = NewSceneRules(
            rules: [
                NewSceneRule(when: [.activityType(["com.example.inspect"])], configuration: "Inspector"),
                NewSceneRule(when: [.activityType(["com.example.never"])], configuration: nil),
            ],
            otherwise: "Main")
        var app = try SceneApp(
            declarations: [SceneDeclaration(name: "Main"), SceneDeclaration(name: "Inspector")], sessions: [])
        app.newScenes = rules
        let router = SceneRouter(app: app)
        let events: [ExternalEvent] = [
            .userActivity(UserActivity(activityType: "com.example.inspect")), .identifier("anything"),
            .userActivity(UserActivity(activityType: "com.example.other")),
        ]
        let decisions = router.route(contentsOf: events)
        #expect(decisions == events.map { ReferenceRouter.route($0, in: app) })
        #expect(decisions.map(\.newSceneChoice?.configuration) == ["Inspector", "Main", "Main"])
        #expect(decisions.map(\.newSceneChoice?.rule) == [0, nil, nil])
        // Made once by the table: routes that choose alike hold the same record.
        #expect(decisions[1].extrasIdentity != nil && decisions[1].extrasIdentity == decisions[2].extrasIdentity)
        #expect(router.route(events[1]).extrasIdentity == decisions[1].extrasIdentity)
    }
}
