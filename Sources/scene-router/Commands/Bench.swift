import ArgumentParser
import CMemoryHints
import Foundation
import SceneRouterPeers
import SceneRouterWorkloads
import SceneRouting
import Synchronization

extension SceneRouterCommand {
    /// `scene-router bench`: the large-session benchmark.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Benchmark the dispatch table against the linear reference router.",
            discussion: """
                Generates a deterministic workload (see Benchmarks/README.md), loads it as a manifest and builds the table (times; memory in all, the resident-set \
                growth of load and build once the loaded app is released, its peak, and the table's own accounting, the same for a given seed), routes every event through it (latency percentiles, throughput; one batch against one call each), routes a sample of the \
                same events with the reference router, and counts disagreements (must be 0). Use a release build.
                """
        )

        // Counts parse unconditionally so that `--sessions -5` reaches validate() and gets a clear
        // message instead of being read as an unknown flag.
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Number of open sessions: a count, with k or M for thousands or millions (with --sweep, several separated by commas).",
                valueName: "count"))
        var sessions: String = "100k"
        @Option(
            help: ArgumentHelp(
                "Workload mix: \(WorkloadMix.allCases.map(\.rawValue).joined(separator: ", ")) (with --sweep, several separated by commas).",
                valueName: "mix"))
        var mix: String = "realistic"
        @Option(parsing: .unconditional, help: "Number of events to route through the table.") var events: Int = 100_000
        @Option(help: "Workload seed.") var seed: UInt64 = 1
        @Option(
            help:
                "reference: also route a sample with the reference router (every session, one by one) and check the table's decisions against it; none: skip it. (linear is the old name of reference.)"
        ) var baseline: String = "reference"
        @Option(
            parsing: .unconditional,
            help: "Events in the reference sample (default: as many as fit in about 10 seconds, at most 200).")
        var baselineEvents: Int?
        @Option(
            help: ArgumentHelp(
                "Engines to measure side by side, each timed per route on the same events and checked against the table: scenerouter (the table, always); linear (every window's compiled conditions in turn, the way an app without an index routes); hyperscan and re2set (one expression per distinct condition with a regular reading, in one Hyperscan database or RE2::Set, matches verified where the expression is not exact).",
                valueName: "engine,…"))
        var engines: String = "scenerouter"
        @Option(help: "Write the generated manifest (JSON) to this file.") var writeManifest: String?
        @Option(
            help: ArgumentHelp(
                "Write the events as a replay timeline (JSON Lines) to this file, with a close, open or update after every ninth event.",
                valueName: "file"))
        var writeTimeline: String?
        @Option(parsing: .unconditional, help: "Threads routing the events without pause while churn is measured.")
        var readers: Int = 0
        @Option(
            parsing: .unconditional,
            help:
                "Also measure throughput with this many threads routing the events at once, against one thread (2 or more)."
        )
        var routingThreads: Int?
        @Option(
            help: ArgumentHelp(
                "Also route long identifiers of these byte lengths (e.g. 256,1024,10240,65536): é, emoji and rarely seen valid scalars.",
                valueName: "bytes,…"))
        var longIdentifierBytes: String?
        @Flag(
            help: ArgumentHelp(
                "Run every combination of --sessions, --mix and --engines, each in a process of its own (so that one does not warm the next), and write one row per engine and configuration: JSON Lines with --format json, CSV otherwise."
            ))
        var sweep = false
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "With --sweep: seconds a configuration may take; one that takes longer is stopped and its row says so, and that engine is not run at larger sizes of the mix.",
                valueName: "seconds"))
        var timeout: Int = 1_800
        @Option(
            name: .customLong("output"),
            help: ArgumentHelp(
                "With --sweep: write the rows to this file instead of standard output, as CSV when its name ends in .csv and as JSON Lines otherwise.",
                valueName: "file"))
        var rowsFile: String?
        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard let mixes = mixList else {
                throw ValidationError(
                    "unknown mix '\(mix)'; expected one of \(WorkloadMix.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            guard let counts = sessionCounts else {
                throw ValidationError("--sessions takes counts of at least 1, such as 100, 10k or 1M (got \(sessions))")
            }
            guard sweep || (counts.count == 1 && mixes.count == 1) else {
                throw ValidationError("--sessions and --mix take one value each unless --sweep is given")
            }
            guard timeout >= 1 else { throw ValidationError("--timeout must be at least 1 second (got \(timeout))") }
            if rowsFile != nil && !sweep {
                throw ValidationError("--output is for --sweep; use --write-manifest or --format json otherwise")
            }
            if sweep {
                let single = [
                    ("--write-manifest", writeManifest != nil), ("--write-timeline", writeTimeline != nil),
                    ("--readers", readers != 0),
                    ("--routing-threads", routingThreads != nil),
                    ("--long-identifier-bytes", longIdentifierBytes != nil),
                ].filter(\.1).map(\.0)
                if !single.isEmpty {
                    throw ValidationError(
                        "\(single.joined(separator: ", ")) measure one run and are not taken with --sweep")
                }
            }
            guard events >= 1 else { throw ValidationError("--events must be at least 1 (got \(events))") }
            guard ["reference", "linear", "none"].contains(baseline) else {
                throw ValidationError("--baseline is reference or none")
            }
            // A sweep may measure peers alone; one run always builds the table they are checked against.
            guard let engines = engineList, sweep || engines.contains("scenerouter") else {
                throw ValidationError(
                    "--engines lists scenerouter and optionally \(Self.peerEngines.joined(separator: ", ")), separated by commas (got '\(engines)')"
                )
            }
            if let baselineEvents, baselineEvents < 1 {
                throw ValidationError("--baseline-events must be at least 1 (got \(baselineEvents))")
            }
            guard (0...64).contains(readers) else {
                throw ValidationError("--readers must be from 0 to 64 (got \(readers))")
            }
            if let routingThreads, !(2...64).contains(routingThreads) {
                throw ValidationError("--routing-threads must be from 2 to 64 (got \(routingThreads))")
            }
            if longIdentifierBytes != nil && longLengths == nil {
                throw ValidationError(
                    "--long-identifier-bytes takes byte lengths from 1 to 1048576 separated by commas, e.g. 256,1024")
            }
        }

        /// The session counts asked for, or nil when one is not a count of at least 1.
        var sessionCounts: [Int]? {
            let counts = sessions.split(separator: ",", omittingEmptySubsequences: false).map {
                Self.count($0.trimmingCharacters(in: .whitespaces))
            }
            return counts.allSatisfy({ $0 != nil }) ? counts.compactMap { $0 } : nil
        }

        /// `10`, `10k`, `1M`: a count of at least 1, at most a billion.
        static func count(_ text: String) -> Int? {
            var digits = Substring(text)
            var scale = 1
            if digits.hasSuffix("k") || digits.hasSuffix("K") {
                scale = 1_000
                digits = digits.dropLast()
            } else if digits.hasSuffix("M") || digits.hasSuffix("m") {
                scale = 1_000_000
                digits = digits.dropLast()
            }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let value = Int(digits)
            else { return nil }
            let (count, overflow) = value.multipliedReportingOverflow(by: scale)
            return !overflow && (1...1_000_000_000).contains(count) ? count : nil
        }

        /// The mixes asked for, or nil when one is unknown.
        var mixList: [WorkloadMix]? {
            let mixes = mix.split(separator: ",", omittingEmptySubsequences: false).map {
                WorkloadMix(rawValue: $0.trimmingCharacters(in: .whitespaces))
            }
            return mixes.allSatisfy({ $0 != nil }) ? mixes.compactMap { $0 } : nil
        }

        /// The engines set beside the table.
        static let peerEngines = ["linear", "hyperscan", "re2set"]

        /// The engines asked for, or nil when one is unknown.
        var engineList: [String]? {
            let names = engines.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return names.allSatisfy({ $0 == "scenerouter" || Self.peerEngines.contains($0) }) ? names : nil
        }

        private var longLengths: [Int]? {
            guard let longIdentifierBytes else { return [] }
            let lengths = longIdentifierBytes.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !lengths.isEmpty, lengths.allSatisfy({ $0.map { (1...1 << 20).contains($0) } ?? false }) else {
                return nil
            }
            return lengths.compactMap { $0 }
        }

        /// How this binary was built: `debug` figures are not comparable with release ones.
        static var buildConfiguration: String {
            #if DEBUG
            "debug"
            #else
            "release"
            #endif
        }

        func run() throws {
            if sweep {
                try BenchSweep(bench: self).run()
                return
            }
            #if DEBUG
            // `swift run scene-router bench` is a debug build: tens of times slower than release.
            StandardStreams.error(
                "warning: this scene-router is a debug build, whose routes take tens of times longer than a release "
                    + "build's; for figures, build with `swift build -c release` and run .build/release/scene-router")
            #endif
            let progressLine = ProgressLine(prefix: "bench: ")
            func progress(_ message: String) { progressLine.update(message) }
            let mix = mixList![0]
            let sessions = sessionCounts![0]
            progress("generating \(sessions) sessions (\(mix.rawValue)), \(events) events, seed \(seed)")
            let generated = try generate(mix: mix, sessions: sessions, progress: progress)
            let identifiers = generated.events
            progress("loading the manifest and building the dispatch table")
            let manifest = Data(ManifestWriter.text(of: generated.app).utf8)
            // The generated app stays alive while the loaded one is measured (were it freed,
            // the load would reuse its pages, already resident, unseen), and stands in for the
            // loaded one after: the router does not need the app it was built from, and a
            // program serving the app would not keep it.
            let app = generated.app
            let (router, build) = try Self.loadAndBuild(manifest, sessions: sessions)

            progress("routing \(events) events through the table")
            let timerFloor = Self.timerFloor()
            var latencies = [UInt64](repeating: 0, count: identifiers.count)
            var decisions: [RoutingDecision] = []
            decisions.reserveCapacity(identifiers.count)
            let routeStart = DispatchTime.now().uptimeNanoseconds
            for (index, identifier) in identifiers.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                let decision = router.route(identifier: identifier)
                latencies[index] = DispatchTime.now().uptimeNanoseconds - start
                // Kept outside the timed span: storing 100,000 decisions first-touches
                // megabytes of fresh pages, which is the benchmark's cost, not the route's.
                decisions.append(decision)
            }
            let routeNanos = DispatchTime.now().uptimeNanoseconds - routeStart
            let sorted = latencies.sorted()
            func percentile(_ p: Double) -> UInt64 { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }

            progress("measuring churn (open, update state, update preference, close) with \(readers) routing threads")
            let churn = try measureChurn(
                router, template: app.sessions.first, count: min(20_000, max(1_000, sessions)),
                events: identifiers)

            var throughput: ThroughputRecord?
            if let routingThreads {
                progress("routing the events on 1 and on \(routingThreads) threads at once")
                let (one, many) = Self.routesPerSecond(router, events: identifiers, oneThreadAnd: routingThreads)
                throughput = ThroughputRecord(
                    threads: routingThreads, routesPerSecondOneThread: one, routesPerSecond: many,
                    scaling: Double(many) / Double(max(1, one)))
            }

            progress("routing the events one by one and in one batch")
            let batch = Self.batchedAgainstOneByOne(router, events: identifiers)

            var long: [LongRecord] = []
            for length in longLengths ?? [] {
                progress("routing long identifiers of \(length) bytes")
                long += Self.measureLong(router, length: length)
            }

            var peers: [EngineRecord] = []
            for engine in engineList ?? [] where engine != "scenerouter" {
                progress("building the \(engine) engine")
                peers.append(
                    Self.measurePeer(
                        engine, app: app, events: identifiers, decisions: decisions, progress: progress))
            }

            var reference: LinearRecord?
            var agreement: AgreementRecord?
            if baseline != "none" {
                var sample = baselineEvents ?? 200
                var linearLatencies: [UInt64] = []
                var mismatches = 0
                var checked = 0
                let stride = max(1, identifiers.count / max(1, sample))
                var index = 0
                progress("routing a sample with the reference router (every session, one by one)")
                let budgetStart = DispatchTime.now().uptimeNanoseconds
                while index < identifiers.count && checked < sample {
                    let identifier = identifiers[index]
                    let start = DispatchTime.now().uptimeNanoseconds
                    let expected = ReferenceRouter.route(identifier: identifier, in: app)
                    linearLatencies.append(DispatchTime.now().uptimeNanoseconds - start)
                    if expected.action != decisions[index].action || expected.reason != decisions[index].reason {
                        mismatches += 1
                    }
                    checked += 1
                    index += stride
                    if checked == 3, baselineEvents == nil {
                        // Fit the default sample into about ten seconds.
                        let perEvent = max(1, (DispatchTime.now().uptimeNanoseconds - budgetStart) / 3)
                        sample = max(3, min(200, Int(10_000_000_000 / perEvent)))
                    }
                    progress("\(checked)/\(sample) reference routes")
                }
                let linearSorted = linearLatencies.sorted()
                reference = LinearRecord(events: checked, p50Nanos: linearSorted[linearSorted.count / 2])
                agreement = AgreementRecord(checked: checked, mismatches: mismatches)
            }

            let p50 = percentile(0.5)
            let deciders = Self.latencyByDecider(decisions: decisions, latencies: latencies, app: app)
            let record = BenchRecord(
                sessions: sessions, mix: mix.rawValue, events: events, seed: seed,
                build: build,
                indexed: IndexedRecord(
                    p50Nanos: p50, p90Nanos: percentile(0.9), p99Nanos: percentile(0.99), p999Nanos: percentile(0.999),
                    routesPerSecond: Int(Double(events) / (Double(routeNanos) / 1e9)), timerFloorNanos: timerFloor,
                    byDecider: deciders),
                churn: churn, throughput: throughput, batch: batch, long: long.isEmpty ? nil : long,
                reference: reference, speedupP50: reference.map { Int(Double($0.p50Nanos) / Double(max(1, p50))) },
                agreement: agreement, engines: peers.isEmpty ? nil : peers, configuration: Self.buildConfiguration)
            progressLine.finish()
            switch output.format {
            case .json:
                StandardStreams.write(JSONLines.line(record))
            case .text:
                StandardStreams.write(record.text)
            }
            StandardStreams.flush()
            if batch.mismatches > 0 {
                StandardStreams.error(
                    "error: batched routes disagreed with routes one by one on \(batch.mismatches) events")
                throw ExitCode(1)
            }
            if let agreement, agreement.mismatches > 0 {
                StandardStreams.error(
                    "error: the table disagreed with the reference router on \(agreement.mismatches) events")
                throw ExitCode(1)
            }
            for peer in peers where peer.mismatches > 0 {
                StandardStreams.error(
                    "error: the \(peer.engine) engine disagreed with the table on \(peer.mismatches) events")
                throw ExitCode(1)
            }
        }

        /// Builds a peer engine over the app and routes the events through it one at a time,
        /// timing each, for as many as fit in about ten seconds (at least three), counting the
        /// decisions that differ from the table's (action and reason).
        private static func measurePeer(
            _ engine: String, app: SceneApp, events: [String?], decisions: [RoutingDecision], progress: (String) -> Void
        ) -> EngineRecord {
            let residentBefore = residentBytes()
            let buildStart = DispatchTime.now().uptimeNanoseconds
            var record = EngineRecord(engine: engine, events: 0, buildSeconds: 0, mismatches: 0)
            let route: (String?) -> RoutingDecision
            var regexRouter: RegexSetRouter?
            if engine == "linear" {
                route = LinearScanRouter(app: app).route(identifier:)
            } else if RegexSetRouter.availableEngines.contains(engine) {
                do {
                    let router = try RegexSetRouter(engine: engine, app: app)
                    regexRouter = router
                    route = router.route(identifier:)
                } catch {
                    record.buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
                    record.failure = error.description
                    return record
                }
            } else {
                record.failure = "not in this build (its trait is off, or the machine cannot run it)"
                return record
            }
            record.buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
            record.residentBytesPerSession = max(0, residentBytes() - residentBefore) / max(1, app.sessions.count)
            var latencies: [UInt64] = []
            let started = DispatchTime.now().uptimeNanoseconds
            var index = 0
            while index < events.count {
                let start = DispatchTime.now().uptimeNanoseconds
                let decision = route(events[index])
                let end = DispatchTime.now().uptimeNanoseconds
                latencies.append(end - start)
                if decision.action != decisions[index].action || decision.reason != decisions[index].reason {
                    record.mismatches += 1
                }
                index += 1
                if index % 100 == 0 { progress("\(index) \(engine) routes") }
                if index >= 3 && end - started > 10_000_000_000 { break }
            }
            latencies.sort()
            func percentile(_ fraction: Double) -> UInt64 {
                latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
            }
            record.events = latencies.count
            record.p50Nanos = percentile(0.5)
            record.p90Nanos = percentile(0.9)
            record.p99Nanos = percentile(0.99)
            record.p999Nanos = percentile(0.999)
            record.routesPerSecond = Int(Double(latencies.count) / (Double(max(1, latencies.reduce(0, +))) / 1e9))
            if let regexRouter {
                record.expressions = regexRouter.expressionCount
                record.compiledBytes = regexRouter.compiledBytes
                record.evaluatedConditions = regexRouter.evaluatedCount
                record.linearFallbacks = regexRouter.linearFallbacks
            }
            return record
        }

        /// Routes per second when `threads` threads each route every event (three passes,
        /// the best kept), started together; no timestamps per route, so one thread's figure
        /// is the baseline for the others'.
        ///
        /// Each thread routes its own copies of the identifiers, as separate callers do: shared
        /// `String` storage would make the threads contend on its reference count, which
        /// measures the caller's strings rather than the router.
        /// Routes per second on one thread and on `threads` threads routing `events` at once:
        /// the best of five rounds each, taken in turn, so that a slow spell of the host
        /// weighs on both; each thread routes at least a million events a round (the events
        /// repeated), after a few untimed ones that make its per-thread scratch.
        private static func routesPerSecond(_ router: SceneRouter, events: [String?], oneThreadAnd threads: Int) -> (
            Int, Int
        ) {
            let copies = (0..<threads).map { _ in
                events.map { $0.map { String(decoding: Array($0.utf8), as: UTF8.self) } }
            }
            let routesPerThread = max(events.count, 1_000_000)
            func round(_ threads: Int) -> Int {
                let ready = DispatchGroup()
                let go = DispatchSemaphore(value: 0)
                let done = DispatchGroup()
                for thread in 0..<threads {
                    ready.enter()
                    done.enter()
                    let events = copies[thread]
                    Thread {
                        for index in 0..<min(events.count, 16) { _ = router.route(identifier: events[index]) }
                        ready.leave()
                        go.wait()
                        var index = thread * 7_919
                        for _ in 0..<routesPerThread {
                            _ = router.route(identifier: events[index % events.count])
                            index &+= 1
                        }
                        done.leave()
                    }.start()
                }
                ready.wait()
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<threads { go.signal() }
                done.wait()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                return Int(Double(threads * routesPerThread) / seconds)
            }
            var (one, many) = (0, 0)
            for _ in 0..<5 {
                one = max(one, round(1))
                many = max(many, round(threads))
            }
            return (one, many)
        }

        /// Routes per second over `events` one call each and in one batch, the best of three
        /// rounds each, taken in turn; and how many batched decisions differ.
        private static func batchedAgainstOneByOne(_ router: SceneRouter, events: [String?]) -> BatchRecord {
            var decisions: [RoutingDecision] = []
            decisions.reserveCapacity(events.count)
            var batched: [RoutingDecision] = []
            batched.reserveCapacity(events.count)
            func perSecond(_ body: () -> Void) -> Int {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                return Int(Double(events.count) / (Double(max(1, DispatchTime.now().uptimeNanoseconds - start)) / 1e9))
            }
            var (oneByOne, inBatch) = (0, 0)
            for _ in 0..<3 {
                decisions.removeAll(keepingCapacity: true)
                oneByOne = max(
                    oneByOne,
                    perSecond { for identifier in events { decisions.append(router.route(identifier: identifier)) } })
                batched.removeAll(keepingCapacity: true)
                inBatch = max(inBatch, perSecond { router.route(contentsOf: events, into: &batched) })
            }
            let mismatches = zip(decisions, batched).filter { $0.action != $1.action || $0.reason != $1.reason }.count
            return BatchRecord(
                routesPerSecondOneByOne: oneByOne, routesPerSecondBatched: inBatch,
                speedup: Double(inBatch) / Double(max(1, oneByOne)),
                mismatches: mismatches + abs(decisions.count - batched.count))
        }

        /// Times single churn operations on the built table, as an app would issue them: a new
        /// window opens with its own preferred identifier, becomes key, changes its preference
        /// (Safari-style, as tabs change) and closes; meanwhile `readers` threads route `events`
        /// without pause, so the times include waiting for routes in progress.
        private func measureChurn(_ router: SceneRouter, template: SceneSession?, count: Int, events: [String?]) throws
            -> ChurnRecord?
        {
            guard let template else { return nil }
            let control = ReaderControl()
            let readersDone = DispatchSemaphore(value: 0)
            for reader in 0..<readers {
                let thread = Thread {
                    var index = reader * 7_919
                    var routes = 0
                    while !control.stop.load(ordering: .relaxed) {
                        _ = router.route(identifier: events[index % events.count])
                        index &+= 13
                        routes += 1
                    }
                    control.routes.add(routes, ordering: .relaxed)
                    readersDone.signal()
                }
                thread.start()
            }
            var latencies: [UInt64] = []
            latencies.reserveCapacity(count * 4)
            func timed(_ body: () throws -> Void) throws {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                latencies.append(DispatchTime.now().uptimeNanoseconds - start)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<count {
                var session = template
                session.id = "churn-\(index)"
                let preferred = try! ActivationPredicate(
                    format: "SELF == %@", arguments: [.string("churn.window.\(index)")])
                let changed = try! ActivationPredicate(
                    format: "SELF == %@", arguments: [.string("churn.window.\(index).tab-2")])
                session.conditions.prefersToActivate = preferred
                try timed { try router.open(session) }
                try timed {
                    try router.update(
                        SessionUpdate(id: session.id, state: .foregroundActive, lastActive: 10_000_000 + index))
                }
                try timed { try router.update(SessionUpdate(id: session.id, prefersToActivate: changed)) }
                try timed { try router.close(sessionID: session.id) }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            control.stop.store(true, ordering: .relaxed)
            for _ in 0..<readers { readersDone.wait() }
            let sorted = latencies.sorted()
            return ChurnRecord(
                operations: sorted.count, readers: readers, p50Nanos: sorted[sorted.count / 2],
                p99Nanos: sorted[min(sorted.count - 1, sorted.count * 99 / 100)], maxNanos: sorted.last!,
                readerRoutesPerSecond: readers > 0
                    ? Int(Double(control.routes.load(ordering: .relaxed)) / seconds) : nil)
        }

        /// Routes identifiers of `length` bytes of four kinds, each 200 times after 5 untimed
        /// routes: ASCII (`x`, for comparison), `é`, emoji, and a cycle of valid scalars that
        /// look odd (U+0080, U+07FF, U+FFFD, U+FEFF, U+FFFF, U+10FFFF, a skin tone, U+0345,
        /// ZWNJ, …). Lengths over the route limit are refused.
        fileprivate static func measureLong(_ router: SceneRouter, length: Int) -> [LongRecord] {
            let odd: [Unicode.Scalar] = [
                "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFD}", "\u{FEFF}", "\u{FFFF}", "\u{D7FF}", "\u{E000}",
                "\u{10FFFF}",
                "\u{1F3FB}", "\u{345}", "\u{200C}", "a",
            ]
            func filled(_ scalars: [Unicode.Scalar]) -> String {
                var text = String.UnicodeScalarView()
                var bytes = 0
                var index = 0
                while bytes + UTF8.width(scalars[index % scalars.count]) <= length {
                    text.append(scalars[index % scalars.count])
                    bytes += UTF8.width(scalars[index % scalars.count])
                    index += 1
                }
                return String(text)
            }
            let kinds = [
                ("ascii", filled(["x"])), ("é", filled(["é"])), ("emoji", filled(["📄"])),
                ("odd-but-valid", filled(odd)),
            ]
            return kinds.map { kind, identifier in
                for _ in 0..<5 { _ = router.route(identifier: identifier) }
                var latencies: [UInt64] = []
                for _ in 0..<200 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = router.route(identifier: identifier)
                    latencies.append(DispatchTime.now().uptimeNanoseconds - start)
                }
                latencies.sort()
                return LongRecord(
                    bytes: identifier.utf8.count, kind: kind, routes: latencies.count,
                    p50Nanos: latencies[latencies.count / 2],
                    p99Nanos: latencies[latencies.count * 99 / 100], maxNanos: latencies.last!)
            }
        }

        /// Generates the workload and writes what `--write-manifest` and `--write-timeline`
        /// ask for.
        private func generate(mix: WorkloadMix, sessions: Int, progress: (String) -> Void) throws -> Workload {
            let workload = WorkloadGenerator.make(mix: mix, sessions: sessions, events: events, seed: seed)
            if let writeManifest {
                try ManifestWriter.write(workload.app, to: writeManifest)
                progress("wrote \(writeManifest)")
            }
            if let writeTimeline {
                try BenchTimeline.write(workload, seed: seed, to: writeTimeline)
                progress("wrote \(writeTimeline)")
            }
            return workload
        }

        /// Loads the manifest (parse and compile) and builds the table, measuring each step's
        /// time and the memory a program serving this app pays: what the process holds once
        /// the table is built and the loaded app released (the table and the compiled
        /// predicates it keeps), and the most it held on the way, the loaded app and the table
        /// together.
        static func loadAndBuild(_ manifest: Data, sessions: Int) throws -> (SceneRouter, BuildRecord) {
            // Memory freed before (the manifest's text, for one) would otherwise be reused by
            // the load unseen.
            scene_router_return_free_heap()
            let residentStart = residentBytes()
            let heapStart = scene_router_heap_bytes_in_use()
            let loadStart = DispatchTime.now().uptimeNanoseconds
            var app: SceneApp? = try ManifestLoader.load(manifest, file: "generated manifest")
            let loadNanos = DispatchTime.now().uptimeNanoseconds - loadStart
            let appHeapBytes = max(0, scene_router_heap_bytes_in_use() - heapStart)
            let residentBefore = residentBytes()
            let buildStart = DispatchTime.now().uptimeNanoseconds
            let router = SceneRouter(app: app!)
            let buildNanos = DispatchTime.now().uptimeNanoseconds - buildStart
            let residentAfter = residentBytes()
            app = nil
            // Pages the loaded app alone used go back to the system, as they would in a
            // program that allocates nothing more.
            scene_router_return_free_heap()
            let residentServing = residentBytes()
            let retainedHeapBytes = max(0, scene_router_heap_bytes_in_use() - heapStart)
            // The manifest's bytes were resident before the start and stay so until here.
            withExtendedLifetime(manifest) {}
            func perSession(_ bytes: Int) -> Int {
                sessions > 0 ? Int((Double(bytes) / Double(sessions)).rounded()) : 0
            }
            let resident = max(0, residentServing - residentStart)
            let peak = max(0, residentAfter - residentStart)
            let memory = MemoryRecord(
                residentBytes: resident, residentBytesPerSession: perSession(resident),
                peakResidentBytes: peak, peakResidentBytesPerSession: perSession(peak), appHeapBytes: appHeapBytes,
                appHeapBytesPerSession: perSession(appHeapBytes), retainedHeapBytes: retainedHeapBytes,
                retainedHeapBytesPerSession: perSession(retainedHeapBytes), tableBytes: router.shape.bytes)
            // The table's own accounting of what it holds is the same for a given seed; the
            // resident-set growth also counts allocator slack and page rounding, so it moves
            // between identical runs, most at small sizes.
            let build = BuildRecord(
                seconds: Double(buildNanos) / 1e9, loadSeconds: Double(loadNanos) / 1e9,
                bytesPerSession: perSession(router.shape.bytes),
                residentBytesPerSession: perSession(max(0, residentAfter - residentBefore)), memory: memory)
            return (router, build)
        }

        /// The median of 10,000 empty spans timed as routes are: what reading the clock twice
        /// adds to every latency.
        static func timerFloor() -> UInt64 {
            var spans = [UInt64](repeating: 0, count: 10_000)
            for index in spans.indices {
                let start = DispatchTime.now().uptimeNanoseconds
                spans[index] = DispatchTime.now().uptimeNanoseconds - start
            }
            spans.sort()
            return spans[spans.count / 2]
        }

        /// Resident set size from /proc/self/statm (Linux), else 0.
        static func residentBytes() -> Int {
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
    }
}

/// Tells the routing threads of a churn measurement to stop, and counts their routes.
private final class ReaderControl: Sendable {
    let stop = Atomic<Bool>(false)
    let routes = Atomic<Int>(0)
}
