import Foundation
import Testing

@Suite struct CheckCommandTests {
    static let lintManifest = #"""
        {
          "declarations": [
            { "name": "Main" },
            { "name": "Docs", "matching": ["doc"] },
            { "name": "DocsAgain", "matching": ["doc/", "DOCUMENT"] },
            { "name": "Never", "matching": "FALSEPREDICATE" },
            { "name": "Second" }
          ],
          "sessions": [
            { "id": "A", "declaration": "Main", "prefersToActivate": { "format": "SELF == %@", "args": ["doc/1"] } },
            { "id": "B", "declaration": "Main", "prefersToActivate": "SELF IN {'doc/2', 'doc/1'}" },
            { "id": "C", "declaration": "Main", "canActivate": "FALSEPREDICATE" },
            { "id": "D", "declaration": "Main", "canActivate": "SELF == 'a' OR SELF == 'b' AND SELF == 'c'",
              "prefersToActivate": "SELF MATCHES 'x.*'" },
            { "id": "TV", "declaration": "Main", "role": "windowExternalDisplayNonInteractive", "canActivate": "FALSEPREDICATE" }
          ]
        }
        """#

    private func run(_ extra: [String]) throws -> CLIResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.lintManifest.utf8).write(to: directory.appendingPathComponent("app.json"))
        return try CLIRunner.run(["check", "--manifest", "app.json"] + extra, stdin: Data(), in: directory)
    }

    @Test func reportsEveryLint() throws {
        let result = try run([])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                app.json: declarations[2].matching: warning: declaration 'DocsAgain' can never be chosen: every identifier it matches is matched first by declarations[1] ('Docs')
                app.json: declarations[3].matching: warning: declaration 'Never' can never be chosen: its matching condition never matches
                app.json: declarations[4]: warning: declaration 'Second' can never be chosen: declarations[0] ('Main') is already the default (the first without matching)
                app.json: sessions[2]: warning: session 'C' can never be activated by an event with an identifier: canActivate and prefersToActivate are both always false
                app.json: sessions[1].prefersToActivate: warning: session 'B' prefers 'doc/1', which sessions[0] ('A') also prefers; the tie-break decides
                app.json: sessions[3].canActivate: warning: AND and OR are mixed without parentheses; Apple documents no precedence between them (SceneRouter reads AND first): add parentheses
                SELF == 'a' OR SELF == 'b' AND SELF == 'c'
                            ^~
                app.json: sessions[3].prefersToActivate: warning: UIKit's activation-condition validator refuses MATCHES; use LIKE, BEGINSWITH, ENDSWITH or CONTAINS
                SELF MATCHES 'x.*'
                     ^~~~~~~
                app.json: 5 declarations, 5 sessions, 7 warnings

                """)
        #expect(result.stderr.isEmpty)
    }

    /// A UIKit app is told about MATCHES without asking; another app with --uikit-strict.
    @Test func uikitRefusedPredicatesWarnInUIKitApps() throws {
        let swiftUI =
            #"{"framework": "swiftui", "declarations": [{"name": "A"}], "sessions": [{"id": "s", "declaration": "A", "canActivate": "SELF MATCHES 'a.*'"}]}"#
        let plain = try CLIRunner.run(["check", "--manifest", "-"], stdin: Data(swiftUI.utf8))
        #expect(!plain.stdout.contains("uikit") && plain.stdout.hasSuffix("0 warnings\n"), "\(plain.stdout)")
        let strict = try CLIRunner.run(["check", "--manifest", "-", "--uikit-strict"], stdin: Data(swiftUI.utf8))
        #expect(strict.stdout.contains("refuses MATCHES"))
        let uikit = swiftUI.replacingOccurrences(of: "swiftui", with: "uikit")
        #expect(
            try CLIRunner.run(["check", "--manifest", "-"], stdin: Data(uikit.utf8)).stdout.contains("refuses MATCHES"))
    }

    @Test func uikitStrictAndStrict() throws {
        let result = try run(["--uikit-strict", "--strict", "--format", "json"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(
            lines.last
                == #"{"code":"uikit-refuses","column":null,"file":"app.json","line":null,"message":"UIKit's activation-condition validator refuses MATCHES; use LIKE, BEGINSWITH, ENDSWITH or CONTAINS","offset":5,"path":"sessions[3].prefersToActivate","predicate":"SELF MATCHES 'x.*'","severity":"warning"}"#
        )
    }

    /// A CI job accepts the warnings it means with a baseline: `--strict` then fails only on a
    /// warning the baseline does not list, and a bad baseline is an error at its place.
    @Test func aBaselineAcceptsTheWarningsItLists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("baseline.json").path
        let written = try CLIRunner.run(["check", "--app", "Fixtures/apps/Atlas", "--write-baseline", file])
        #expect(written.status == 0, "\(written.stderr)")
        let accepted = try CLIRunner.run(["check", "--app", "Fixtures/apps/Atlas", "--baseline", file, "--strict"])
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(
            accepted.stdout.hasSuffix("Fixtures/apps/Atlas: 3 declarations, 0 sessions, 0 warnings (and 2 accepted)\n"))
        #expect(!accepted.stdout.contains("warning:"))

        // One entry fewer: that warning is new again, and --strict fails on it alone.
        var text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let entry = try #require(lines.firstIndex { $0.contains("emitted-to-other-window") })
        text = lines.enumerated().filter { $0.offset != entry }.map(\.element).joined(separator: "\n")
            .replacingOccurrences(of: "\"},\n  ]", with: "\"}\n  ]")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let new = try CLIRunner.run(["check", "--app", "Fixtures/apps/Atlas", "--baseline", file, "--strict"])
        #expect(new.status == 1, "\(new.stderr)")
        #expect(new.stdout.contains("warning: identifier template"))
        #expect(new.stdout.contains("1 warning (and 1 accepted)"))

        try Data(#"{"version": 2, "warnings": [{"code": "x"}]}"#.utf8).write(to: URL(fileURLWithPath: file))
        let bad = try CLIRunner.run(["check", "--app", "Fixtures/apps/Atlas", "--baseline", file])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(file): version: error:"))
        #expect(bad.stderr.contains("\(file): warnings[0]: error: a warning needs \"code\" and \"message\""))
    }

    /// A warning is accepted in the app's code by a comment on its line or the line before.
    @Test func warningsAcceptedInTheCode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("accept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: "Fixtures/apps/Atlas", toPath: folder.path)
        let settings = folder.appendingPathComponent("Atlas/SettingsSceneDelegate.swift")
        var text = try String(contentsOf: settings, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "        content.targetContentIdentifier =",
            with:
                "        // scene-router:accept:next emitted-to-other-window (Settings is reached from the map)\n        content.targetContentIdentifier ="
        )
        try Data(text.utf8).write(to: settings)
        let place = folder.appendingPathComponent("Atlas/PlaceSceneDelegate.swift")
        text = try String(contentsOf: place, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(\n",
            with:
                "prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(  // scene-router:accept window-values, never-activated\n"
        )
        try Data(text.utf8).write(to: place)
        let checked = try CLIRunner.run(["check", "--app", folder.path, "--strict"])
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout.hasSuffix("0 warnings (and 2 accepted)\n"))
    }

    /// A manifest accepts a warning on the declaration or session it is about.
    @Test func warningsAcceptedInTheManifest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "accept-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("app.json")
        let settings =
            #"{"id": "settings-1", "declaration": "Settings", "canActivate": "FALSEPREDICATE", "prefersToActivate": "FALSEPREDICATE""#
        let text =
            #"{"declarations": [{"name": "Main"}, {"name": "Settings", "accept": ["shadowed-declaration"]}], "sessions": [{"id": "main-1", "declaration": "Main"}, "#
            + settings + "ACCEPT}]}"
        try Data(text.replacingOccurrences(of: "ACCEPT", with: "").utf8).write(to: manifest)
        let warned = try CLIRunner.run(["check", "--manifest", manifest.path, "--strict"])
        #expect(warned.status == 1)
        #expect(warned.stdout.contains("sessions[1]: warning:"))
        #expect(warned.stdout.hasSuffix("1 warning (and 1 accepted)\n"))
        try Data(text.replacingOccurrences(of: "ACCEPT", with: #", "accept": ["never-activated"]"#).utf8).write(
            to: manifest)
        let accepted = try CLIRunner.run(["check", "--manifest", manifest.path, "--strict"])
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(accepted.stdout.hasSuffix("2 declarations, 2 sessions, 0 warnings (and 2 accepted)\n"))
        try Data(text.replacingOccurrences(of: "ACCEPT", with: #", "accept": "never-activated""#).utf8).write(
            to: manifest)
        let bad = try CLIRunner.run(["check", "--manifest", manifest.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("sessions[1].accept: error: expected an array of strings"))
    }

    /// A SwiftUI scene whose declaration states no handlesExternalEvents: `check` and
    /// `route` agree on whether its open window takes `chat/alice`, with and without an open
    /// session that states a set (SwiftUI: the window's view states
    /// `handlesExternalEvents(preferring:allowing:)`, else it takes no event).
    @Test func lintAndRoutingAgreeOnSwiftUIWindowsWithoutHandlesExternalEvents() throws {
        func manifest(session conditions: String) -> String {
            """
            {"framework": "swiftui", "declarations": [{"name": "Main"}, {"name": "Conversation"}],
             "sessions": [{"id": "main-1", "declaration": "Main", "allowing": ["main"]},
                          {"id": "conv-1", "declaration": "Conversation", "state": "foregroundActive"\(conditions)}]}
            """
        }
        for (conditions, takesIt) in [(#", "allowing": ["chat/"]"#, true), ("", false)] {
            let app = Data(manifest(session: conditions).utf8)
            let route = try CLIRunner.run(["route", "--manifest", "-", "chat/alice"], stdin: app)
            #expect(route.status == 0)
            #expect(route.stdout.contains("activate conv-1") == takesIt, "\(route.stdout)")
            #expect(route.stdout.contains("create ") == !takesIt)
            let check = try CLIRunner.run(["check", "--manifest", "-"], stdin: app)
            #expect(check.status == 0)
            let warned = check.stdout.contains("scene 'Conversation' states no handlesExternalEvents")
            #expect(warned == !takesIt, "\(check.stdout)")
            // The scene that states nothing at all, Main aside (its session states a set), is warned about only then.
            #expect(!check.stdout.contains("scene 'Main' states no"))
        }
    }

    @Test func cleanManifestPasses() throws {
        let result = try CLIRunner.run(["check", "--manifest", "Fixtures/apps/mail.json", "--strict"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("mail.json: 3 declarations, 5 sessions, 0 warnings\n"))
    }

    @Test func oversizedPredicate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = (0..<12_000).map { "window-\($0)" }
        let size = "SELF IN %@".utf8.count + names.reduce(0) { $0 + $1.utf8.count }
        let ids = names.map { "\"\($0)\"" }.joined(separator: ",")
        let manifest =
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "prefersToActivate": {"format": "SELF IN %@", "args": [["#
            + ids + "]]}}]}"
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("app.json"))
        let result = try CLIRunner.run(["check", "--manifest", "app.json", "--strict"], stdin: Data(), in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "sessions[0].prefersToActivate: warning: the predicate and its arguments take \(size) bytes; UIKit ignores activation predicates over 100000 bytes"
            ))
        #expect(size > 100_000)
    }
}
