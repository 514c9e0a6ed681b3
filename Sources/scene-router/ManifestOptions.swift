import ArgumentParser
import Foundation
import SceneRouting

/// `--manifest FILE`, shared by route, replay, check and compile.
struct ManifestOptions: ParsableArguments {
    @Option(name: .customLong("manifest"), help: "The app's manifest (JSON); '-' reads stdin.")
    var path: String?

    /// The example app `route` falls back to (Fixtures/apps/mail.json), looked up from the
    /// working directory and then upwards from the executable.
    static func exampleAppPath() -> String? {
        let relative = "Fixtures/apps/mail.json"
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

    /// Loads the manifest, printing every error (exit 2) if it is invalid.
    func load(defaultingToExample: Bool) throws -> (app: SceneApp, path: String) {
        var path = self.path
        if path == nil, defaultingToExample {
            guard let example = Self.exampleAppPath() else {
                StandardStreams.error("error: no --manifest given, and the example app Fixtures/apps/mail.json was not found")
                throw ExitCode(2)
            }
            StandardStreams.error("note: no --manifest given; routing against the example app \(example)")
            path = example
        }
        guard let path else { throw ValidationError("--manifest is required") }
        do {
            return (try ManifestLoader.load(contentsOf: path), path)
        } catch {
            StandardStreams.error(error.description)
            throw ExitCode(2)
        }
    }
}
