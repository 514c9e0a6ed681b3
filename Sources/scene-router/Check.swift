import ArgumentParser
import Foundation
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router check`: validate a manifest and report lint warnings.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a manifest and report lint warnings.",
            discussion: """
                Errors (exit 2) go to stderr. Warnings go to stdout: sessions that no identified event can activate, \
                declarations that can never be chosen, sessions preferring the same literal identifier, AND/OR mixed \
                without parentheses, predicates over UIKit's 100,000-byte limit, and with --uikit-strict what UIKit's \
                validator refuses (MATCHES). Exit 0, or 1 with --strict when there are warnings.
                """
        )

        @OptionGroup var manifest: ManifestOptions

        @Flag(help: "Also report predicates UIKit's validator would refuse (MATCHES).")
        var uikitStrict = false

        @Flag(help: "Exit 1 when there are warnings.")
        var strict = false

        @OptionGroup var output: OutputOptions

        func run() throws {
            let path = manifest.path
            let report: CheckReport
            do {
                report = try ManifestChecker.check(contentsOf: path, uikitStrict: uikitStrict)
            } catch {
                DiagnosticReporter(output.format).report(error)
                throw ExitCode(2)
            }
            switch output.format {
            case .text:
                for warning in report.warnings { StandardStreams.write(warning.rendered()) }
                let count = report.warnings.count
                StandardStreams.write(
                    "\(path): \(report.app.declarations.count) declaration\(report.app.declarations.count == 1 ? "" : "s"), "
                        + "\(report.app.sessions.count) session\(report.app.sessions.count == 1 ? "" : "s"), "
                        + "\(count) warning\(count == 1 ? "" : "s")")
            case .json:
                for warning in report.warnings { StandardStreams.write(JSONLines.line(warning)) }
            }
            StandardStreams.flush()
            if strict && !report.warnings.isEmpty { throw ExitCode(1) }
        }
    }
}
