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
            var queue = RouteQueue(router: router, explain: explain.enabled)
            func routeQueued() { queue.routeAll(writingTo: &output) }
            if !identifiers.isEmpty {
                for (index, identifier) in identifiers.enumerated() {
                    queue.add(.identifier(identifier), event: index, place: .argument(index + 1), writingTo: &output)
                }
            } else if let events {
                let decoder = TimelineDecoder(file: events == "-" ? "stdin" : events, app: app, allowsLifecycle: false)
                var eventIndex = 0
                try StandardStreams.forEachLine(
                    ofFileAt: events, skippingBlank: true, reporter: output.reporter,
                    willWait: routeQueued
                ) { number, line in
                    queueEvent(
                        line, number: number, event: eventIndex, decoder: decoder, queue: &queue, output: &output)
                    eventIndex += 1
                }
            } else if manifest.example {
                let decoder = TimelineDecoder(file: ExampleApp.eventsName, app: app, allowsLifecycle: false)
                for (index, line) in ExampleApp.events.utf8.split(separator: UInt8(ascii: "\n")).enumerated() {
                    queueEvent(line, number: index + 1, event: index, decoder: decoder, queue: &queue, output: &output)
                }
            } else {
                try StandardStreams.forEachLine(
                    ofFileAt: nil, skippingBlank: false, reporter: output.reporter,
                    willWait: routeQueued
                ) { number, line in
                    let place = InputPlace.line(file: "stdin", number: number)
                    switch StandardStreams.decode(line) {
                    case .success(let identifier):
                        queue.add(.identifier(identifier), event: number - 1, place: place, writingTo: &output)
                    case .failure(let invalid):
                        queue.routeAll(writingTo: &output)
                        output.fail(
                            place.diagnostic(invalid.description), recordError: place.described(invalid.description),
                            event: number - 1, line: number)
                    }
                }
            }
            queue.routeAll(writingTo: &output)
            try output.finish()
        }

        /// Queues one line of JSON Lines events; blank lines are skipped before this. A line
        /// that does not decode is answered in place, after the events queued before it.
        private func queueEvent(
            _ line: some Collection<UInt8>, number: Int, event eventIndex: Int, decoder: TimelineDecoder,
            queue: inout RouteQueue, output: inout BatchOutput
        ) {
            do throws(Diagnostic) {
                guard case .event(let event) = try decoder.decode(line, line: number) else { return }
                queue.add(
                    event, event: eventIndex, place: .line(file: decoder.file, number: number), writingTo: &output)
            } catch {
                queue.routeAll(writingTo: &output)
                output.fail(error, recordError: error.locatedMessage, event: eventIndex, line: number)
            }
        }
    }
}

/// Events waiting to be routed, in input order: routed in batches
/// (`SceneRouter.route(contentsOf:into:)`) when enough have come, when the input is about
/// to wait, before a line answered in place, and at the end. Answers keep the input's order,
/// and a process feeding lines one at a time still gets each answer before it sends the
/// next. With explanations, each event is routed on its own.
struct RouteQueue {
    /// Enough events that a batch takes the lock once for many routes, few enough that
    /// answers are not held back noticeably.
    static let batchSize = 256

    private let router: SceneRouter
    private let explain: Bool
    private var events: [ExternalEvent] = []
    private var places: [(event: Int, place: InputPlace)] = []
    private var decisions: [RoutingDecision] = []

    init(router: SceneRouter, explain: Bool) {
        self.router = router
        self.explain = explain
        events.reserveCapacity(Self.batchSize)
        places.reserveCapacity(Self.batchSize)
        decisions.reserveCapacity(Self.batchSize)
    }

    mutating func add(_ event: ExternalEvent, event index: Int, place: InputPlace, writingTo output: inout BatchOutput)
    {
        events.append(event)
        places.append((index, place))
        if events.count == Self.batchSize { routeAll(writingTo: &output) }
    }

    /// Routes every queued event and writes the answers.
    mutating func routeAll(writingTo output: inout BatchOutput) {
        guard !events.isEmpty else { return }
        if explain {
            for event in events { decisions.append(router.route(event, explain: true)) }
        } else {
            router.route(contentsOf: events, into: &decisions)
        }
        for (decision, place) in zip(decisions, places) {
            output.write(decision, event: place.event, place: place.place)
        }
        events.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        decisions.removeAll(keepingCapacity: true)
    }
}
