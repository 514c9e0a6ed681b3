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
            let app = try manifest.load(reporter: DiagnosticReporter(output.format))
            let router = SlowStepProgress.run("building the dispatch table") {
                ProcessLifetime.keep(SceneRouter(app: app))
            }
            var output = BatchOutput(format: self.output.format, numbering: .event, allCandidates: explain.explainAll)
            if !identifiers.isEmpty {
                for (index, identifier) in identifiers.enumerated() {
                    output.write(route(.identifier(identifier), router), event: index, place: .argument(index + 1))
                }
            } else if let events {
                let decoder = TimelineDecoder(file: events == "-" ? "stdin" : events, app: app, allowsLifecycle: false)
                var eventIndex = 0
                try StandardStreams.forEachLine(ofFileAt: events, skippingBlank: true, reporter: output.reporter) {
                    number, line in
                    routeEvent(line, number: number, event: eventIndex, decoder: decoder, router: router, into: &output)
                    eventIndex += 1
                }
            } else if manifest.example {
                let decoder = TimelineDecoder(file: ExampleApp.eventsName, app: app, allowsLifecycle: false)
                for (index, line) in ExampleApp.events.utf8.split(separator: UInt8(ascii: "\n")).enumerated() {
                    routeEvent(line, number: index + 1, event: index, decoder: decoder, router: router, into: &output)
                }
            } else {
                try StandardStreams.forEachLine(ofFileAt: nil, skippingBlank: false, reporter: output.reporter) {
                    number, line in
                    let place = InputPlace.line(file: "stdin", number: number)
                    switch StandardStreams.decode(line) {
                    case .success(let identifier):
                        output.write(route(.identifier(identifier), router), event: number - 1, place: place)
                    case .failure(let invalid):
                        output.fail(
                            place.diagnostic(invalid.description), recordError: place.described(invalid.description),
                            event: number - 1, line: number)
                    }
                }
            }
            try output.finish()
        }

        private func route(_ event: ExternalEvent, _ router: SceneRouter) -> RoutingDecision {
            router.route(event, explain: explain.enabled)
        }

        /// Routes one line of JSON Lines events; blank lines are skipped before this.
        private func routeEvent(
            _ line: some Collection<UInt8>, number: Int, event eventIndex: Int, decoder: TimelineDecoder,
            router: SceneRouter,
            into output: inout BatchOutput
        ) {
            do throws(Diagnostic) {
                guard case .event(let event) = try decoder.decode(line, line: number) else { return }
                output.write(route(event, router), event: eventIndex, place: .line(file: decoder.file, number: number))
            } catch {
                output.fail(error, recordError: error.locatedMessage, event: eventIndex, line: number)
            }
        }
    }
}
