import Foundation
import Testing

/// Every kind of bad manifest: exit 2, nothing on stdout, and stderr naming the file and
/// the JSON path (with a caret for predicates and JSON syntax).
@Suite struct ManifestErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var manifest: [UInt8]
        var stderr: String
        var testDescription: String { name }

        init(_ name: String, _ manifest: String, _ stderr: String) {
            self.name = name
            self.manifest = Array(manifest.utf8)
            self.stderr = stderr
        }

        init(_ name: String, bytes: [UInt8], _ stderr: String) {
            self.name = name
            self.manifest = bytes
            self.stderr = stderr
        }
    }

    static let cases: [Case] = [
        Case(
            "malformed JSON", "{\n  \"declarations\": [{\"name\": \"Main\"},]\n}",
            """
            app.json:2:37: error: expected a value, found ']'
              "declarations": [{"name": "Main"},]
                                                ^
            """),
        Case(
            "unknown key",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "stat": "background"}]}"#,
            "app.json:1:86: sessions[0].stat: error: unknown key 'stat' (did you mean 'state'?); expected one of id, declaration, role, state, lastActive, values, canActivate, prefersToActivate, allowing, preferring, accept"
        ),
        Case(
            "unknown declaration",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Mian"}]}"#,
            "app.json:1:63: sessions[0].declaration: error: unknown declaration 'Mian'; declared: 'Main'"),
        Case(
            "duplicate session id",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main"}, {"id": "S", "declaration": "Main"}]}"#,
            "app.json:1:88: sessions[1].id: error: duplicate session id 'S'"),
        Case(
            "both kinds of conditions",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "canActivate": "TRUEPREDICATE", "allowing": ["*"]}]}"#,
            "app.json:1:51: sessions[0]: error: has both UIKit conditions (canActivate/prefersToActivate) and SwiftUI sets (allowing/preferring); use one kind"
        ),
        Case(
            "bad state",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "state": "active"}]}"#,
            "app.json:1:86: sessions[0].state: error: unknown value 'active'; expected one of foregroundActive, foregroundInactive, background, unattached"
        ),
        Case(
            "bad role",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "role": "tv"}]}"#,
            "app.json:1:86: sessions[0].role: error: unknown role 'tv'; expected one of windowApplication, windowExternalDisplayNonInteractive, windowExternalDisplay, immersiveSpaceApplication, carTemplateApplication, carTemplateApplicationInstrumentCluster, windowApplicationVolumetric, carTemplateApplicationDashboard"
        ),
        Case(
            "bad tie-break", #"{"tieBreak": "random", "declarations": [{"name": "Main"}]}"#,
            "app.json:1:2: tieBreak: error: unknown value 'random'; expected one of recency, order"),
        Case(
            "predicate error",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "canActivate": "SELF BEGINWITH 'mail.'"}]}"#,
            """
            app.json:1:86: sessions[0].canActivate: error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
            SELF BEGINWITH 'mail.'
                 ^~~~~~~~~
            """),
        Case(
            "argument count",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "prefersToActivate": {"format": "SELF == %@ OR SELF == %@", "args": ["a"]}}]}"#,
            """
            app.json:1:86: sessions[0].prefersToActivate: error: %@ has no argument (1 given): pass one with --arg or in the manifest's "args"
            SELF == %@ OR SELF == %@
                                  ^~
            """),
        Case(
            "no declarations", #"{"declarations": []}"#,
            "app.json:1:2: declarations: error: empty: an app needs at least one scene declaration"),
        Case(
            "missing declarations", #"{"sessions": []}"#,
            "app.json: declarations: error: missing: an app needs at least one scene declaration"),
        Case(
            "fractional lastActive",
            #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "S", "declaration": "Main", "lastActive": 1.5}]}"#,
            "app.json:1:86: sessions[0].lastActive: error: expected an integer, found a number"),
        Case(
            "several problems at once",
            #"{"framework": "appkit", "declarations": [{"name": "Main"}, {"name": "Main"}]}"#,
            """
            app.json:1:2: framework: error: unknown value 'appkit'; expected one of uikit, swiftui
            app.json:1:61: declarations[1].name: error: duplicate declaration name 'Main'
            """),
        Case(
            "invalid UTF-8", bytes: Array(#"{"declarations": [{"name": "M"#.utf8) + [0xFF] + Array(#""}]}"#.utf8),
            """
            app.json:1:30: error: invalid UTF-8
            {"declarations": [{"name": "M\u{FFFD}"}]}
                                         ^
            """),
    ]

    @Test(arguments: cases)
    func badManifestExitsTwoNamingThePlace(_ testCase: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(testCase.manifest).write(to: directory.appendingPathComponent("app.json"))
        for command in [["route", "x"], ["check"]] {
            let result = try CLIRunner.run(
                [command[0], "--manifest", "app.json"] + command.dropFirst(), stdin: Data(), in: directory)
            #expect(result.status == 2, "\(command[0])")
            #expect(result.stdout.isEmpty, "\(command[0])")
            #expect(result.stderr == testCase.stderr + "\n", "\(command[0])")
        }
    }

    /// Thousands of errors on one long line are each located, in one pass over the file.
    @Test func manyErrorsOnOneLineAreLocated() throws {
        let sessions = (0..<20_000).map { #"{"id": "s\#($0)", "declaration": "Nope"}"# }.joined(separator: ", ")
        let manifest = #"{"declarations": [{"name": "Main"}], "sessions": ["# + sessions + "]}"
        let result = try CLIRunner.run(["check", "--manifest", "-"], stdin: Data(manifest.utf8))
        #expect(!result.timedOut && result.status == 2)
        // A loaded machine may take over a second here, and then says so on a line of its own.
        let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("scene-router: ") }
        #expect(lines.count == 20_000)
        #expect(
            lines.first == "stdin:1:64: sessions[0].declaration: error: unknown declaration 'Nope'; declared: 'Main'")
        #expect(lines.allSatisfy { $0.hasPrefix("stdin:1:") })
    }

    /// A large manifest read the slow way only because of its key order says how to fix it.
    @Test func sessionsBeforeDeclarationsAreNoted() throws {
        let sessions = (0..<10_000).map { #"{"id": "s\#($0)", "declaration": "Main"}"# }.joined(separator: ",\n")
        let late = #"{"sessions": ["# + sessions + #"], "declarations": [{"name": "Main"}]}"#
        let early = #"{"declarations": [{"name": "Main"}], "sessions": ["# + sessions + "]}"
        let noted = try CLIRunner.run(["route", "--manifest", "-", "x"], stdin: Data(late.utf8))
        #expect(noted.status == 0)
        #expect(noted.stderr.contains("note: stdin lists sessions before framework or declarations"), "\(noted.stderr)")
        let quiet = try CLIRunner.run(["route", "--manifest", "-", "x"], stdin: Data(early.utf8))
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        #expect(quiet.stdout == noted.stdout)
    }

    @Test func missingFile() throws {
        let result = try CLIRunner.run(["route", "--manifest", "/nonexistent/app.json", "x"])
        #expect(result.status == 2)
        #expect(result.stderr == "/nonexistent/app.json: error: cannot read the file (no such file)\n")
    }
}
