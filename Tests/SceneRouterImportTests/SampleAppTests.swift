import Foundation
import SceneRouting
import Testing

@testable import SceneRouterImport

/// The two sample apps written for the import: a UIKit mail app (scene delegates, an XML
/// Info.plist, notifications, shortcuts, Handoff and payload files) and a SwiftUI notes app
/// (WindowGroups with handlesExternalEvents, a view preferring its note, a binary
/// Info.plist). Each is imported, checked, and routed.
@Suite struct SampleAppTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Imports a sample app by absolute paths, naming its files relative to the package root.
    static func importApp(_ name: String, payloads: Bool = false) -> AppImport {
        let folder = root.appendingPathComponent("Fixtures/apps/\(name)").path
        return AppImport(
            plist: folder + "/Info.plist", sources: [folder + "/Sources"],
            payloads: payloads ? [folder + "/Payloads"] : [])
    }

    static func relative(_ location: SceneRouting.SourceLocation?) -> String? {
        location.map { $0.description.replacingOccurrences(of: root.path + "/", with: "") }
    }

    @Test func mailAppImports() throws {
        let result = Self.importApp("MailApp", payloads: true)
        let app = try #require(result.app)
        #expect(app.framework == .uikit)
        #expect(app.supportsMultipleScenes)
        #expect(app.declarations.map(\.name) == ["Main", "Compose", "Viewer", "External Display"])
        #expect(
            app.declarations.map(\.role) == [
                .windowApplication, .windowApplication, .windowApplication, .windowExternalDisplayNonInteractive,
            ])
        #expect(app.declarations[3].storyboard == "ExternalDisplay")
        let main = try #require(app.declarations[0].initialConditions)
        #expect(main.canActivate.format == "SELF BEGINSWITH 'mail.' AND NOT SELF BEGINSWITH 'mail.compose.'")
        #expect(
            Self.relative(main.canActivate.source)
                == "Fixtures/apps/MailApp/Sources/MailApp/MainSceneDelegate.swift:14:9")
        #expect(main.prefersToActivate.evaluate("mail.inbox/"))
        #expect(app.declarations[1].initialConditions?.canActivate.constantValue == false)
        // The viewer prefers its own attachment: a value each Viewer window binds.
        #expect(app.unresolvedConditions.isEmpty)
        #expect(app.declarations[2].values.map(\.name) == ["identifier"])
        #expect(app.declarations[2].conditionTemplates.prefersToActivate?.valueNames == ["identifier"])
        #expect(
            result.summary.description
                == "4 declarations; 7 conditions (0 unresolved, 1 using window values); 9 emitted identifiers (2 templates, 1 dynamic); from 9 Swift files and 2 payload files"
        )
        #expect(!result.hasErrors)
        #expect(result.diagnostics.map { $0.code?.rawValue } == ["undeclared-scene"])
    }

    @Test func notesAppImportsFromABinaryPlist() throws {
        let result = Self.importApp("NotesApp")
        let app = try #require(result.app)
        #expect(app.framework == .swiftui)
        #expect(app.declarations.map(\.name) == ["library", "note", "settings", "whiteboard"])
        #expect(
            app.declarations.map { $0.matching?.swiftUIMembers } == [
                ["notes.library", "notes.search"], ["notes.note."], ["notes.settings"], ["notes.board."],
            ])
        // The note editor is two views below the scene's root view.
        let note = try #require(app.declarations[1].initialConditions)
        #expect(note.canActivate.evaluate("notes.note.7"))
        #expect(
            Self.relative(note.canActivate.source) == "Fixtures/apps/NotesApp/Sources/NotesApp/NoteWindow.swift:23:14")
        #expect(app.declarations[2].initialConditions == nil)
        #expect(app.unresolvedConditions.isEmpty)
        #expect(app.declarations[1].values.map(\.name) == ["noteID"])
        #expect(
            app.emitted.map(\.value) == [
                .template(try ValueTemplate(parsing: "notes.note.${id}")), .identifier("notes.search"),
                .identifier("notes.trash"), .identifier("notes.settings"),
            ])
        #expect(result.diagnostics.isEmpty)
    }

    /// `check` reports what each app was written to show, at its place in the code.
    @Test(arguments: [
        ("MailApp", ["window-values ViewerSceneDelegate.swift:13", "unaccepted-identifier Notifications.swift:24"]),
        (
            "NotesApp",
            [
                "window-values NoteWindow.swift:23", "no-external-events NotesApp.swift:21",
                "unaccepted-identifier Sharing.swift:26", "unreached-declaration NotesApp.swift:29",
            ]
        ),
    ])
    func lintsAtTheirPlaces(_ name: String, _ expected: [String]) throws {
        let result = Self.importApp(name, payloads: name == "MailApp")
        let app = try #require(result.app)
        let report = try ManifestChecker.check(app, file: name)
        let found = report.warnings.map {
            "\($0.code?.rawValue ?? "") \(($0.file ?? "").split(separator: "/").last ?? ""):\($0.line ?? 0)"
        }
        #expect(found == expected)
    }

    /// Routing the identifiers the mail app emits, with no window open and with the windows a
    /// timeline opens (each taking its kind's conditions from the import).
    @Test func routingTheMailAppsIdentifiers() throws {
        let app = try #require(Self.importApp("MailApp", payloads: true).app)
        let literals = app.emitted.compactMap { emitted -> String? in
            if case .identifier(let identifier) = emitted.value { identifier } else { nil }
        }
        #expect(
            literals == [
                "mail.thread.demo", "mail.inbox", "settings.notifications", "mail.compose.new", "mail.thread.42",
                "mail.digest.weekly",
            ])
        // Nothing open: a UIKit app makes a new scene of its first window configuration.
        for identifier in literals {
            #expect(
                SceneRouter(app: app).route(identifier: identifier).action
                    == .create(declaration: "Main", sessionID: nil))
        }
        var replayer = TimelineReplayer(app: app)
        let decoder = TimelineDecoder(file: "what-if.jsonl", app: app, allowsLifecycle: true)
        for (index, line) in [
            #"{"open": {"declaration": "Main", "state": "foregroundActive", "lastActive": 3}}"#,
            #"{"open": {"declaration": "Compose", "lastActive": 2}}"#,
            #"{"open": {"declaration": "Compose", "lastActive": 1}}"#,
        ].enumerated() {
            try replayer.apply(try decoder.decode(Array(line.utf8), line: index + 1))
        }
        #expect(replayer.app.sessions.map(\.id) == ["Main-1", "Compose-1", "Compose-2"])
        let decisions = literals.map { replayer.route(.identifier($0)).description }
        #expect(
            decisions == [
                #""mail.thread.demo" → activate Main-1 (can)"#,
                #""mail.inbox" → activate Main-1 (prefers)"#,
                #""settings.notifications" → create Main as new-1 (default-declaration)"#,
                #""mail.compose.new" → activate Compose-1 (prefers)"#,
                // The window just created is the most recent Main window.
                #""mail.thread.42" → activate new-1 (can)"#,
                #""mail.digest.weekly" → activate new-1 (can)"#,
            ])
    }

    @Test func routingTheNotesAppsIdentifiers() throws {
        let app = try #require(Self.importApp("NotesApp").app)
        let router = SceneRouter(app: app)
        #expect(
            router.route(identifier: "notes.search").description
                == #""notes.search" → create library (declaration-matching)"#)
        #expect(
            router.route(identifier: "notes.note.42").description
                == #""notes.note.42" → create note (declaration-matching)"#)
        #expect(router.route(identifier: "notes.trash").description == #""notes.trash" → unhandled (unhandled)"#)
        router.deliver(.identifier("notes.note.42"))
        // An open note window can take other notes (allowing), so the next one activates it.
        #expect(router.route(identifier: "notes.note.43").description == #""notes.note.43" → activate new-1 (can)"#)
    }
}
