import ArgumentParser
import Foundation
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router replay`: a timeline of lifecycle operations and events, each event routed
    /// against the sessions as they stand, and each decision applied.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a timeline of open/close/update operations and events.",
            discussion: """
                After each decision the activated or created session becomes the key window (foregroundActive, \
                newest lastActive); created sessions are named new-1, new-2, …. One decision per event line, and for an \
                open without an id the id it received; a bad \
                line yields an error record in place, the rest is still replayed, and the exit code is 2.
                """
        )

        @OptionGroup var manifest: ManifestOptions

        @Option(help: "The timeline (JSON Lines; '-' for stdin).")
        var timeline: String

        @OptionGroup var explain: ExplainOptions

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if timeline == "-" && manifest.path == "-" {
                throw ValidationError("the manifest and the timeline cannot both come from stdin")
            }
        }

        func run() throws {
            var output = BatchOutput(format: self.output.format, numbering: .line, allCandidates: explain.explainAll)
            let app = try manifest.load(reporter: output.reporter)
            let file = timeline == "-" ? "stdin" : timeline
            let decoder = TimelineDecoder(file: file, app: app, allowsLifecycle: true)
            let router = SlowStepProgress.run("building the dispatch table") {
                ProcessLifetime.keep(SceneRouter(app: app))
            }
            var eventIndex = 0
            try StandardStreams.forEachLine(ofFileAt: timeline, skippingBlank: true, reporter: output.reporter) {
                number, line in
                let place = InputPlace.line(file: file, number: number)
                let entry: TimelineEntry
                do throws(Diagnostic) {
                    entry = try decoder.decode(line, line: number)
                } catch {
                    output.fail(error, recordError: error.locatedMessage, event: nil, line: number)
                    return
                }
                do throws(TimelineReplayer.ReplayError) {
                    if case .open(let session) = entry, session.id.isEmpty {
                        output.opened(try router.open(assigningIDTo: session), line: number)
                        return
                    }
                    guard let decision = try router.apply(entry, explain: explain.enabled) else { return }
                    output.write(decision, event: eventIndex, place: place)
                    // A refused identifier gets an error record, not an event number.
                    if DecisionRecord.refusal(of: decision) == nil { eventIndex += 1 }
                } catch {
                    output.fail(
                        place.diagnostic(error.message), recordError: place.described(error.message), event: nil,
                        line: number)
                }
            }
            try output.finish()
        }
    }
}
