import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `check --app .` runs on strangers' pull requests: only regular files inside the folder
/// are read. Each hostile entry is skipped with a warning that names it, nothing of what it
/// points at reaches any output, and nothing hangs (the runner's deadline is a hang guard,
/// not a speed assertion).
@Suite struct AppFolderSafetyTests {
    /// A UIKit app with one readable scene delegate, in a new folder with a sibling file
    /// outside it.
    static func makeApp() throws -> (root: URL, app: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-router-safety-\(UUID().uuidString)")
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let plist: [String: Any] = [
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        ["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "App.MainSceneDelegate"]
                    ]
                ],
            ]
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(
            to: app.appendingPathComponent("Info.plist"))
        try Data(
            """
            final class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene) {
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'app.'")
                }
            }
            """.utf8
        ).write(to: app.appendingPathComponent("MainSceneDelegate.swift"))
        // A payload beside the folder, whose identifier must not be imported.
        try Data(#"{"aps": {"target-content-id": "outside.secret"}}"#.utf8).write(
            to: root.appendingPathComponent("outside.apns"))
        return (root, app)
    }

    func link(_ name: String, to target: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }

    @Test func hostileEntriesAreSkippedWithAWarning() throws {
        let (root, app) = try Self.makeApp()
        defer { try? FileManager.default.removeItem(at: root) }
        try link("P.swift", to: "/etc/passwd", in: app)
        try link("Z.swift", to: "/dev/zero", in: app)
        try link("Out.apns", to: "../outside.apns", in: app)
        try link("Git", to: root.path, in: app)
        // Standard output is a pipe here, as in any CI: reading it would wait for ever.
        try link("O.swift", to: "/dev/stdout", in: app)
        #expect(mkfifo(app.appendingPathComponent("F.swift").path, 0o644) == 0)
        // A file larger than any source file: sparse, so it costs no disk.
        let large = app.appendingPathComponent("Huge.swift")
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()

        for format in ["text", "json"] {
            let result = try CLIRunner.run(["check", "--app", app.path, "--format", format], deadline: 60)
            #expect(!result.timedOut && !result.signaled)
            #expect(result.status == 0, "\(result.stderr)")
            let output = result.stdout + result.stderr
            for name in ["P.swift", "Z.swift", "Out.apns", "F.swift", "Huge.swift", "O.swift"] {
                #expect(output.contains("\(name)"), "no warning names \(name)")
            }
            #expect(output.contains("a symbolic link that leaves the folder: not read"))
            #expect(output.contains("not a regular file (a FIFO): not read"))
            #expect(output.contains("larger than 16 MiB"))
            // Nothing of what the links point at: no passwd line, no outside identifier.
            #expect(!output.contains("root:") && !output.contains("outside.secret"))
        }
        // The import keeps what is readable.
        let imported = try CLIRunner.run(["import", "--app", app.path], deadline: 60)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("SELF BEGINSWITH 'app.'"))
        #expect(!imported.stdout.contains("outside.secret"))
    }

    /// Names from the repository reach text output escaped: no terminal escape, no line that
    /// a CI log reads as a command.
    @Test func namesAreEscapedInTextOutput() throws {
        let (root, app) = try Self.makeApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = app.appendingPathComponent("::error file=Info.plist::forged")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("let = \"\u{1B}[31m\"\n".utf8).write(to: folder.appendingPathComponent("Red\u{1B}[31m.swift"))
        let result = try CLIRunner.run(["check", "--app", "."], in: app)
        #expect(result.status == 2)
        let output = result.stdout + result.stderr
        #expect(!output.unicodeScalars.contains("\u{1B}"))
        #expect(output.contains(#"Red\u{1B}[31m.swift"#))
        #expect(!output.split(separator: "\n").contains { $0.hasPrefix("::") })
        #expect(output.contains("./::error file=Info.plist::forged/Red"))
    }

    /// Bytes that are not what they claim are placed: invalid UTF-8 in a source at its line
    /// and column (by the byte, never the text), a truncated binary Info.plist by what is
    /// missing, rather than Foundation's report on the XML it tried next.
    @Test func corruptFilesArePlaced() throws {
        let (root, app) = try Self.makeApp()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(Array("let a = 1\nlet b = \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8)).write(
            to: app.appendingPathComponent("Bad.swift"))
        let result = try CLIRunner.run(["check", "--app", app.path], deadline: 60)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("Bad.swift:2:10: error: not valid UTF-8 (byte 0xFF): the source file is not read"),
            "\(result.stderr)")

        let plist = app.appendingPathComponent("Info.plist")
        let binary = try PropertyListSerialization.data(
            fromPropertyList: try PropertyListSerialization.propertyList(from: Data(contentsOf: plist), format: nil),
            format: .binary, options: 0)
        try binary.prefix(binary.count - 5).write(to: plist)
        let truncated = try CLIRunner.run(["import", "--app", app.path], deadline: 60)
        #expect(truncated.status == 2)
        #expect(truncated.stderr.contains("Info.plist: error: a binary property list whose"), "\(truncated.stderr)")
        #expect(!truncated.stderr.contains("Unexpected character"))
    }

    @Test func namedFilesThatAreNotRegularAreRefusedWithoutWaiting() throws {
        let (root, app) = try Self.makeApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = app.appendingPathComponent("Info-FIFO.plist").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try CLIRunner.run(["import", "--plist", fifo, "--sources", app.path], deadline: 60)
        #expect(!result.timedOut)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read the file (a FIFO, not a regular file)"))
    }

    @Test func excludedFilesAreLeftOut() throws {
        let (root, app) = try Self.makeApp()
        defer { try? FileManager.default.removeItem(at: root) }
        // A merge backup with conflict markers.
        try Data("<<<<<<< HEAD\nlet a = 1\n=======\nlet a = 2\n>>>>>>> branch\n".utf8)
            .write(to: app.appendingPathComponent("MainSceneDelegate.orig.swift"))
        let plain = try CLIRunner.run(["check", "--app", app.path])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("MainSceneDelegate.orig.swift:1:1: error:"))
        let excluded = try CLIRunner.run(["check", "--app", app.path, "--exclude", "*.orig.swift"])
        #expect(excluded.status == 0, "\(excluded.stderr)")
        let withSources = try CLIRunner.run([
            "import", "--plist", app.path + "/Info.plist", "--sources", app.path, "--exclude", "*.orig.*",
        ])
        #expect(withSources.status == 0, "\(withSources.stderr)")
    }
}

/// Swift files written to be deep: each kind of nesting ends in an error at its place,
/// never a signal or a hang (the deadline is a hang guard, not a speed assertion), and a
/// file full of syntax errors is reported by its first errors without computing the rest.
@Suite struct DeepSwiftSourceTests {
    static let cases: [(name: String, text: String, expected: String)] = [
        (
            "brackets", "let x = " + String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40),
            "1:25: error: '[' nested more than 16 deep"
        ),
        (
            "string-in-interpolation", "let s = \"\\(n\"" + String(repeating: "[", count: 40) + "\")\"",
            "1:30: error: '[' nested more than 16 deep (in a string inside an interpolation)"
        ),
        (
            "generics",
            "let a: " + String(repeating: "Array<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000)
                + " = []",
            "1:397: error: generic arguments nested more than 64 deep"
        ),
        (
            "conditions",
            String(repeating: "#if A\n", count: 8_000) + "let x = 1\n" + String(repeating: "#endif\n", count: 8_000),
            "65:1: error: #if nested more than 64 deep"
        ),
        (
            "effects", "let x = " + String(repeating: "try ", count: 10_000) + "f()",
            "1:265: error: more than 64 'try' and 'await' in a row"
        ),
        (
            "members", "let x = a" + String(repeating: ".b", count: 50_000),
            "1:2010: error: a chain of more than 1000 members, calls and subscripts"
        ),
        (
            "subscripts", "let x = a" + String(repeating: "[0]", count: 50_000),
            "1:3010: error: a chain of more than 1000 members, calls and subscripts"
        ),
        (
            "interpolations",
            "let s = " + String(repeating: #""\("#, count: 8_000) + "1" + String(repeating: #")""#, count: 8_000),
            "1:779: error: brackets and string interpolations nested more than 256 deep"
        ),
        (
            "closures",
            "let x = " + String(repeating: "{ ", count: 5_000) + "1" + String(repeating: " }", count: 5_000),
            "1:521: error: brackets and string interpolations nested more than 256 deep"
        ),
        ("attributes", String(repeating: "@\n", count: 80_000), "1:2: error: expected name in attribute"),
    ]

    @Test(arguments: cases.map(\.name))
    func deepSourceIsALocatedError(_ name: String) throws {
        let entry = Self.cases.first { $0.name == name }!
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-router-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(name).swift")
        try Data(entry.text.utf8).write(to: file)
        let result = try CLIRunner.run(
            ["import", "--plist", "Fixtures/apps/MailApp/Info.plist", "--sources", file.path], deadline: 60)
        #expect(!result.timedOut && !result.signaled)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file.path):\(entry.expected)"), "\(result.stderr.prefix(600))")
        // Five errors at most, never one per line of the file.
        #expect(result.stderr.components(separatedBy: ": error: ").count - 1 <= 5)
    }

    /// Real code is far from every limit: the fixture apps' sources pass the scan.
    @Test func realCodeIsWithinTheLimits() throws {
        let apps = CLIRunner.packageRoot.appendingPathComponent("Fixtures/apps")
        let enumerator = try #require(FileManager.default.enumerator(at: apps, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let result = try CLIRunner.run([
                "import", "--plist", "Fixtures/apps/MailApp/Info.plist", "--sources", url.path,
            ])
            #expect(!result.stderr.contains("deeper than any app's code"), "\(url.path)")
            checked += 1
            if checked == 12 { break }
        }
        #expect(checked == 12)
    }
}
