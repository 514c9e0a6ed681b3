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
                newest lastActive); created sessions are named new-1, new-2, …. One decision per event line; a bad \
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
            let diagnostics = Diagnostics(output.format)
            let app = try manifest.load(diagnostics: diagnostics)
            let file = timeline == "-" ? "stdin" : timeline
            let lines = try StandardStreams.lines(ofFileAt: timeline, diagnostics: diagnostics)
            let decoder = TimelineDecoder(file: file, app: app, allowsLifecycle: true)
            var replayer = TimelineReplayer(app: app)
            var failed = false
            var eventIndex = 0
            for (lineIndex, line) in lines.enumerated() {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                let lineNumber = lineIndex + 1
                do {
                    let entry = try decoder.decode(line, line: lineNumber)
                    if case .event(let event) = entry {
                        let decision = replayer.route(event, explain: explain.enabled)
                        if let refusal = DecisionRecord.refusal(of: decision) {
                            throw InputErrorMessage(file: file, line: lineNumber, message: refusal)
                        }
                        let record = DecisionRecord(event: eventIndex, decision: decision, allCandidates: explain.explainAll)
                        eventIndex += 1
                        switch output.format {
                        case .text: StandardStreams.write(record.text)
                        case .json: StandardStreams.write(JSONLines.line(record))
                        }
                    } else {
                        do {
                            try replayer.apply(entry)
                        } catch {
                            throw InputErrorMessage(file: file, line: lineNumber, message: error.message)
                        }
                    }
                } catch let error as InputError {
                    failed = true
                    diagnostics.report(input: error)
                    write(LineErrorRecord(error: error.locatedMessage, line: lineNumber))
                } catch let error as InputErrorMessage {
                    failed = true
                    diagnostics.error(file: file, line: lineNumber, message: error.message)
                    write(LineErrorRecord(error: "line \(lineNumber): \(error.message)", line: lineNumber))
                }
            }
            StandardStreams.flush()
            if failed { throw ExitCode(2) }
        }

        private func write(_ record: LineErrorRecord) {
            switch output.format {
            case .text: StandardStreams.write("-  error: \(record.error)")
            case .json: StandardStreams.write(JSONLines.line(record))
            }
        }
    }
}

/// A lifecycle operation that could not be applied at a line.
private struct InputErrorMessage: Error {
    var file: String
    var line: Int
    var message: String
}
