import ArgumentParser
import Foundation
import SceneRouterImport
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router check`: validate a manifest and report lint warnings.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a manifest and report lint warnings.",
            discussion: """
                Errors (exit 2) go to stderr. Warnings go to stdout: sessions that no identified event can activate, \
                declarations that can never be chosen, sessions preferring the same literal identifier, AND/OR mixed \
                without parentheses, predicates over UIKit's 100,000-byte limit, and what UIKit's validator refuses \
                (MATCHES) in a UIKit app (with --uikit-strict in any app). Given an app's own files (--app, or --plist with --sources) instead of a \
                manifest, it imports them first and also reports identifiers the code emits that no scene accepts, \
                matching conditions no emitted identifier meets, conditions it could not read, conditions on scenes \
                the Info.plist does not declare, and SwiftUI scenes without handlesExternalEvents; each at its place \
                in the code. It then tells where each emitted identifier that carries its posting window's own \
                values lands, with that window open and closed, and warns when the window does not get its own \
                event. Exit 0, or 1 with --strict when there are warnings.
                """
        )

        @Option(
            name: .customLong("manifest"),
            help: ArgumentHelp("The app's manifest (JSON); '-' reads stdin.", valueName: "file"))
        var manifest: String?

        @OptionGroup(title: "Checking an app's own files instead") var appSource: AppSourceOptions

        @Flag(
            help:
                "Report predicates UIKit's validator would refuse (MATCHES) whatever the app's framework; UIKit apps get these warnings without it."
        )
        var uikitStrict = false

        @Flag(help: "Exit 1 when there are warnings (with --baseline: warnings it does not list).")
        var strict = false

        @Option(help: ArgumentHelp("Accept the warnings this file lists: report only the others.", valueName: "file"))
        var baseline: String?

        @Option(
            help: ArgumentHelp(
                "Write the warnings found to this file, as a baseline that accepts them.", valueName: "file"))
        var writeBaseline: String?

        @Option(
            help:
                "Output format: text (for people), json (JSON Lines), github (workflow annotations), sarif (SARIF 2.1.0)."
        )
        var format: CheckReportFormat = .text

        func validate() throws {
            switch (manifest, appSource.isGiven) {
            case (nil, false):
                throw ValidationError("missing --manifest <file> (or --app <dir>, or --plist <file> --sources <dir>)")
            case (.some, true): throw ValidationError("give --manifest or the app's files, not both")
            default: break
            }
        }

        func run() throws {
            var errors: [Diagnostic] = []
            // In text and JSON, errors go to stderr as they are found; github and sarif put
            // them with the warnings, in the one report CI reads.
            let reporter = DiagnosticReporter(format.streamFormat)
            func reportError(_ diagnostic: Diagnostic) {
                if format == .github || format == .sarif {
                    errors.append(diagnostic)
                } else {
                    reporter.report(diagnostic)
                }
            }
            func fail() throws -> Never {
                finishCIReport(errors: errors, warnings: [])
                throw ExitCode(2)
            }
            var report: CheckReport
            let name: String
            var failed = false
            do {
                if let manifest {
                    name = manifest == "-" ? "stdin" : manifest
                    report = try SlowStepProgress.run("checking \(name)") { () throws(ManifestError) in
                        try ManifestChecker.check(contentsOf: manifest, displayName: name, uikitStrict: uikitStrict)
                    }
                } else {
                    let imported = try appSource.importApp()
                    // Errors first; what the import warns about is reported with the lint warnings.
                    imported.diagnostics.filter { $0.severity == .error }.forEach(reportError)
                    let importWarnings = imported.diagnostics.filter { $0.severity == .warning }
                    failed = imported.hasErrors
                    guard let app = imported.app else { try fail() }
                    name = appSource.name
                    if format == .text {
                        StandardStreams.error(Diagnostic.printable("\(name): \(imported.readAs)"))
                        StandardStreams.error(Diagnostic.printable("\(name): imported \(imported.summary)"))
                    }
                    report = try ManifestChecker.check(app, file: name, uikitStrict: uikitStrict)
                    report.warnings = importWarnings + report.warnings
                }
            } catch let error as ManifestError {
                error.errors.forEach(reportError)
                try fail()
            }
            if let writeBaseline {
                do {
                    try Data(WarningBaseline(accepting: report.warnings).text.utf8).write(
                        to: URL(fileURLWithPath: writeBaseline))
                } catch {
                    reportError(
                        Diagnostic(
                            message: "cannot write the baseline (\(error.localizedDescription))", file: writeBaseline))
                    try fail()
                }
            }
            var accepted = report.accepted
            if appSource.isGiven {
                var acceptances = SourceAcceptances()
                let inCode: Int
                (report.warnings, inCode) = acceptances.partition(report.warnings)
                accepted += inCode
            }
            if let baseline {
                do {
                    let inBaseline: Int
                    (report.warnings, inBaseline) = try WarningBaseline.load(contentsOf: baseline).partition(
                        report.warnings)
                    accepted += inBaseline
                } catch {
                    error.errors.forEach(reportError)
                    try fail()
                }
            }
            let count = report.warnings.count
            let summary =
                Diagnostic.printable(name)
                + ": \(report.app.declarations.count) declaration\(report.app.declarations.count == 1 ? "" : "s"), "
                + "\(report.app.sessions.count) session\(report.app.sessions.count == 1 ? "" : "s"), "
                + "\(count) warning\(count == 1 ? "" : "s")"
                + (accepted == 0 && baseline == nil ? "" : " (and \(accepted) accepted)")
            switch format {
            case .text:
                for warning in report.warnings { StandardStreams.write(warning.rendered()) }
                for line in EmittedRouteRecord.text(report.emittedRoutes) {
                    StandardStreams.write(Diagnostic.printable(line))
                }
                StandardStreams.write(summary)
            case .json:
                for warning in report.warnings { StandardStreams.write(JSONLines.line(warning)) }
                for route in report.emittedRoutes { StandardStreams.write(JSONLines.line(EmittedRouteRecord(route))) }
            case .github:
                finishCIReport(errors: errors, warnings: report.warnings)
                for line in EmittedRouteRecord.text(report.emittedRoutes) {
                    StandardStreams.write(GitHubAnnotations.plain(line))
                }
                StandardStreams.write(GitHubAnnotations.plain(summary))
            case .sarif:
                finishCIReport(errors: errors, warnings: report.warnings)
            }
            StandardStreams.flush()
            if failed { throw ExitCode(2) }
            if strict && !report.warnings.isEmpty { throw ExitCode(1) }
        }

        /// Writes the github or sarif report of everything found (nothing in other formats,
        /// which have written as they went).
        private func finishCIReport(errors: [Diagnostic], warnings: [Diagnostic]) {
            switch format {
            case .github:
                for diagnostic in errors + warnings { StandardStreams.write(GitHubAnnotations.line(diagnostic)) }
            case .sarif:
                StandardStreams.write(SARIFLog(errors + warnings).json)
            case .text, .json:
                return
            }
            StandardStreams.flush()
        }
    }
}
