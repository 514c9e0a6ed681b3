import Foundation
import Testing

/// `scene-router import` and `check --app` on the sample apps (golden files beside each
/// app, rewritten with `SCENE_ROUTER_WRITE_GOLDEN=1`), the imported manifest through
/// `check`, `route` and `replay`, and each import error.
@Suite struct ImportCommandTests {
    static let writeGolden = ProcessInfo.processInfo.environment["SCENE_ROUTER_WRITE_GOLDEN"] == "1"

    /// Compares `text` with the golden file (or writes it).
    static func expectGolden(_ text: String, _ path: String) throws {
        let url = CLIRunner.packageRoot.appendingPathComponent(path)
        if writeGolden { try Data(text.utf8).write(to: url) }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "\(path) differs; if the change is intended, rerun with SCENE_ROUTER_WRITE_GOLDEN=1")
    }

    static let mail = [
        "--plist", "Fixtures/apps/MailApp/Info.plist", "--sources", "Fixtures/apps/MailApp/Sources", "--payloads",
        "Fixtures/apps/MailApp/Payloads",
    ]

    @Test func importsTheMailApp() throws {
        let result = try CLIRunner.run(["import"] + Self.mail)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectGolden(result.stdout, "Fixtures/apps/MailApp/expected/manifest.json")
        #expect(
            result.stderr == """
                Fixtures/apps/MailApp/Sources/MailApp/InspectorSceneDelegate.swift:7:9: warning: canActivate is set in 'InspectorSceneDelegate', which no scene configuration in Info.plist names as its delegate: the condition applies to no declared scene
                Fixtures/apps/MailApp/Info.plist: read from the files given: Info.plist Fixtures/apps/MailApp/Info.plist, sources Fixtures/apps/MailApp/Sources (iPadOS)
                Fixtures/apps/MailApp/Info.plist: 4 declarations; 7 conditions (0 unresolved, 1 using window values); 9 emitted identifiers (2 templates, 1 dynamic); from 9 Swift files and 2 payload files

                """)
    }

    @Test func importsTheNotesAppFromABinaryPlist() throws {
        let result = try CLIRunner.run([
            "import", "--plist", "Fixtures/apps/NotesApp/Info.plist", "--sources", "Fixtures/apps/NotesApp/Sources",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectGolden(result.stdout, "Fixtures/apps/NotesApp/expected/manifest.json")
    }

    @Test(arguments: ["MailApp", "NotesApp"])
    func checksAnAppFolder(_ name: String) throws {
        let result = try CLIRunner.run(["check", "--app", "Fixtures/apps/\(name)"])
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectGolden(result.stdout, "Fixtures/apps/\(name)/expected/check.txt")
        #expect(
            result.stderr.hasPrefix(
                "Fixtures/apps/\(name): read without a project: Info.plist Fixtures/apps/\(name)/Info.plist"))
        #expect(result.stderr.contains("\nFixtures/apps/\(name): imported "))
        #expect(try CLIRunner.run(["check", "--app", "Fixtures/apps/\(name)", "--strict"]).status == 1)
        // JSON: one object per warning, each placed in the app's code.
        let json = try CLIRunner.run(["check", "--app", "Fixtures/apps/\(name)", "--format", "json"])
        let warnings = try json.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(warnings.count == result.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.count)
        for warning in warnings {
            #expect((warning["file"] as? String)?.hasPrefix("Fixtures/apps/\(name)/Sources/") == true, "\(warning)")
            #expect(warning["line"] is Int && warning["column"] is Int)
        }
    }

    /// The imported manifest is a manifest: check, route and replay take it as it is.
    @Test func theImportedManifestWorksEverywhere() throws {
        let manifest = "Fixtures/apps/MailApp/expected/manifest.json"
        #expect(try CLIRunner.run(["check", "--manifest", manifest]).status == 0)
        let routed = try CLIRunner.run([
            "route", "--manifest", manifest, "--format", "json", "mail.inbox", "settings.notifications",
        ])
        #expect(
            routed.stdout == """
                {"action":"create","declaration":"Main","event":0,"identifier":"mail.inbox","reason":"default-declaration"}
                {"action":"create","declaration":"Main","event":1,"identifier":"settings.notifications","reason":"default-declaration"}

                """)
        let replayed = try CLIRunner.run([
            "replay", "--manifest", manifest, "--timeline", "Fixtures/apps/MailApp/what-if.jsonl", "--explain",
        ])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        try Self.expectGolden(replayed.stdout, "Fixtures/apps/MailApp/expected/what-if.txt")
        // Explanations point at the code that states the condition.
        #expect(replayed.stdout.contains("(Fixtures/apps/MailApp/Sources/MailApp/MainSceneDelegate.swift:17:9)"))
    }

    @Test func importErrors() throws {
        // An app without a scene manifest is no error: it has one window, the app delegate's.
        let legacy = try CLIRunner.run([
            "import", "--plist", "Fixtures/apps/LegacyApp/Info.plist", "--sources", "Fixtures/apps/LegacyApp",
        ])
        #expect(legacy.status == 0, "\(legacy.stderr)")
        #expect(
            legacy.stdout.contains(#""supportsMultipleScenes": false"#)
                && legacy.stdout.contains(#""name": "Default Configuration""#))
        #expect(
            legacy.stderr.hasPrefix(
                "Fixtures/apps/LegacyApp/Info.plist: warning: Info.plist has no UIApplicationSceneManifest: the app has one window (the app delegate's), imported as 'Default Configuration'\n"
            ))
        let routed = try CLIRunner.run(
            ["route", "--manifest", "-", "--format", "json", "legacy.item"], stdin: Data(legacy.stdout.utf8))
        #expect(routed.stdout.contains(#""reason":"single-scene""#))

        let noScenes = try CLIRunner.run([
            "import", "--plist", "Fixtures/import-errors/malformed-plist/Info.plist", "--sources",
            "Fixtures/apps/LegacyApp",
        ])
        #expect(noScenes.status == 2)
        #expect(noScenes.stdout.isEmpty)

        let malformed = try CLIRunner.run(["import", "--plist", "Fixtures/import-errors/malformed-plist/Info.plist"])
        #expect(malformed.status == 2)
        #expect(
            malformed.stderr.hasPrefix(
                "Fixtures/import-errors/malformed-plist/Info.plist: error: not a property list (XML or binary): "))

        // Broken sources: every problem reported, the rest still imported and written.
        let broken = try CLIRunner.run([
            "import", "--plist", "Fixtures/import-errors/broken-sources/Info.plist", "--sources",
            "Fixtures/import-errors/broken-sources",
        ])
        #expect(broken.status == 2)
        #expect(broken.stdout.contains(#""identifier": "shop.sale""#))
        #expect(broken.stdout.contains(#""format": "SELF BEGINSWITH 'shop.'""#))
        let lines = broken.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.contains(
                "Fixtures/import-errors/broken-sources/Info.plist: UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleHologram: warning: unknown scene session role 'UIWindowSceneSessionRoleHologram': its configurations are not imported"
            ))
        #expect(
            lines.contains(
                "Fixtures/import-errors/broken-sources/Sources/SearchSceneDelegate.swift:6:117: error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)"
            ))
        #expect(lines.contains(String(repeating: " ", count: 116) + "^~~~~~~~~"))
        #expect(
            lines.contains(
                "Fixtures/import-errors/broken-sources/Sources/Unfinished.swift:9:2: error: expected '}' to end enum (what parsed is still imported)"
            ))
        #expect(
            lines.contains(
                "Fixtures/import-errors/broken-sources/Info.plist: 3 declarations; 4 conditions (2 unresolved); 1 emitted identifier (0 templates, 0 dynamic); from 4 Swift files and 0 payload files"
            ))

        let missing = try CLIRunner.run([
            "import", "--plist", "Fixtures/apps/MailApp/Info.plist", "--sources", "no/such/folder",
        ])
        #expect(missing.status == 2)
        #expect(
            missing.stderr.hasPrefix("no/such/folder: error: cannot read the sources (no such file or directory)\n"))
    }

    @Test func usageErrors() throws {
        #expect(try CLIRunner.run(["import"]).status == 64)
        #expect(try CLIRunner.run(["check"]).status == 64)
        #expect(
            try CLIRunner.run(["check", "--manifest", "Fixtures/apps/mail.json", "--app", "Fixtures/apps/MailApp"])
                .status == 64)
        let noPlist = try CLIRunner.run(["check", "--app", "Fixtures/scenarios"])
        #expect(noPlist.status == 64)
        #expect(
            noPlist.stderr.hasPrefix(
                "Error: no Xcode project and no Info.plist (Info.plist or NAME-Info.plist) below Fixtures/scenarios: give --plist FILE --sources DIR"
            ))
        #expect(try CLIRunner.run(["check", "--sources", "Fixtures/apps/MailApp"]).status == 64)
    }

    /// A closed standard output is reported and ends the command with exit 2, not a trap.
    @Test func aClosedStandardOutputIsAnError() throws {
        let result = try CLIRunner.run(
            ["-c", "\"$0\" check --app Fixtures/apps/Harbor >&-", CLIRunner.binary.path],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(!result.signaled)
        #expect(result.status == 2)
        #expect(result.stderr.contains("scene-router: error: cannot write to standard output (bad file descriptor)"))
    }

    /// A payload that is not one is an error at its place: the line and column of a JSON
    /// syntax error, the key of a wrong-typed value.
    @Test func badPayloadsAreLocated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-router-payloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"aps\": \n {\"target-content-id\": \"x\",}}".utf8).write(
            to: folder.appendingPathComponent("comma.apns"))
        try Data(#"{"aps": {"target-content-id": 42}}"#.utf8).write(to: folder.appendingPathComponent("typed.apns"))
        try Data(#"{"aps": {"target-content-id": "ok.1"}}"#.utf8).write(to: folder.appendingPathComponent("ok.apns"))
        let result = try CLIRunner.run([
            "import", "--plist", "Fixtures/apps/MailApp/Info.plist", "--payloads", folder.path,
        ])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("\(folder.path)/comma.apns:2:28: error: expected a key in double quotes, found '}'"))
        #expect(
            result.stderr.contains(
                "\(folder.path)/typed.apns: aps.target-content-id: error: expected a string or null, found a number"))
        #expect(result.stdout.contains(#""identifier": "ok.1""#))

        // The same files found below an app's folder are the developer's test pushes, not
        // the app: each is a warning at its place, and the app is still checked.
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "Fixtures/apps/Atlas/Atlas/Info.plist", toPath: app.appendingPathComponent("Info.plist").path)
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("comma.apns"), to: app.appendingPathComponent("comma.apns"))
        let checked = try CLIRunner.run(["check", "--app", app.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(
            checked.stdout.contains(
                "\(app.path)/comma.apns:2:28: warning: expected a key in double quotes, found '}' (a test payload below the app's folder: not read)"
            ))
    }
}
