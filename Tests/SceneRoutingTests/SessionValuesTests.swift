import Foundation
import Testing

@testable import SceneRouting

/// Conditions that use values only a running window has: each window binds its own, and
/// routing treats the bound conditions like any other.
@Suite struct SessionValuesTests {
    static let manifest = #"""
        {
          "bundleIdentifier": "com.example.viewer",
          "declarations": [
            { "name": "Main",
              "values": [{"name": "windowId", "expression": "session.userInfo?[\"windowUUID\"] as? String", "source": "Viewer/SceneDelegate.swift:14:9"}],
              "initialConditions": {
                "canActivate": "TRUEPREDICATE",
                "prefersToActivate": {"format": "SELF == %@ OR SELF IN %@", "args": [{"template": "${bundleIdentifier}.scene.${persistentIdentifier}"}, [{"template": "doc/${windowId}"}, "doc/any"]]}
              } },
            { "name": "Inspector", "matching": ["inspect"],
              "initialConditions": {"allowing": [{"template": "inspect/${persistentIdentifier}"}], "preferring": []} }
          ],
          "sessions": [
            { "id": "S1", "declaration": "Main", "state": "foregroundActive", "lastActive": 3,
              "prefersToActivate": {"format": "SELF == %@", "args": [{"template": "app://open-scene/${persistentIdentifier}"}]} },
            { "id": "S2", "declaration": "Main", "lastActive": 1, "values": {"windowId": "W2"},
              "prefersToActivate": {"format": "SELF == %@", "args": [{"template": "doc/${windowId}"}]} },
            { "id": "S3", "declaration": "Main", "lastActive": 2,
              "prefersToActivate": {"format": "SELF == %@", "args": [{"template": "doc/${windowId}"}]} }
          ]
        }
        """#

    static func app() throws -> SceneApp { try ManifestLoader.load(Data(manifest.utf8), file: "viewer.json") }

    static func activated(_ decision: RoutingDecision) -> String {
        switch decision.action {
        case .activate(let id): "activate \(id) (\(decision.reason.rawValue))"
        case .create(let declaration, let id): "create \(declaration) \(id ?? "")"
        case .unhandled: "unhandled"
        }
    }

    @Test func templatesParse() throws {
        let template = try ValueTemplate(parsing: "a$$b/${windowId}-${x_1}")
        #expect(template.pieces == [.text("a$b/"), .value("windowId"), .text("-"), .value("x_1")])
        #expect(template.description == "a$$b/${windowId}-${x_1}")
        #expect(template.resolved(["windowId": "W", "x_1": "1"]) == "a$b/W-1")
        #expect(template.resolved(["windowId": "W"]) == nil)
        for (text, offset) in [("a$b", 1), ("${open", 0), ("x${1a}", 3), ("${}", 2)] {
            #expect(throws: ValueTemplateError.self) { try ValueTemplate(parsing: text) }
            #expect((try? ValueTemplate(parsing: text)) == nil)
            do {
                _ = try ValueTemplate(parsing: text)
            } catch {
                #expect(error.offset == offset, "\(text)")
            }
        }
    }

    /// A template built from pieces is the template its text parses to, so the manifest
    /// writes it as it reads back: an empty member made of no pieces at all is the text `""`,
    /// not a `{"template": ""}` that would read back as something else.
    @Test func templatesOfPiecesTakeTheParsedForm() throws {
        #expect(ValueTemplate(pieces: []) == (try ValueTemplate(parsing: "")))
        #expect(ValueTemplate(pieces: []).pieces == [.text("")])
        let split = ValueTemplate(pieces: [.text("a"), .text(""), .value("x"), .text("b"), .text("c"), .text("")])
        #expect(split == (try ValueTemplate(parsing: "a${x}bc")))
        #expect(split.pieces == [.text("a"), .value("x"), .text("bc")])
        let folded = ConditionTemplate(swiftUISet: [try ValueTemplate(parsing: "${a}${b}")]).folding([
            "a": "", "b": "x",
        ])
        guard case .swiftUISet(let members) = folded.form else {
            Issue.record("folding changed the set's form")
            return
        }
        #expect(members == [ValueTemplate(pieces: [.text("x")])])

        var declaration = SceneDeclaration(name: "Main")
        declaration.conditionTemplates = ConditionTemplates(
            canActivate: ConditionTemplate(swiftUISet: [
                ValueTemplate(pieces: [.value("persistentIdentifier")]), ValueTemplate(pieces: []),
            ]),
            prefersToActivate: ConditionTemplate(swiftUISet: [
                ValueTemplate(pieces: [.text("n/"), .value("persistentIdentifier")])
            ]))
        let text = ManifestWriter.text(of: try SceneApp(declarations: [declaration]))
        let reloaded = try ManifestLoader.load(Data(text.utf8), file: "written.json")
        #expect(ManifestWriter.text(of: reloaded) == text)
    }

    @Test func eachSessionPrefersItsOwnIdentity() throws {
        let router = SceneRouter(app: try Self.app())
        #expect(Self.activated(router.route(.identifier("app://open-scene/S1"))) == "activate S1 (prefers)")
        #expect(Self.activated(router.route(.identifier("doc/W2"))) == "activate S2 (prefers)")
        // S3 binds no windowId: its prefersToActivate keeps the default, so the front window takes it.
        #expect(Self.activated(router.route(.identifier("doc/W3"))) == "activate S1 (can)")
        #expect(router.route(.identifier("doc/W2")).action == .activate(sessionID: "S2"))
        #expect(router.snapshot.sessions.first { $0.id == "S2" }?.values == ["windowId": "W2"])
        #expect(router.snapshot.bundleIdentifier == "com.example.viewer")
    }

    /// A decision says which conditions it assumed: S3 binds no windowId, so whether it
    /// prefers `doc/W3` is not known; both routers note it, and only where it matters.
    @Test func decisionsSayWhatTheyAssumed() throws {
        let app = try Self.app()
        let router = SceneRouter(app: app)
        let decision = router.route(.identifier("doc/W3"))
        #expect(decision.assumptionCount == 1)
        #expect(decision.assumptions.map(\.session) == ["S3"])
        #expect(decision.assumptions.first?.reason == "uses ${windowId}, which 'S3' does not bind")
        #expect(decision.assumptions.first?.used == "FALSEPREDICATE")
        var reference = TimelineReplayer(app: app)
        #expect(reference.route(.identifier("doc/W3")).assumptions == decision.assumptions)
        #expect(router.route(.identifier(nil)).assumptions.isEmpty)
        // Binding the value ends the assumption.
        try router.update(SessionUpdate(id: "S3", values: ["windowId": "W3"]))
        let known = router.route(.identifier("doc/W3"))
        #expect(known.assumptionCount == 0 && known.action == .activate(sessionID: "S3"))
    }

    /// A window opened from a declaration whose condition the import could not read routes
    /// with the default, and the decisions it could have changed say so; a window that states
    /// its own condition does not.
    @Test func unreadConditionsAreAssumptionsOfTheWindowsOpenedFromThem() throws {
        let manifest = #"""
            { "declarations": [
                { "name": "Main", "initialConditions": {"canActivate": "SELF BEGINSWITH 'main/'", "prefersToActivate": "FALSEPREDICATE"} },
                { "name": "Detail", "initialConditions": {"canActivate": "FALSEPREDICATE", "prefersToActivate": "FALSEPREDICATE"} } ],
              "unresolved": [{"declaration": "Detail", "condition": "prefersToActivate", "expression": "makeCondition(for: item)", "source": "App/Detail.swift:9:9"}] }
            """#
        let app = try ManifestLoader.load(Data(manifest.utf8), file: "app.json")
        let decoder = TimelineDecoder(file: "t.jsonl", app: app, allowsLifecycle: true)
        let router = SceneRouter(app: app)
        var replayer = TimelineReplayer(app: app)
        for line in [
            #"{"open": {"id": "M1", "declaration": "Main", "state": "foregroundActive", "lastActive": 2}}"#,
            #"{"open": {"id": "D1", "declaration": "Detail", "lastActive": 1}}"#,
            #"{"open": {"id": "D2", "declaration": "Detail", "prefersToActivate": "SELF == 'd2'"}}"#,
        ] {
            let entry = try decoder.decode(Array(line.utf8), line: 1)
            try router.apply(entry)
            try replayer.apply(entry)
        }
        let decision = router.route(.identifier("main/1"))
        #expect(decision.action == .activate(sessionID: "M1"))
        #expect(decision.assumptions.map(\.session) == ["D1"])
        let assumed = try #require(decision.assumptions.first)
        #expect(assumed.condition == "prefersToActivate" && assumed.used == "FALSEPREDICATE")
        #expect(assumed.reason == "is computed at run time (makeCondition(for: item)), which the import could not read")
        #expect(assumed.source == SourceLocation(file: "App/Detail.swift", line: 9, column: 9))
        #expect(replayer.route(.identifier("main/1")).assumptions == decision.assumptions)
        // Stating the condition ends the assumption.
        try router.update(SessionUpdate(id: "D1", prefersToActivate: try ActivationPredicate(format: "SELF == 'd1'")))
        #expect(router.route(.identifier("main/1")).assumptions.isEmpty)
    }

    /// A SwiftUI scene whose `matching` the import could not read is treated as a default
    /// declaration, and every decision to create a scene says it assumed so.
    @Test func anUnreadMatchingIsAnAssumptionOfNewScenes() throws {
        let manifest = #"""
            { "framework": "swiftui",
              "declarations": [ { "name": "Library" }, { "name": "Editor", "matching": ["edit/"] }, { "name": "Viewer" } ],
              "unresolved": [{"declaration": "Viewer", "condition": "matching", "expression": "Set(routes.map { $0.path })", "source": "App/App.swift:12:10"}] }
            """#
        let app = try ManifestLoader.load(Data(manifest.utf8), file: "app.json")
        for identifier in ["view/3", "edit/3"] {
            let decision = SceneRouter(app: app).route(.identifier(identifier))
            #expect(decision == ReferenceRouter.route(.identifier(identifier), in: app))
            #expect(decision.assumptions.map(\.declaration) == ["Viewer"])
            #expect(decision.assumptions.first?.condition == "matching" && decision.assumptions.first?.session == nil)
        }
        #expect(
            SceneRouter(app: app).route(.identifier("edit/3")).action == .create(declaration: "Editor", sessionID: nil))
    }

    @Test func opensAndUpdatesBindTheirValues() throws {
        let app = try Self.app()
        let decoder = TimelineDecoder(file: "t.jsonl", app: app, allowsLifecycle: true)
        let lines = [
            #"{"open": {"id": "W9", "declaration": "Main", "values": {"windowId": "nine"}}}"#,
            #"{"identifier": "doc/nine"}"#,
            #"{"identifier": "com.example.viewer.scene.W9"}"#,
            #"{"update": {"id": "W9", "values": {"windowId": "ten"}}}"#,
            #"{"identifier": "doc/ten"}"#,
            #"{"identifier": "doc/nine"}"#,
            #"{"close": "S1"}"#, #"{"close": "S2"}"#, #"{"close": "S3"}"#, #"{"close": "W9"}"#,
            // No window can take it: a new Inspector, whose set names its own persistent identifier.
            #"{"identifier": "inspect"}"#,
            #"{"identifier": "inspect/new-1"}"#,
        ]
        var reference = TimelineReplayer(app: app)
        let router = SceneRouter(app: app)
        var table: [String] = []
        var expected: [String] = []
        for (number, line) in lines.enumerated() {
            let entry = try decoder.decode(Array(line.utf8), line: number + 1)
            if case .event(let event) = entry {
                expected.append(Self.activated(reference.route(event)))
                table.append(try router.apply(entry).map(Self.activated) ?? "none")
            } else {
                try reference.apply(entry)
                _ = try router.apply(entry)
            }
        }
        #expect(table == expected)
        #expect(
            table == [
                "activate W9 (prefers)", "activate W9 (prefers)", "activate W9 (prefers)", "activate W9 (can)",
                "create Inspector new-1", "activate new-1 (can)",
            ])
    }

    @Test func aDeclarationListsTheValuesItsConditionsUse() {
        let manifest = #"""
            {"declarations": [{"name": "Main", "initialConditions": {"prefersToActivate": {"format": "SELF == %@", "args": [{"template": "doc/${windowId}"}]}}}]}
            """#
        #expect {
            try ManifestLoader.load(Data(manifest.utf8), file: "m.json")
        } throws: { error in
            "\(error)".contains(
                "declarations[0].initialConditions.prefersToActivate: error: uses ${windowId}, which the declaration's \"values\" do not list"
            )
        }
        let broken =
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "canActivate": {"format": "SELF == %@", "args": [{"template": "x${"}]}}]}"#
        #expect {
            try ManifestLoader.load(Data(broken.utf8), file: "m.json")
        } throws: { error in
            "\(error)".contains("sessions[0].canActivate.args[0].template: error: '${' without a closing '}'")
        }
    }

    @Test func theWriterKeepsTemplatesAndValues() throws {
        let app = try Self.app()
        let text = ManifestWriter.text(of: app)
        #expect(text.contains(#""bundleIdentifier": "com.example.viewer""#))
        #expect(text.contains(#"{"template": "doc/${windowId}"}"#))
        #expect(text.contains(#""values": {"windowId": "W2"}"#))
        let reloaded = try ManifestLoader.load(Data(text.utf8), file: "written.json")
        #expect(ManifestWriter.text(of: reloaded) == text)
        #expect(SceneRouter(app: reloaded).route(.identifier("doc/W2")).action == .activate(sessionID: "S2"))
    }

    @Test func libraryTemplatesBindWhenOpened() throws {
        var session = SceneSession(id: "L1", declaration: "Main", conditions: ActivationConditions())
        session.templates.prefersToActivate = ConditionTemplate(
            format: "SELF == %@", arguments: [.string(try ValueTemplate(parsing: "item/${itemID}"))])
        session.values = ["itemID": "42"]
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")]))
        try router.open(
            SceneSession(
                id: "front", declaration: "Main", state: .foregroundActive, lastActive: 9,
                conditions: ActivationConditions()))
        try router.open(session)
        #expect(router.route(.identifier("item/42")).action == .activate(sessionID: "L1"))
        try router.update(SessionUpdate(id: "L1", values: ["itemID": "43"]))
        #expect(router.route(.identifier("item/43")).action == .activate(sessionID: "L1"))
        #expect(router.route(.identifier("item/42")).action == .activate(sessionID: "front"))
    }
}
