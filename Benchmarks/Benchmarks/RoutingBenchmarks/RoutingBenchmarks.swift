import Benchmark
import Foundation
import SceneRouterWorkloads
import SceneRouting

/// Typical activation conditions, each evaluated against identifiers that match and that
/// do not. Run from the repository root with
/// `swift package --package-path Benchmarks --disable-sandbox benchmark` (release build).
private let predicateCases: [(name: String, format: String, arguments: [PredicateArgument], identifiers: [String])] = [
    (
        "==", "SELF == %@", ["com.example.mail.window.9F3A"],
        ["com.example.mail.window.9F3A", "com.example.mail.window.0000"]
    ),
    (
        "IN", "SELF IN %@", [["mail.inbox", "mail.inbox/", "mail.outbox", "mail.drafts", "mail.sent"]],
        ["mail.inbox/", "mail.archive"]
    ),
    ("BEGINSWITH", "SELF BEGINSWITH 'mail.thread.'", [], ["mail.thread.42", "compose.draft.7"]),
    ("CONTAINS[cd]", "SELF CONTAINS[cd] 'group'", [], ["sms:Group-17", "sms:person-3"]),
    ("LIKE", "SELF LIKE '*.pdf'", [], ["attachments/report-2026.pdf", "attachments/photo.jpg"]),
    ("MATCHES", "SELF MATCHES 'doc-[0-9]{1,6}'", [], ["doc-123456", "doc-12x"]),
    ("MATCHES[c]", "SELF MATCHES[c] 'DOC-[0-9]+'", [], ["doc-42", "DOC-X"]),
    (
        "compound", "(SELF BEGINSWITH[c] 'sms:' AND SELF CONTAINS 'group') OR SELF ENDSWITH '.pdf' OR NOT SELF == 'x'",
        [],
        ["SMS:group-1", "a.pdf", "x"]
    ),
]

let benchmarks: @Sendable () -> Void = {
    predicateBenchmarks()
    routingBenchmarks()
    loadingBenchmarks()
}

let predicateBenchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .instructions]

    for testCase in predicateCases {
        Benchmark(
            "compile \(testCase.name)",
            configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try ActivationPredicate(format: testCase.format, arguments: testCase.arguments))
            }
        }

        // Compiled once, outside the measurement: routing evaluates compiled predicates.
        let predicate = try! ActivationPredicate(format: testCase.format, arguments: testCase.arguments)
        let identifiers = testCase.identifiers
        Benchmark(
            "evaluate \(testCase.name)",
            configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))
        ) { benchmark in
            for iteration in benchmark.scaledIterations {
                blackHole(predicate.evaluate(identifiers[iteration % identifiers.count]))
            }
        }
    }

    let nonASCII = try! ActivationPredicate(format: "SELF CONTAINS[cd] 'citroen'")
    Benchmark(
        "evaluate CONTAINS[cd] non-ASCII identifier",
        configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(nonASCII.evaluate("Citroën C4 Picasso"))
        }
    }
}

/// A workload and its router, built in a benchmark's setup and dropped in its teardown: the
/// harness registers every benchmark in each run, and building all of them up front (a
/// million sessions takes seconds and gigabytes) would tax every filtered run.
private final class RouterFixture: @unchecked Sendable {
    private let mix: WorkloadMix
    private let sessions: Int
    private let seed: UInt64
    private let buildsRouter: Bool
    private(set) var workload: Workload?
    private(set) var router: SceneRouter?
    private(set) var events: [String?] = []

    /// `buildsRouter` false: the benchmark builds routers itself from ``workload``.
    init(mix: WorkloadMix, sessions: Int, seed: UInt64 = 1, buildsRouter: Bool = true) {
        self.mix = mix
        self.sessions = sessions
        self.seed = seed
        self.buildsRouter = buildsRouter
    }

    func setUp() {
        // As many distinct events as `scene-router bench` routes: cycling a few thousand
        // would leave their index entries and group heads in cache, flattering large tables.
        let workload = WorkloadGenerator.make(mix: mix, sessions: sessions, events: 100_000, seed: seed)
        self.workload = workload
        if buildsRouter { router = SceneRouter(app: workload.app) }
        events = workload.events
    }

    func tearDown() {
        (workload, router, events) = (nil, nil, [])
    }
}

/// Routing through the dispatch table, table builds and churn, per workload mix.
let routingBenchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
    // Routes allocate nothing: `benchmark thresholds check` (run by CI on the 10k routes)
    // fails on any allocation above the static thresholds in Benchmarks/Thresholds, which
    // are 0, with no tolerance.
    let noAllocations: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p0: 0, .p50: 0, .p90: 0, .p99: 0, .p100: 0])
    ]
    let gatedRoutes = Benchmark.Configuration(
        metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3), thresholds: noAllocations)
    for mix in [WorkloadMix.literal, .realistic, .regexHeavy, .adversarial, .unicode] {
        for sessions in [10_000, 100_000, 1_000_000] {
            let fixture = RouterFixture(mix: mix, sessions: sessions)
            let label = sessions >= 1_000_000 ? "\(sessions / 1_000_000)M" : "\(sessions / 1_000)k"
            Benchmark(
                "route \(mix.rawValue) \(label)",
                configuration: gatedRoutes,
                closure: { benchmark in
                    guard let router = fixture.router else { return }
                    let events = fixture.events
                    for iteration in benchmark.scaledIterations {
                        blackHole(router.route(identifier: events[iteration % events.count]))
                    }
                },
                setup: { fixture.setUp() },
                teardown: { fixture.tearDown() }
            )
        }
    }

    // Batches of 256 events into an array with room for them: a batch allocates nothing
    // either (the same gate, in CI for 10k). Each iteration is one route, as above.
    let batchSize = 256
    for mix in [WorkloadMix.literal, .realistic, .regexHeavy, .adversarial] {
        let fixture = RouterFixture(mix: mix, sessions: 10_000)
        Benchmark(
            "route batch \(mix.rawValue) 10k",
            configuration: gatedRoutes,
            closure: { benchmark in
                guard let router = fixture.router else { return }
                let events = fixture.events
                var decisions: [RoutingDecision] = []
                decisions.reserveCapacity(batchSize)
                var start = 0
                var remaining = benchmark.scaledIterations.count
                benchmark.startMeasurement()
                while remaining > 0 {
                    let count = min(batchSize, remaining, events.count - start)
                    decisions.removeAll(keepingCapacity: true)
                    router.route(contentsOf: events[start..<(start + count)], into: &decisions)
                    blackHole(decisions)
                    remaining -= count
                    start = (start + count) % events.count
                }
                benchmark.stopMeasurement()
            },
            setup: { fixture.setUp() },
            teardown: { fixture.tearDown() }
        )
    }

    // Events no window takes: every route goes on to pick a declaration for a new scene
    // (the matching one or the default), a path the mixes above rarely reach.
    let creating = try! SceneApp(
        declarations: [
            SceneDeclaration(name: "Compose", matching: try! ActivationPredicate(format: "SELF BEGINSWITH 'compose/'")),
            SceneDeclaration(name: "Main"),
        ],
        sessions: (0..<10_000).map { n in
            SceneSession(
                id: "doc-\(n)", declaration: "Main",
                conditions: ActivationConditions(
                    canActivate: .alwaysFalse,
                    prefersToActivate: try! ActivationPredicate(format: "SELF == %@", arguments: [.string("doc/\(n)")]))
            )
        })
    let creatingRouter = SceneRouter(app: creating)
    let creatingEvents = (0..<1_000).map { n in n % 2 == 0 ? "compose/draft-\(n)" : "inbox/message-\(n)" }
    Benchmark(
        "route to a new scene 10k",
        configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3))
    ) { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(creatingRouter.route(identifier: creatingEvents[iteration % creatingEvents.count]))
        }
    }

    let buildFixture = RouterFixture(mix: .realistic, sessions: 10_000, seed: 2, buildsRouter: false)
    Benchmark(
        "build realistic 10k",
        configuration: .init(metrics: metrics, maxDuration: .seconds(3)),
        closure: { benchmark in
            guard let app = buildFixture.workload?.app else { return }
            for _ in benchmark.scaledIterations { blackHole(SceneRouter(app: app)) }
        },
        setup: { buildFixture.setUp() },
        teardown: { buildFixture.tearDown() }
    )

    let churnFixture = RouterFixture(mix: .realistic, sessions: 100_000, seed: 3)
    nonisolated(unsafe) var counter = 0
    Benchmark(
        "churn open+update+close realistic 100k",
        configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3)),
        closure: { benchmark in
            guard let router = churnFixture.router, let template = churnFixture.workload?.app.sessions.first else {
                return
            }
            for _ in benchmark.scaledIterations {
                counter += 1
                var session = template
                session.id = "churn-\(counter)"
                // churn-k ids are new and the template names a declared scene: nothing throws.
                try! router.open(session)
                var update = SessionUpdate(id: session.id)
                update.state = .foregroundActive
                update.lastActive = 2_000_000 + counter
                try! router.update(update)
                try! router.close(sessionID: session.id)
            }
        },
        setup: { churnFixture.setUp() },
        teardown: { churnFixture.tearDown() }
    )
}

/// A manifest's bytes, or a router and a timeline to replay, made in a benchmark's setup.
private final class LoadingFixture: @unchecked Sendable {
    private let sessions: Int
    private let makesTimeline: Bool
    private(set) var manifest: [UInt8] = []
    private(set) var router: SceneRouter?
    private(set) var timeline: [TimelineEntry] = []
    /// The next timeline entry to apply: samples continue where the last one stopped.
    var nextEntry = 0

    init(sessions: Int, makesTimeline: Bool) {
        self.sessions = sessions
        self.makesTimeline = makesTimeline
    }

    /// The workload `scene-router bench --mix realistic --seed 1` generates; its timeline is
    /// what `bench --write-timeline` writes.
    func setUp() {
        let workload = WorkloadGenerator.make(mix: .realistic, sessions: sessions, events: 100_000, seed: 1)
        if makesTimeline {
            router = SceneRouter(app: workload.app)
            timeline = workload.timeline(seed: 1)
        } else {
            manifest = workload.manifest()
        }
    }

    func tearDown() {
        (manifest, router, timeline, nextEntry) = ([], nil, [], 0)
    }
}

/// Reading a manifest (bytes in memory to a validated app, predicates compiled) and
/// replaying a timeline through the table. Throughput is loads per second (times the
/// manifest's size: MB/s) and timeline entries per second.
let loadingBenchmarks: @Sendable () -> Void = {
    for sessions in [100_000, 1_000_000] {
        let fixture = LoadingFixture(sessions: sessions, makesTimeline: false)
        let label = sessions >= 1_000_000 ? "1M" : "\(sessions / 1_000)k"
        Benchmark(
            "load manifest realistic \(label)",
            configuration: .init(
                metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: 5),
            closure: { benchmark in
                // The bytes are copied, and the app freed, outside the measurement.
                let data = Data(fixture.manifest)
                benchmark.startMeasurement()
                let app = try ManifestLoader.load(data, file: "manifest.json")
                benchmark.stopMeasurement()
                blackHole(app)
            },
            setup: { fixture.setUp() },
            teardown: { fixture.tearDown() }
        )
    }

    // One pass over the timeline (the warm-up sample included): 1,000 entries per sample, so
    // every close and open applies to the state it was written for.
    let replayFixture = LoadingFixture(sessions: 1_000_000, makesTimeline: true)
    Benchmark(
        "replay realistic 1M (100k events, 10% lifecycle)",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(60),
            maxIterations: 110),
        closure: { benchmark in
            guard let router = replayFixture.router else { return }
            let timeline = replayFixture.timeline
            for _ in benchmark.scaledIterations {
                blackHole(try? router.apply(timeline[replayFixture.nextEntry % timeline.count]))
                replayFixture.nextEntry += 1
            }
        },
        setup: { replayFixture.setUp() },
        teardown: { replayFixture.tearDown() }
    )
}
