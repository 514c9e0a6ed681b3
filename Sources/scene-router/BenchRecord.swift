import Foundation

/// `bench --format json`: the measured figures, one object per run.
struct BuildRecord: Encodable {
    var seconds: Double
    /// The table's bytes per session by its own accounting: the same for a given seed.
    var bytesPerSession: Int
    /// The growth of the resident set per session while the table was built: what the
    /// process pays, allocator slack and page rounding included; varies between runs.
    var residentBytesPerSession: Int
}
struct IndexedRecord: Encodable {
    var p50Nanos, p90Nanos, p99Nanos, p999Nanos: UInt64
    var routesPerSecond: Int
    /// The median of an empty timed span: the clock's own cost, which every latency above
    /// includes (they are not corrected for it).
    var timerFloorNanos: UInt64
}
struct LinearRecord: Encodable { var events: Int; var p50Nanos: UInt64 }
/// A peer engine routing the same events (`--engines`), checked against the table.
struct EngineRecord: Encodable {
    var engine: String
    var events: Int
    var buildSeconds: Double
    var p50Nanos: UInt64
    var p90Nanos: UInt64
    var p99Nanos: UInt64
    /// Decisions (action and reason) that differ from the table's.
    var mismatches: Int
}
struct ChurnRecord: Encodable {
    var operations: Int
    var readers: Int
    var p50Nanos: UInt64
    var p99Nanos: UInt64
    var maxNanos: UInt64
    var readerRoutesPerSecond: Int?
}
struct LongRecord: Encodable {
    var bytes: Int
    var kind: String
    var routes: Int
    var p50Nanos: UInt64
    var p99Nanos: UInt64
    var maxNanos: UInt64
}

/// Routes per second with `threads` threads routing at once, and with one.
struct ThroughputRecord: Encodable {
    var threads: Int
    var routesPerSecondOneThread: Int
    var routesPerSecond: Int
    var scaling: Double
}

struct AgreementRecord: Encodable { var checked: Int; var mismatches: Int }
struct BenchRecord: Encodable {
    var sessions: Int
    var mix: String
    var events: Int
    var seed: UInt64
    var build: BuildRecord
    var indexed: IndexedRecord
    var churn: ChurnRecord?
    var throughput: ThroughputRecord?
    var long: [LongRecord]?
    /// The reference router's sample (`--baseline reference`).
    var reference: LinearRecord?
    var speedupP50: Int?
    var agreement: AgreementRecord?
    var engines: [EngineRecord]?
    /// `release` or `debug`: the build the figures come from.
    var configuration: String

    var text: String {
        var lines = [
            "\(sessions) sessions, mix \(mix), \(events) events, seed \(seed), \(configuration) build",
            String(
                format: "build: %.2f s, %d bytes/session (table), %d resident", build.seconds, build.bytesPerSession,
                build.residentBytesPerSession),
            "indexed: p50 \(indexed.p50Nanos) ns, p90 \(indexed.p90Nanos) ns, p99 \(indexed.p99Nanos) ns, p99.9 \(indexed.p999Nanos) ns, \(indexed.routesPerSecond) routes/s (timer floor \(indexed.timerFloorNanos) ns, included)",
        ]
        if let churn {
            lines.append(
                "churn: p50 \(churn.p50Nanos) ns, p99 \(churn.p99Nanos) ns, max \(churn.maxNanos) ns over \(churn.operations) operations"
                    + (churn.readers > 0 ? " while \(churn.readers) threads routed \(churn.readerRoutesPerSecond ?? 0) routes/s" : ""))
        }
        if let throughput {
            lines.append(
                "throughput: \(throughput.routesPerSecondOneThread) routes/s on 1 thread, \(throughput.routesPerSecond) on "
                    + String(format: "%d threads (%.2fx)", throughput.threads, throughput.scaling))
        }
        for record in long ?? [] {
            lines.append(
                "long \(record.kind) \(record.bytes) bytes: p50 \(record.p50Nanos) ns, p99 \(record.p99Nanos) ns, max \(record.maxNanos) ns")
        }
        for engine in engines ?? [] {
            lines.append(
                "\(engine.engine): p50 \(engine.p50Nanos) ns, p90 \(engine.p90Nanos) ns, p99 \(engine.p99Nanos) ns over \(engine.events) events, "
                    + String(format: "built in %.2f s, ", engine.buildSeconds) + "\(engine.mismatches) decisions unlike the table's")
        }
        if let reference { lines.append("reference: p50 \(reference.p50Nanos) ns over \(reference.events) events") }
        if let speedupP50 { lines.append("speedup (p50): \(speedupP50)x") }
        if let agreement { lines.append("agreement: \(agreement.mismatches) mismatches in \(agreement.checked) events") }
        return lines.joined(separator: "\n")
    }
}
