import ArgumentParser
import Foundation
import SceneRouterImport
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router import`: read an app's Info.plist and Swift sources into a manifest.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read an app's Info.plist and Swift sources into a manifest.",
            discussion: """
                Scene configurations come from the Info.plist (UIKit) or from the App's scenes (SwiftUI); \
                activation conditions from assignments to activationConditions and from handlesExternalEvents; \
                emitted identifiers from targetContentIdentifier assignments and APNs payloads. What cannot be read \
                without running the app is recorded as unresolved, with its place. The manifest goes to stdout (or \
                --output), diagnostics and a summary to stderr; exit 2 if any diagnostic is an error (the manifest \
                is still written when scenes were found).
                """
        )

        @Option(help: ArgumentHelp("The app's Info.plist (XML or binary).", valueName: "file"))
        var plist: String

        @Option(help: ArgumentHelp("Swift files or folders of them (repeatable).", valueName: "path"))
        var sources: [String] = []

        @Option(help: ArgumentHelp("APNs payload files (.json, .apns) or folders of them (repeatable).", valueName: "path"))
        var payloads: [String] = []

        @Option(help: ArgumentHelp("Write the manifest here instead of stdout.", valueName: "file"))
        var output: String?

        @OptionGroup var format: OutputOptions

        func run() throws {
            let result = AppImport(plist: plist, sources: sources, payloads: payloads)
            let reporter = DiagnosticReporter(format.format)
            result.diagnostics.forEach(reporter.report)
            if let app = result.app {
                let manifest = ManifestWriter.text(of: app)
                if let output {
                    do {
                        try Data(manifest.utf8).write(to: URL(fileURLWithPath: output))
                    } catch {
                        reporter.report(Diagnostic(message: "cannot write the manifest: \(error.localizedDescription)", file: output))
                        throw ExitCode(2)
                    }
                } else {
                    StandardStreams.write(String(manifest.dropLast()))
                    StandardStreams.flush()
                }
            }
            switch format.format {
            case .text: StandardStreams.error("\(plist): \(result.summary)")
            case .json: StandardStreams.error(JSONLines.line(SummaryRecord(file: plist, summary: "\(result.summary)")))
            }
            if result.hasErrors || result.app == nil { throw ExitCode(2) }
        }
    }
}

/// The import's summary under `--format json`.
private struct SummaryRecord: Encodable {
    var file: String
    var summary: String
}
