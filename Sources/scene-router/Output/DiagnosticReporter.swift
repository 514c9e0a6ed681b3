import Foundation
import SceneRouting

/// Writes diagnostics to stderr: rendered for people, or under `--format json` one JSON
/// object per line (``Diagnostic``'s encoding), so a CI job can parse them.
struct DiagnosticReporter {
    let format: OutputOptions.Format

    init(_ format: OutputOptions.Format) { self.format = format }

    func report(_ diagnostic: Diagnostic) {
        switch format {
        case .text: StandardStreams.error(diagnostic.rendered())
        case .json: StandardStreams.error(JSONLines.line(diagnostic))
        }
    }

    /// Reports every diagnostic of a manifest, a diagnostic, or anything else as an error.
    func report(_ error: any Error) {
        switch error {
        case let error as ManifestError: error.errors.forEach(report)
        case let error as Diagnostic: report(error)
        default: report(Diagnostic(message: "\(error)"))
        }
    }
}
