import ArgumentParser
import Foundation
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router bench`: the large-session benchmark of CONTRACT.md.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Benchmark the dispatch table against the linear reference router.",
            discussion: """
                Generates a deterministic workload (README: Performance), builds the table (time, bytes per
                session), routes every event through it (latency percentiles, throughput), routes a sample of the
                same events with the reference router, and counts disagreements (must be 0). Use a release build.
                """
        )

        @Option(help: "Number of open sessions.") var sessions: Int = 100_000
        @Option(help: "Workload mix: literal, realistic, regex-heavy, adversarial.") var mix: String = "realistic"
        @Option(help: "Number of events to route through the table.") var events: Int = 100_000
        @Option(help: "Workload seed.") var seed: UInt64 = 1
        @Option(help: "linear: also route a sample with the reference router; none: skip it.") var baseline: String = "linear"
        @Option(help: "Events in the linear sample (default: as many as fit in about 10 seconds, at most 200).")
        var baselineEvents: Int?
        @Option(help: "Write the generated manifest (JSON) to this file.") var writeManifest: String?
        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard WorkloadMix(rawValue: mix) != nil else {
                throw ValidationError("unknown mix '\(mix)'; expected one of \(WorkloadMix.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard sessions >= 0, events > 0 else { throw ValidationError("--sessions must be >= 0 and --events > 0") }
            guard baseline == "linear" || baseline == "none" else { throw ValidationError("--baseline is linear or none") }
        }

        func run() throws {
            let mix = WorkloadMix(rawValue: mix)!
            progress("generating \(sessions) sessions (\(mix.rawValue)), \(events) events, seed \(seed)")
            let workload = WorkloadGenerator.make(mix: mix, sessions: sessions, events: events, seed: seed)
            if let writeManifest {
                try ManifestWriter.write(workload.app, to: writeManifest)
                progress("wrote \(writeManifest)")
            }

            progress("building the dispatch table")
            let residentBefore = Self.residentBytes()
            let buildStart = DispatchTime.now().uptimeNanoseconds
            let router = SceneRouter(app: workload.app)
            let buildNanos = DispatchTime.now().uptimeNanoseconds - buildStart
            let residentAfter = Self.residentBytes()
            let bytesPerSession = sessions > 0 ? Double(max(0, residentAfter - residentBefore)) / Double(sessions) : 0

            progress("routing \(events) events through the table")
            var latencies = [UInt64](repeating: 0, count: workload.events.count)
            var decisions: [RoutingDecision] = []
            decisions.reserveCapacity(workload.events.count)
            let routeStart = DispatchTime.now().uptimeNanoseconds
            for (index, identifier) in workload.events.enumerated() {
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

            progress("measuring churn (open, update state, update preference, close)")
            let churn = measureChurn(router, template: workload.app.sessions.first, count: min(20_000, max(1_000, sessions)))

            var linear: LinearRecord?
            var agreement: AgreementRecord?
            if baseline == "linear" {
                var sample = baselineEvents ?? 200
                var linearLatencies: [UInt64] = []
                var mismatches = 0
                var checked = 0
                let stride = max(1, workload.events.count / max(1, sample))
                var index = 0
                progress("routing a sample with the reference router (every session, one by one)")
                let budgetStart = DispatchTime.now().uptimeNanoseconds
                while index < workload.events.count && checked < sample {
                    let identifier = workload.events[index]
                    let start = DispatchTime.now().uptimeNanoseconds
                    let expected = ReferenceRouter.route(identifier: identifier, in: workload.app)
                    linearLatencies.append(DispatchTime.now().uptimeNanoseconds - start)
                    if expected.action != decisions[index].action || expected.reason != decisions[index].reason { mismatches += 1 }
                    checked += 1
                    index += stride
                    if checked == 3, baselineEvents == nil {
                        // Fit the default sample into about ten seconds.
                        let perEvent = max(1, (DispatchTime.now().uptimeNanoseconds - budgetStart) / 3)
                        sample = max(3, min(200, Int(10_000_000_000 / perEvent)))
                    }
                    if checked % 20 == 0 { progress("  \(checked)/\(sample) reference routes") }
                }
                let linearSorted = linearLatencies.sorted()
                linear = LinearRecord(events: checked, p50Nanos: linearSorted[linearSorted.count / 2])
                agreement = AgreementRecord(checked: checked, mismatches: mismatches)
            }

            let p50 = percentile(0.5)
            let record = BenchRecord(
                sessions: sessions, mix: mix.rawValue, events: events, seed: seed,
                build: BuildRecord(seconds: Double(buildNanos) / 1e9, bytesPerSession: Int(bytesPerSession.rounded())),
                indexed: IndexedRecord(
                    p50Nanos: p50, p90Nanos: percentile(0.9), p99Nanos: percentile(0.99), p999Nanos: percentile(0.999),
                    routesPerSecond: Int(Double(events) / (Double(routeNanos) / 1e9))),
                churn: churn,
                linear: linear, speedupP50: linear.map { Int(Double($0.p50Nanos) / Double(max(1, p50))) },
                agreement: agreement)
            switch output.format {
            case .json:
                StandardStreams.write(JSONLines.line(record))
            case .text:
                StandardStreams.write(record.text)
            }
            StandardStreams.flush()
            if let agreement, agreement.mismatches > 0 {
                StandardStreams.error("error: the table disagreed with the reference router on \(agreement.mismatches) events")
                throw ExitCode(1)
            }
        }

        /// Times single churn operations on the built table, as an app would issue them: a new
        /// window opens with its own preferred identifier, becomes key, changes its preference
        /// (Safari-style, as tabs change) and closes.
        private func measureChurn(_ router: SceneRouter, template: SceneSession?, count: Int) -> ChurnRecord? {
            guard let template else { return nil }
            var latencies: [UInt64] = []
            latencies.reserveCapacity(count * 4)
            func timed(_ body: () -> Void) {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                latencies.append(DispatchTime.now().uptimeNanoseconds - start)
            }
            for index in 0..<count {
                var session = template
                session.id = "churn-\(index)"
                let preferred = try! ActivationPredicate(format: "SELF == %@", arguments: [.string("churn.window.\(index)")])
                let changed = try! ActivationPredicate(format: "SELF == %@", arguments: [.string("churn.window.\(index).tab-2")])
                session.conditions.prefersToActivate = preferred
                timed { router.open(session) }
                timed { router.update(SessionUpdate(id: session.id, state: .foregroundActive, lastActive: 10_000_000 + index)) }
                timed { router.update(SessionUpdate(id: session.id, prefersToActivate: changed)) }
                timed { router.close(sessionID: session.id) }
            }
            let sorted = latencies.sorted()
            return ChurnRecord(
                operations: sorted.count, p50Nanos: sorted[sorted.count / 2], p99Nanos: sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
        }

        private func progress(_ message: String) {
            StandardStreams.error("bench: \(message)")
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

private struct BuildRecord: Encodable { var seconds: Double; var bytesPerSession: Int }
private struct IndexedRecord: Encodable {
    var p50Nanos, p90Nanos, p99Nanos, p999Nanos: UInt64
    var routesPerSecond: Int
}
private struct LinearRecord: Encodable { var events: Int; var p50Nanos: UInt64 }
private struct ChurnRecord: Encodable { var operations: Int; var p50Nanos: UInt64; var p99Nanos: UInt64 }
private struct AgreementRecord: Encodable { var checked: Int; var mismatches: Int }
private struct BenchRecord: Encodable {
    var sessions: Int
    var mix: String
    var events: Int
    var seed: UInt64
    var build: BuildRecord
    var indexed: IndexedRecord
    var churn: ChurnRecord?
    var linear: LinearRecord?
    var speedupP50: Int?
    var agreement: AgreementRecord?

    var text: String {
        var lines = [
            "\(sessions) sessions, mix \(mix), \(events) events, seed \(seed)",
            String(format: "build: %.2f s, %d bytes/session", build.seconds, build.bytesPerSession),
            "indexed: p50 \(indexed.p50Nanos) ns, p90 \(indexed.p90Nanos) ns, p99 \(indexed.p99Nanos) ns, p99.9 \(indexed.p999Nanos) ns, \(indexed.routesPerSecond) routes/s",
        ]
        if let churn { lines.append("churn: p50 \(churn.p50Nanos) ns, p99 \(churn.p99Nanos) ns over \(churn.operations) operations") }
        if let linear { lines.append("linear: p50 \(linear.p50Nanos) ns over \(linear.events) events") }
        if let speedupP50 { lines.append("speedup (p50): \(speedupP50)x") }
        if let agreement { lines.append("agreement: \(agreement.mismatches) mismatches in \(agreement.checked) events") }
        return lines.joined(separator: "\n")
    }
}
