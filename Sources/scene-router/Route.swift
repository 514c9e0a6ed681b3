import ArgumentParser
import Foundation
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router route`: which session each event activates, or what gets created.
    struct Route: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Route identifiers or events against an app's scene sessions.",
            discussion: """
                Identifiers come from the arguments, from --events (JSON Lines of events, '-' for stdin), or else
                from stdin, one per line. Without --manifest the example app in Fixtures/apps/mail.json is used.
                A bad event line yields an error record in place; the rest are still routed and the exit code is 2.
                """
        )

        @OptionGroup var manifest: ManifestOptions

        @Argument(help: "Target content identifiers to route.")
        var identifiers: [String] = []

        @Option(help: "A JSON Lines file of events ('-' for stdin).")
        var events: String?

        @Flag(help: "Show the best candidates and how many sessions were considered.")
        var explain = false

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if events != nil && !identifiers.isEmpty {
                throw ValidationError("give identifiers as arguments or --events, not both")
            }
            if events == "-" && manifest.path == "-" {
                throw ValidationError("the manifest and the events cannot both come from stdin")
            }
        }

        func run() throws {
            let (app, _) = try manifest.load(defaultingToExample: true)
            let router = SceneRouter(app: app)
            var failed = false
            if !identifiers.isEmpty {
                for (index, identifier) in identifiers.enumerated() {
                    failed = !emit(route(.identifier(identifier), router), event: index, line: nil, file: nil) || failed
                }
            } else if let events {
                failed = try routeEvents(from: events, app: app, router: router)
            } else {
                let lines = try readLines(nil)
                for (index, line) in lines.enumerated() {
                    switch StandardStreams.decode(line) {
                    case .success(let identifier):
                        failed = !emit(route(.identifier(identifier), router), event: index, line: index + 1, file: "stdin") || failed
                    case .failure(let invalid):
                        failed = true
                        report(LineErrorRecord(event: index, error: "line \(index + 1): \(invalid.description)"), file: "stdin")
                    }
                }
            }
            StandardStreams.flush()
            if failed { throw ExitCode(2) }
        }

        private func route(_ event: ExternalEvent, _ router: SceneRouter) -> RoutingDecision {
            router.route(event, explain: explain)
        }

        private func routeEvents(from path: String, app: SceneApp, router: SceneRouter) throws -> Bool {
            let decoder = TimelineDecoder(file: path == "-" ? "stdin" : path, app: app, allowsLifecycle: false)
            var failed = false
            var eventIndex = 0
            for (lineIndex, line) in try readLines(path).enumerated() {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                defer { eventIndex += 1 }
                do {
                    guard case .event(let event) = try decoder.decode(line, line: lineIndex + 1) else { continue }
                    failed = !emit(route(event, router), event: eventIndex, line: lineIndex + 1, file: decoder.file) || failed
                } catch {
                    failed = true
                    StandardStreams.error(error.rendered())
                    report(LineErrorRecord(event: eventIndex, error: error.locatedMessage), file: nil)
                }
            }
            return failed
        }

        private func readLines(_ path: String?) throws -> [ArraySlice<UInt8>] {
            try StandardStreams.lines(ofFileAt: path)
        }

        /// Writes the decision, or an error record in its place when the identifier was refused
        /// (too long); returns false for a refusal.
        private func emit(_ decision: RoutingDecision, event: Int, line: Int?, file: String?) -> Bool {
            if let refusal = DecisionRecord.refusal(of: decision) {
                let located = line.map { "line \($0): \(refusal)" } ?? "argument \(event + 1): \(refusal)"
                if let file, let line, file != "stdin" {
                    // An events file's lines are reported as `FILE:LINE: error: …`, as its other errors.
                    StandardStreams.error("\(file):\(line): error: \(refusal)")
                    report(LineErrorRecord(event: event, error: located), file: nil)
                } else {
                    report(LineErrorRecord(event: event, error: located), file: file ?? "scene-router")
                }
                return false
            }
            let record = DecisionRecord(event: event, decision: decision)
            switch output.format {
            case .text: StandardStreams.write(record.text)
            case .json: StandardStreams.write(JSONLines.line(record))
            }
            return true
        }

        private func report(_ record: LineErrorRecord, file: String?) {
            if let file { StandardStreams.error("\(file): error: \(record.error)") }
            switch output.format {
            case .text: StandardStreams.write("\(record.event.map(String.init) ?? "-")  error: \(record.error)")
            case .json: StandardStreams.write(JSONLines.line(record))
            }
        }
    }
}
