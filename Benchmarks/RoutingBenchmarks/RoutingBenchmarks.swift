import Benchmark
import SceneRouting

/// Typical activation conditions, each evaluated against identifiers that match and that
/// do not. Run with `swift package --disable-sandbox benchmark` (release build).
private let predicateCases: [(name: String, format: String, arguments: [PredicateArgument], identifiers: [String])] = [
    ("==", "SELF == %@", ["com.example.mail.window.9F3A"],
     ["com.example.mail.window.9F3A", "com.example.mail.window.0000"]),
    ("IN", "SELF IN %@", [["mail.inbox", "mail.inbox/", "mail.outbox", "mail.drafts", "mail.sent"]],
     ["mail.inbox/", "mail.archive"]),
    ("BEGINSWITH", "SELF BEGINSWITH 'mail.thread.'", [], ["mail.thread.42", "compose.draft.7"]),
    ("CONTAINS[cd]", "SELF CONTAINS[cd] 'group'", [], ["sms:Group-17", "sms:person-3"]),
    ("LIKE", "SELF LIKE '*.pdf'", [], ["attachments/report-2026.pdf", "attachments/photo.jpg"]),
    ("MATCHES", "SELF MATCHES 'doc-[0-9]{1,6}'", [], ["doc-123456", "doc-12x"]),
    ("MATCHES[c]", "SELF MATCHES[c] 'DOC-[0-9]+'", [], ["doc-42", "DOC-X"]),
    ("compound", "(SELF BEGINSWITH[c] 'sms:' AND SELF CONTAINS 'group') OR SELF ENDSWITH '.pdf' OR NOT SELF == 'x'", [],
     ["SMS:group-1", "a.pdf", "x"]),
]

let benchmarks: @Sendable () -> Void = {
    predicateBenchmarks()
    routingBenchmarks()
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

/// Routing through the dispatch table, table builds and churn, per workload mix.
/// (1M sessions is measured with `scene-router bench`, whose setup fits this harness poorly.)
let routingBenchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
    for mix in [WorkloadMix.literal, .realistic, .regexHeavy, .adversarial] {
        for sessions in [10_000, 100_000] {
            let workload = WorkloadGenerator.make(mix: mix, sessions: sessions, events: 4_096, seed: 1)
            let router = SceneRouter(app: workload.app)
            let events = workload.events
            Benchmark(
                "route \(mix.rawValue) \(sessions / 1_000)k",
                configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3))
            ) { benchmark in
                for iteration in benchmark.scaledIterations {
                    blackHole(router.route(identifier: events[iteration % events.count]))
                }
            }
        }
    }

    let buildWorkload = WorkloadGenerator.make(mix: .realistic, sessions: 10_000, events: 1, seed: 2)
    Benchmark("build realistic 10k", configuration: .init(metrics: metrics, maxDuration: .seconds(3))) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(SceneRouter(app: buildWorkload.app)) }
    }

    let churnWorkload = WorkloadGenerator.make(mix: .realistic, sessions: 100_000, events: 1, seed: 3)
    let churnRouter = SceneRouter(app: churnWorkload.app)
    let template = churnWorkload.app.sessions[0]
    nonisolated(unsafe) var counter = 0
    Benchmark(
        "churn open+update+close realistic 100k",
        configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(3))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            counter += 1
            var session = template
            session.id = "churn-\(counter)"
            churnRouter.open(session)
            var update = SessionUpdate(id: session.id)
            update.state = .foregroundActive
            update.lastActive = 2_000_000 + counter
            churnRouter.update(update)
            churnRouter.close(sessionID: session.id)
        }
    }
}
