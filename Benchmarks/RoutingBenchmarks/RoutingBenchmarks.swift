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
