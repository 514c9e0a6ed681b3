import Foundation
import SceneRouting

/// `bench --format json`: the measured figures, one object per run.
struct BuildRecord: Encodable {
    /// Building the table from the loaded app.
    var seconds: Double
    /// Loading the app from its manifest: parsing, validating, compiling every predicate.
    var loadSeconds: Double
    /// The table's bytes per session by its own accounting: the same for a given seed.
    var bytesPerSession: Int
    /// The growth of the resident set per session while the table was built: what the
    /// process pays, allocator slack and page rounding included; varies between runs.
    var residentBytesPerSession: Int
    var memory: MemoryRecord
}
/// What the process holds for the app: from before its manifest was loaded to after its
/// table was built.
struct MemoryRecord: Encodable {
    /// Resident-set growth over load and build, once the loaded app is released: what a
    /// program serving the app holds (the table, the compiled predicates it keeps, PCRE2's
    /// JIT code, allocator slack and page rounding); varies a little between runs.
    var residentBytes: Int
    var residentBytesPerSession: Int
    /// Resident-set growth at the end of the build, while the loaded app was still held: the
    /// most load and build need at once.
    var peakResidentBytes: Int
    var peakResidentBytesPerSession: Int
    /// Heap bytes in use after the load that were not before (malloc's count): the loaded
    /// app's sessions and compiled predicates, without the table and JIT code.
    var appHeapBytes: Int
    var appHeapBytesPerSession: Int
    /// Heap bytes still in use once the loaded app is released (malloc's count): the
    /// table's small allocations and the compiled predicates it keeps.
    var retainedHeapBytes: Int
    var retainedHeapBytesPerSession: Int
    /// The table's bytes by its own accounting (``BuildRecord/bytesPerSession`` in all).
    var tableBytes: Int
}
struct IndexedRecord: Encodable {
    var p50Nanos, p90Nanos, p99Nanos, p999Nanos: UInt64
    var routesPerSecond: Int
    /// The median of an empty timed span: the clock's own cost, which every latency above
    /// includes (they are not corrected for it).
    var timerFloorNanos: UInt64
    /// The same routes grouped by what decided them (the winning window's condition, or the
    /// reason when no window took the event).
    var byDecider: [DeciderRecord]
}
struct LinearRecord: Encodable {
    var events: Int
    var p50Nanos: UInt64
}
/// A peer engine routing the same events (`--engines`), checked against the table.
struct EngineRecord: Encodable {
    var engine: String
    /// Events routed and timed (as many as fit in about ten seconds); 0 when it did not build.
    var events: Int
    var buildSeconds: Double
    var p50Nanos: UInt64?
    var p90Nanos: UInt64?
    var p99Nanos: UInt64?
    var p999Nanos: UInt64?
    /// Timed routes a second: the events timed over the time they took.
    var routesPerSecond: Int?
    /// Decisions (action and reason) that differ from the table's.
    var mismatches: Int
    /// The growth of the resident set per session while the engine was built.
    var residentBytesPerSession: Int?
    /// The regex engines: distinct expressions compiled, the bytes the compiled sets hold
    /// (when the engine tells), the conditions evaluated on every route for want of a
    /// regular reading, and the timed routes left to the linear scan (identifiers that are
    /// not ASCII; scans the engine could not decide).
    var expressions: Int?
    var compiledBytes: Int?
    var evaluatedConditions: Int?
    var linearFallbacks: Int?
    /// Why the engine has no figures: it refused the conditions, or is not in this build.
    var failure: String?
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

/// Routes per second over the events routed one call each and in one batch
/// (`SceneRouter.route(contentsOf:into:)`): the best of three rounds each, taken in turn.
struct BatchRecord: Encodable {
    var routesPerSecondOneByOne: Int
    var routesPerSecondBatched: Int
    var speedup: Double
    /// Batched decisions unlike the one-by-one ones (action and reason): 0, or a bug.
    var mismatches: Int
}

struct AgreementRecord: Encodable {
    var checked: Int
    var mismatches: Int
}
struct BenchRecord: Encodable {
    var sessions: Int
    var mix: String
    var events: Int
    var seed: UInt64
    var build: BuildRecord
    var indexed: IndexedRecord
    var churn: ChurnRecord?
    var throughput: ThroughputRecord?
    var batch: BatchRecord
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
                format: "load: %.2f s; build: %.2f s, %d bytes/session (table), %d resident", build.loadSeconds,
                build.seconds, build.bytesPerSession, build.residentBytesPerSession),
            String(
                format:
                    "memory in all: %.1f MiB resident, %d bytes/session serving (heap %d, table %d); "
                    + "%d bytes/session at the peak (loaded app %d)",
                Double(build.memory.residentBytes) / 1_048_576, build.memory.residentBytesPerSession,
                build.memory.retainedHeapBytesPerSession, build.bytesPerSession,
                build.memory.peakResidentBytesPerSession, build.memory.appHeapBytesPerSession),
            "indexed: p50 \(indexed.p50Nanos) ns, p90 \(indexed.p90Nanos) ns, p99 \(indexed.p99Nanos) ns, p99.9 \(indexed.p999Nanos) ns, \(indexed.routesPerSecond) routes/s (timer floor \(indexed.timerFloorNanos) ns, included)",
        ]
        for decider in indexed.byDecider {
            lines.append(
                "  decided by \(Diagnostic.printable(decider.label)): \(decider.events) events, p50 \(decider.p50Nanos) ns, p99 \(decider.p99Nanos) ns"
            )
        }
        if let churn {
            lines.append(
                "churn: p50 \(churn.p50Nanos) ns, p99 \(churn.p99Nanos) ns, max \(churn.maxNanos) ns over \(churn.operations) operations"
                    + (churn.readers > 0
                        ? " while \(churn.readers) threads routed \(churn.readerRoutesPerSecond ?? 0) routes/s" : ""))
        }
        if let throughput {
            lines.append(
                "throughput: \(throughput.routesPerSecondOneThread) routes/s on 1 thread, \(throughput.routesPerSecond) on "
                    + String(format: "%d threads (%.2fx)", throughput.threads, throughput.scaling))
        }
        lines.append(
            "batched: \(batch.routesPerSecondBatched) routes/s against \(batch.routesPerSecondOneByOne) one by one "
                + String(format: "(%.2fx)", batch.speedup))
        for record in long ?? [] {
            lines.append(
                "long \(record.kind) \(record.bytes) bytes: p50 \(record.p50Nanos) ns, p99 \(record.p99Nanos) ns, max \(record.maxNanos) ns"
            )
        }
        for engine in engines ?? [] {
            guard let p50 = engine.p50Nanos, let p90 = engine.p90Nanos, let p99 = engine.p99Nanos else {
                lines.append(
                    "\(engine.engine): " + String(format: "did not build (%.2f s): ", engine.buildSeconds)
                        + (engine.failure ?? "unknown"))
                continue
            }
            var line =
                "\(engine.engine): p50 \(p50) ns, p90 \(p90) ns, p99 \(p99) ns over \(engine.events) events, "
                + String(format: "built in %.2f s, ", engine.buildSeconds)
                + "\(engine.mismatches) decisions unlike the table's"
            if let resident = engine.residentBytesPerSession { line += ", \(resident) resident bytes/session" }
            if let expressions = engine.expressions {
                line +=
                    "; \(expressions) expressions" + (engine.compiledBytes.map { " in \($0) bytes" } ?? "")
                    + ", \(engine.evaluatedConditions ?? 0) conditions evaluated on every route, "
                    + "\(engine.linearFallbacks ?? 0) routes left to the linear scan"
            }
            lines.append(line)
        }
        if let reference { lines.append("reference: p50 \(reference.p50Nanos) ns over \(reference.events) events") }
        if let speedupP50 { lines.append("speedup (p50): \(speedupP50)x") }
        if let agreement {
            lines.append("agreement: \(agreement.mismatches) mismatches in \(agreement.checked) events")
        }
        return lines.joined(separator: "\n")
    }
}
