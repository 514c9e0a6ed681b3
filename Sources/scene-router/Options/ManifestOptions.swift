import ArgumentParser
import Foundation
import SceneRouting

/// `--manifest FILE`, required by replay, check and compile.
struct ManifestOptions: ParsableArguments {
    @Option(
        name: .customLong("manifest"),
        help: ArgumentHelp("The app's manifest (JSON); '-' reads stdin.", valueName: "file"))
    var path: String

    /// Loads the manifest, printing every error (exit 2) if it is invalid.
    func load(reporter: DiagnosticReporter) throws -> SceneApp {
        try Self.load(path, reporter: reporter)
    }

    /// From this many sessions on, a manifest read the slow way because of its key order
    /// says so.
    static let largeManifestSessions = 10_000

    static func load(_ path: String, reporter: DiagnosticReporter) throws -> SceneApp {
        do {
            let name = path == "-" ? "stdin" : path
            var sessionsFirst = false
            let app = try SlowStepProgress.run("loading \(name)") { () throws(ManifestError) in
                let loaded = try ManifestLoader.loadNotingOrder(
                    contentsOf: path, minimumSessions: Self.largeManifestSessions)
                sessionsFirst = loaded.sessionsFirst
                return ProcessLifetime.keep(loaded.app)
            }
            if sessionsFirst {
                StandardStreams.error(
                    Diagnostic.printable(
                        "scene-router: note: \(name) lists sessions before framework or declarations, so it was read the careful "
                            + "way, several times slower; put framework and declarations first (as import and bench "
                            + "--write-manifest write manifests) to load it faster"))
            }
            return app
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
        help: ArgumentHelp(
            "The app's manifest (JSON); '-' reads stdin. Required unless --example is given.", valueName: "file"))
    var path: String?

    @Flag(
        help:
            "Route against the example mail app built into scene-router (Fixtures/apps/mail.json) and, without identifiers or --events, its events (Fixtures/apps/mail-events.jsonl)."
    )
    var example = false

    func validate() throws {
        switch (path, example) {
        case (nil, false): throw ValidationError("missing --manifest <file> (or --example for the bundled example app)")
        case (.some, true): throw ValidationError("give --manifest or --example, not both")
        default: break
        }
    }

    /// Loads the given manifest, or the example compiled into the binary.
    func load(reporter: DiagnosticReporter) throws -> SceneApp {
        guard let path else {
            do {
                return try ManifestLoader.load(Data(ExampleApp.manifest.utf8), file: ExampleApp.manifestName)
            } catch {
                reporter.report(error)
                throw ExitCode(2)
            }
        }
        return try ManifestOptions.load(path, reporter: reporter)
    }
}
