import ArgumentParser
import Foundation
import SceneRouterImport
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router import`: read an app's Info.plist and Swift sources into a manifest.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read an app (its Xcode project, Info.plist and sources) into a manifest.",
            discussion: """
                With --app DIR and an Xcode project below it, the app is read as Xcode builds it: the chosen target's \
                Info.plist merged with the keys Xcode generates, exactly the Swift and Objective-C files it compiles, \
                and #if branches as the platform's build compiles them. Scene configurations come from the Info.plist (UIKit) or from the App's scenes (SwiftUI); \
                activation conditions from assignments to activationConditions and from handlesExternalEvents; \
                emitted identifiers from targetContentIdentifier assignments and APNs payloads. What cannot be read \
                without running the app is recorded as unresolved, with its place. The manifest goes to stdout (or \
                --output), diagnostics and a summary to stderr; exit 2 if any diagnostic is an error (the manifest \
                is still written when scenes were found).
                """
        )

        @OptionGroup(title: "The app") var appSource: AppSourceOptions

        @Option(help: ArgumentHelp("Write the manifest here instead of stdout.", valueName: "file"))
        var output: String?

        @OptionGroup var format: OutputOptions

        func validate() throws {
            if !appSource.isGiven { throw ValidationError("missing --app <dir> (or --plist <file> --sources <path>)") }
        }

        func run() throws {
            let result = try appSource.importApp()
            let reporter = DiagnosticReporter(format.format)
            result.diagnostics.forEach(reporter.report)
            if let app = result.app {
                let manifest = ManifestWriter.text(of: app)
                if let output {
                    do {
                        try Data(manifest.utf8).write(to: URL(fileURLWithPath: output))
                    } catch {
                        reporter.report(
                            Diagnostic(
                                message: "cannot write the manifest: \(error.localizedDescription)", file: output))
                        throw ExitCode(2)
                    }
                } else {
                    StandardStreams.write(String(manifest.dropLast()))
                    StandardStreams.flush()
                }
            }
            let name = appSource.name
            switch format.format {
            case .text:
                StandardStreams.error(Diagnostic.printable("\(name): \(result.readAs)"))
                StandardStreams.error(Diagnostic.printable("\(name): \(result.summary)"))
            case .json:
                StandardStreams.error(
                    JSONLines.line(SummaryRecord(file: name, readAs: result.readAs, summary: "\(result.summary)")))
            }
            if result.hasErrors || result.app == nil { throw ExitCode(2) }
        }
    }
}

/// The import's summary under `--format json`.
private struct SummaryRecord: Encodable {
    var file: String
    var readAs: String
    var summary: String
}
