import ArgumentParser
import Foundation
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router route`: which session each event activates, or what gets created.
    struct Route: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Route identifiers or events against an app's scene sessions.",
            discussion: """
                Identifiers come from the arguments, from --events (JSON Lines of events, '-' for stdin), or else from \
                stdin, one per line. A bad line yields an error record in place; the rest are still routed and the \
                exit code is 2. Give the app with --manifest, or --example for the bundled example mail app.
                """
        )

        @OptionGroup var manifest: RouteManifestOptions

        @Argument(help: "Target content identifiers to route.")
        var identifiers: [String] = []

        @Option(help: "A JSON Lines file of events ('-' for stdin).")
        var events: String?

        @OptionGroup var explain: ExplainOptions

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
            let app = try ManifestOptions.load(try manifest.resolvedPath(), diagnostics: diagnostics)
            let router = SceneRouter(app: app)
            var failed = false
            let eventsPath =
                events ?? (manifest.example && identifiers.isEmpty ? RouteManifestOptions.examplePath("mail-events.jsonl") : nil)
            if !identifiers.isEmpty {
                for (index, identifier) in identifiers.enumerated() {
                    failed = !emit(route(.identifier(identifier), router), event: index, place: .argument(index + 1)) || failed
                }
            } else if let eventsPath {
                failed = try routeEvents(from: eventsPath, app: app, router: router)
            } else {
                let lines = try StandardStreams.lines(ofFileAt: nil, diagnostics: diagnostics)
                for (index, line) in lines.enumerated() {
                    switch StandardStreams.decode(line) {
                    case .success(let identifier):
                        failed = !emit(route(.identifier(identifier), router), event: index, place: .line("stdin", index + 1)) || failed
                    case .failure(let invalid):
                        failed = true
                        diagnostics.error(file: "stdin", line: index + 1, message: invalid.description)
                        write(LineErrorRecord(event: index, error: "line \(index + 1): \(invalid.description)"))
                    }
                }
            }
            StandardStreams.flush()
            if failed { throw ExitCode(2) }
        }

        private var diagnostics: Diagnostics { Diagnostics(output.format) }

        private func route(_ event: ExternalEvent, _ router: SceneRouter) -> RoutingDecision {
            router.route(event, explain: explain.enabled)
        }

        private func routeEvents(from path: String, app: SceneApp, router: SceneRouter) throws -> Bool {
            let decoder = TimelineDecoder(file: path == "-" ? "stdin" : path, app: app, allowsLifecycle: false)
            var failed = false
            var eventIndex = 0
            for (lineIndex, line) in try StandardStreams.lines(ofFileAt: path, diagnostics: diagnostics).enumerated() {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                defer { eventIndex += 1 }
                do {
                    guard case .event(let event) = try decoder.decode(line, line: lineIndex + 1) else { continue }
                    let place = Place.line(decoder.file, lineIndex + 1)
                    failed = !emit(route(event, router), event: eventIndex, place: place) || failed
                } catch {
                    failed = true
                    diagnostics.report(input: error)
                    write(LineErrorRecord(event: eventIndex, error: error.locatedMessage))
                }
            }
            return failed
        }

        /// Where an identifier came from, for error messages.
        private enum Place {
            case argument(Int)
            case line(String, Int)
        }

        /// Writes the decision, or an error record in its place when the identifier was refused
        /// (too long); returns false for a refusal.
        private func emit(_ decision: RoutingDecision, event: Int, place: Place) -> Bool {
            if let refusal = DecisionRecord.refusal(of: decision) {
                switch place {
                case .argument(let position):
                    diagnostics.error(file: nil, message: "argument \(position): \(refusal)")
                    write(LineErrorRecord(event: event, error: "argument \(position): \(refusal)"))
                case .line(let file, let line):
                    diagnostics.error(file: file, line: line, message: refusal)
                    write(LineErrorRecord(event: event, error: "line \(line): \(refusal)"))
                }
                return false
            }
            let record = DecisionRecord(event: event, decision: decision, allCandidates: explain.explainAll)
            switch output.format {
            case .text: StandardStreams.write(record.text)
            case .json: StandardStreams.write(JSONLines.line(record))
            }
            return true
        }

        private func write(_ record: LineErrorRecord) {
            switch output.format {
            case .text: StandardStreams.write("\(record.event.map(String.init) ?? "-")  error: \(record.error)")
            case .json: StandardStreams.write(JSONLines.line(record))
            }
        }
    }
}
