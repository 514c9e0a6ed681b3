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
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scene-router-safety-\(UUID().uuidString)")
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
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: app.appendingPathComponent("Info.plist"))
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
        try Data(#"{"aps": {"target-content-id": "outside.secret"}}"#.utf8).write(to: root.appendingPathComponent("outside.apns"))
        return (root, app)
    }

    func link(_ name: String, to target: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
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
        let withSources = try CLIRunner.run(["import", "--plist", app.path + "/Info.plist", "--sources", app.path, "--exclude", "*.orig.*"])
        #expect(withSources.status == 0, "\(withSources.stderr)")
    }
}
