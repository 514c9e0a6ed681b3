import Foundation
import Testing

@testable import SceneRouting

/// What an imported manifest adds: declaration roles, delegate classes, storyboards and
/// sources, predicates and sets with sources, emitted identifiers and unresolved
/// conditions. The loader reads them, the writer writes them back, and routing never
/// creates a scene whose role receives no events.
@Suite struct ImportedManifestTests {
    static let manifest = #"""
        {
          "framework": "uikit",
          "supportsMultipleScenes": true,
          "declarations": [
            {"name": "TV", "role": "windowExternalDisplayNonInteractive", "delegateClass": "TVSceneDelegate", "source": "Info.plist:30:1"},
            {"name": "Main", "delegateClass": "App.SceneDelegate", "storyboard": "Main",
             "initialConditions": {"canActivate": {"format": "SELF BEGINSWITH 'mail.'", "source": "Sources/App/SceneDelegate.swift:12:9"},
                                   "prefersToActivate": {"format": "SELF == %@", "args": ["mail.inbox"], "source": "Sources/App/SceneDelegate.swift:13:9"}},
             "source": "Info.plist:12:1"},
            {"name": "Notes", "matching": {"set": ["note/"], "source": "Sources/Notes/NotesApp.swift:8:14"}}
          ],
          "sessions": [],
          "emitted": [
            {"identifier": "mail.inbox", "carrier": "notification", "source": "Sources/App/Push.swift:4:5"},
            {"pattern": {"prefix": "mail.thread.", "suffix": ""}, "carrier": "userActivity", "source": "Sources/App/Handoff.swift:9:5"},
            {"dynamic": "item.url.absoluteString", "source": "Sources/App/Shortcuts.swift:21:9"}
          ],
          "unresolved": [
            {"declaration": "Main", "condition": "canActivate", "expression": "NSPredicate(format: format)", "source": "Sources/App/Legacy.swift:7:9"}
          ]
        }
        """#

    @Test func importedKeysLoadAndWriteBack() throws {
        let app = try ManifestLoader.load(Data(Self.manifest.utf8), file: "app.json")
        #expect(
            app.declarations.map(\.role) == [
                .windowExternalDisplayNonInteractive, .windowApplication, .windowApplication,
            ])
        #expect(app.declarations[1].delegateClass == "App.SceneDelegate")
        #expect(app.declarations[1].storyboard == "Main")
        #expect(app.declarations[0].source == SourceLocation(file: "Info.plist", line: 30, column: 1))
        let initial = try #require(app.declarations[1].initialConditions)
        #expect(initial.canActivate.source?.description == "Sources/App/SceneDelegate.swift:12:9")
        #expect(initial.prefersToActivate.source?.description == "Sources/App/SceneDelegate.swift:13:9")
        #expect(app.declarations[2].matching?.source?.description == "Sources/Notes/NotesApp.swift:8:14")
        #expect(app.declarations[2].matching?.evaluate("NOTE/7") == true)
        #expect(
            app.emitted.map(\.value) == [
                .identifier("mail.inbox"), .pattern(prefix: "mail.thread.", suffix: ""),
                .dynamic("item.url.absoluteString"),
            ])
        #expect(app.emitted.map(\.carrier) == [.notification, .userActivity, nil])
        #expect(app.unresolvedConditions.first?.source?.line == 7)

        // Written and read back: the same app, sources and all.
        let written = ManifestWriter.text(of: app)
        let reread = try ManifestLoader.load(Data(written.utf8), file: "written.json")
        #expect(ManifestWriter.text(of: reread) == written)
        #expect(reread.declarations[2].matching?.source == app.declarations[2].matching?.source)
        #expect(reread.emitted == app.emitted)
        #expect(reread.unresolvedConditions == app.unresolvedConditions)
    }

    /// An event never creates a scene whose role receives no events: with an external-display
    /// configuration first, the default is the first window declaration.
    @Test func creationSkipsDeclarationsThatReceiveNoEvents() throws {
        let app = try ManifestLoader.load(Data(Self.manifest.utf8), file: "app.json")
        for router in [
            { ReferenceRouter.route(identifier: $0, in: app) }, { SceneRouter(app: app).route(identifier: $0) },
        ] {
            #expect(router("mail.inbox").action == .create(declaration: "Main", sessionID: nil))
            #expect(router("note/1").action == .create(declaration: "Notes", sessionID: nil))
        }
        var single = app
        single.supportsMultipleScenes = false
        #expect(
            ReferenceRouter.route(identifier: "x", in: single).action == .create(declaration: "Main", sessionID: nil))
        #expect(SceneRouter(app: single).route(identifier: "x").action == .create(declaration: "Main", sessionID: nil))
    }

    /// A lint that rests on a condition the import could not read says so instead of
    /// stating a fact: a declaration without a readable matching is not surely shadowed.
    @Test func lintsOnUnreadConditionsSayWhatTheyAssume() throws {
        let manifest = #"""
            {"declarations": [{"name": "Main"}, {"name": "Compose"}],
             "unresolved": [{"declaration": "Compose", "condition": "matching", "expression": "composeIdentifiers"}]}
            """#
        let app = try ManifestLoader.load(Data(manifest.utf8), file: "app.json")
        let report = try ManifestChecker.check(app, file: "app")
        let shadowed = report.warnings.filter { $0.code?.rawValue == "shadowed-declaration" }.map(\.message)
        #expect(
            shadowed == [
                "declaration 'Compose' cannot be chosen unless its matching, computed at run time (composeIdentifiers), matches: "
                    + "without it, declarations[0] ('Main') is already the default (the first without matching)"
            ])
        #expect(!report.warnings.contains { $0.message.contains("can never be chosen") })
    }

    @Test func badImportedKeysAreLocatedErrors() {
        let cases: [(String, String)] = [
            (
                #"{"declarations": [{"name": "A", "source": "nowhere"}]}"#,
                "app.json:1:33: declarations[0].source: error: 'nowhere' is not a source location: expected FILE:LINE:COLUMN"
            ),
            (
                #"{"declarations": [{"name": "A", "role": "tv"}]}"#,
                "app.json:1:33: declarations[0].role: error: unknown role 'tv'; expected one of windowApplication, windowExternalDisplayNonInteractive, windowExternalDisplay, immersiveSpaceApplication, carTemplateApplication, carTemplateApplicationInstrumentCluster, windowApplicationVolumetric, carTemplateApplicationDashboard"
            ),
            (
                #"{"declarations": [{"name": "A"}], "emitted": [{"identifier": "x", "dynamic": "y"}]}"#,
                "app.json:1:47: emitted[0]: error: expected exactly one of identifier, pattern, template, dynamic"
            ),
            (
                #"{"declarations": [{"name": "A", "matching": {"set": "x"}}]}"#,
                "app.json:1:46: declarations[0].matching.set: error: expected an array of strings, found a string"
            ),
            (
                #"{"declarations": [{"name": "A"}], "unresolved": [{"declaration": "B", "condition": "canActivate", "expression": "f()"}]}"#,
                "app.json:1:51: unresolved[0].declaration: error: unknown declaration 'B'"
            ),
        ]
        for (json, expected) in cases {
            do {
                _ = try ManifestLoader.load(Data(json.utf8), file: "app.json")
                Issue.record("accepted: \(json)")
            } catch {
                #expect(error.description == expected)
            }
        }
    }

    /// Reachability lints ask the tables: one identifier reaches every declaration whose
    /// `matching` takes it (not only the first), and an identifier an open window or a
    /// declaration's conditions take is accepted.
    @Test func reachabilityIsDecidedForEveryDeclaration() throws {
        var app = try SceneApp(
            framework: .swiftui,
            declarations: [
                SceneDeclaration(name: "Wide", handlesExternalEvents: ["a."]),
                SceneDeclaration(name: "Narrow", handlesExternalEvents: ["a.b"]),
                SceneDeclaration(name: "Other", handlesExternalEvents: ["z."]),
                SceneDeclaration(
                    name: "Main",
                    initialConditions: ActivationConditions(canActivate: ActivationPredicate(swiftUISet: ["m."]))),
            ])
        app.emitted = [
            EmittedIdentifier(.identifier("a.b.c")), EmittedIdentifier(.identifier("m.1")),
            EmittedIdentifier(.identifier("q.1")),
        ]
        let report = try ManifestChecker.check(app, file: "app")
        let unreached = report.warnings.filter { $0.code?.rawValue == "unreached-declaration" }.map(\.path)
        #expect(unreached == ["declarations[2].matching"])
        let unaccepted = report.warnings.filter { $0.code?.rawValue == "unaccepted-identifier" }.map(\.message)
        #expect(unaccepted.count == 1 && unaccepted[0].hasPrefix("identifier \"q.1\""))
    }
}
