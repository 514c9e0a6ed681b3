import ArgumentParser
import Foundation
import SceneRouting

/// `--manifest FILE`, required by replay, check and compile.
struct ManifestOptions: ParsableArguments {
    @Option(name: .customLong("manifest"), help: ArgumentHelp("The app's manifest (JSON); '-' reads stdin.", valueName: "file"))
    var path: String

    /// Loads the manifest, printing every error (exit 2) if it is invalid.
    func load(reporter: DiagnosticReporter) throws -> SceneApp {
        try Self.load(path, reporter: reporter)
    }

    static func load(_ path: String, reporter: DiagnosticReporter) throws -> SceneApp {
        do {
            let name = path == "-" ? "stdin" : path
            return try SlowStepProgress.run("loading \(name)") { () throws(ManifestError) in
                ProcessLifetime.keep(try ManifestLoader.load(contentsOf: path))
            }
        } catch {
            reporter.report(error)
            throw ExitCode(2)
        }
    }
}

/// `route`'s choice of app: `--manifest FILE`, or `--example` for the bundled mail app.
/// One of the two is required, so a script that forgets the manifest fails with a usage
/// error instead of routing against an app it did not mean.
struct RouteManifestOptions: ParsableArguments {
    @Option(
        name: .customLong("manifest"),
        help: ArgumentHelp("The app's manifest (JSON); '-' reads stdin. Required unless --example is given.", valueName: "file"))
    var path: String?

    @Flag(help: "Route against the example mail app (Fixtures/apps/mail.json) and, without identifiers or --events, its events (Fixtures/apps/mail-events.jsonl).")
    var example = false

    func validate() throws {
        switch (path, example) {
        case (nil, false): throw ValidationError("missing --manifest <file> (or --example for the bundled example app)")
        case (.some, true): throw ValidationError("give --manifest or --example, not both")
        default: break
        }
    }

    /// The manifest's path: the given one, or the example's.
    func resolvedPath() throws -> String {
        if let path { return path }
        guard let example = Self.examplePath("mail.json") else {
            throw ValidationError("the example app Fixtures/apps/mail.json was not found; run from a clone of SceneRouter or give --manifest")
        }
        return example
    }

    /// A file of the example app (Fixtures/apps), looked up from the working directory and
    /// then upwards from the executable, so `swift run` and a built binary both find it.
    static func examplePath(_ name: String) -> String? {
        let relative = "Fixtures/apps/" + name
        var directories = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var directory = executable.deletingLastPathComponent()
            for _ in 0..<5 {
                directories.append(directory)
                directory = directory.deletingLastPathComponent()
            }
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }
}
