import Foundation
import SceneRouterWorkloads
import SceneRouting
import Testing

@Suite struct CompileAndBenchTests {
    @Test func compileShowsTheTableShape() throws {
        let result = try CLIRunner.run(["compile", "--manifest", "Fixtures/apps/mail.json", "--format", "json"])
        #expect(result.status == 0)
        let shape = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(shape["sessions"] as? Int == 5)
        let prefer = try #require(shape["prefersToActivate"] as? [String: Any])
        let can = try #require(shape["canActivate"] as? [String: Any])
        // Four window sessions: four distinct preferences, two distinct canActivate (main-1 and
        // main-2 share one; compose-7 and viewer-3 share FALSEPREDICATE). The external display
        // session is not routed.
        #expect(prefer["groups"] as? Int == 4)
        #expect(prefer["residual"] as? Int == 0)
        #expect(can["groups"] as? Int == 2)
        #expect(can["never"] as? Int == 1)
        #expect((shape["bytes"] as? Int ?? 0) > 0)
    }

    /// Has `bench` write the manifest of a generated workload into a new temporary directory
    /// (the caller removes it); returns the directory and the manifest's path.
    private func writeBenchManifest(sessions: Int, events: Int, mix: String, seed: Int) throws -> (URL, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let manifest = directory.appendingPathComponent("workload.json").path
        let bench = try CLIRunner.run([
            "bench", "--sessions", "\(sessions)", "--events", "\(events)", "--mix", mix, "--seed", "\(seed)", "--baseline",
            "none", "--write-manifest", manifest,
        ])
        #expect(bench.status == 0, "\(bench.stderr)")
        return (directory, manifest)
    }

    /// Regexes that share every literal are counted as pattern sets, not as crowded keys.
    @Test func compileCountsPatternSets() throws {
        #if !Hyperscan
        return
        #endif
        let (directory, manifest) = try writeBenchManifest(sessions: 2_000, events: 10, mix: "shared-literals", seed: 3)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = try CLIRunner.run(["compile", "--manifest", manifest, "--format", "json"])
        #expect(json.status == 0)
        let shape = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let prefer = try #require(shape["prefersToActivate"] as? [String: Any])
        let (sets, members) = (prefer["patternSets"] as? Int ?? 0, prefer["patternSetMembers"] as? Int ?? 0)
        #expect(sets >= 1)
        #expect(members >= 8 * sets)
        let text = try CLIRunner.run(["compile", "--manifest", manifest])
        #expect(text.stdout.contains("    pattern sets: \(sets), deciding \(members) regexes in one pass each\n"))
        // Left one by one under `ticket-`: fewer than the eight that make a set.
        let crowded = (prefer["crowdedKeys"] as? [[String: Any]] ?? []).first { $0["literal"] as? String == "ticket-" }
        #expect((crowded?["groups"] as? Int ?? 0) < 8)
    }

    @Test(arguments: ["literal", "realistic", "regex-heavy", "adversarial", "crowded", "shared-literals", "window-identity"])
    func benchAgreesWithTheReference(_ mix: String) throws {
        let result = try CLIRunner.run([
            "bench", "--sessions", "300", "--events", "300", "--mix", mix, "--seed", "5", "--baseline-events", "60",
            "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["sessions"] as? Int == 300)
        #expect(record["mix"] as? String == mix)
        let agreement = try #require(record["agreement"] as? [String: Any])
        #expect(agreement["checked"] as? Int == 60)
        #expect(agreement["mismatches"] as? Int == 0)
        #expect((record["churn"] as? [String: Any])?["p99Nanos"] is Int)
        let indexed = try #require(record["indexed"] as? [String: Any])
        for key in ["p50Nanos", "p90Nanos", "p99Nanos", "p999Nanos", "routesPerSecond", "timerFloorNanos"] {
            #expect(indexed[key] is Int, "\(key)")
        }
        #expect(record["speedupP50"] is Int)
        // The figures say which build they come from; a debug build says so first on stderr.
        // The tool under test is built as the tests are.
        #if DEBUG
            #expect(record["configuration"] as? String == "debug")
            #expect(result.stderr.hasPrefix("warning: this scene-router is a debug build"))
            let progress = result.stderr.split(separator: "\n").dropFirst().joined(separator: "\n")
        #else
            #expect(record["configuration"] as? String == "release")
            let progress = result.stderr
        #endif
        // Not a terminal: the first progress line, then at most one every few seconds.
        #expect(progress.hasPrefix("bench: generating 300 sessions"))
        #expect(!result.stderr.contains("\r"))
    }

    /// The manifest `bench --write-manifest` writes loads, checks clean, and routes every event
    /// of the workload exactly as the reference router routes the generated app in memory.
    @Test func writtenManifestLoadsAndRoutesTheSame() throws {
        let (directory, manifest) = try writeBenchManifest(sessions: 120, events: 40, mix: "adversarial", seed: 3)
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = try CLIRunner.run(["check", "--manifest", manifest, "--format", "json"])
        #expect(check.status == 0, "\(check.stderr)")

        let workload = WorkloadGenerator.make(mix: .adversarial, sessions: 120, events: 40, seed: 3)
        let events = workload.events.map { identifier in
            identifier.map { #"{"identifier":"# + JSONStringLiteral.quoted($0) + "}" } ?? #"{"identifier":null}"#
        }
        let eventsFile = directory.appendingPathComponent("events.jsonl")
        try Data((events.joined(separator: "\n") + "\n").utf8).write(to: eventsFile)
        let routed = try CLIRunner.run(["route", "--manifest", manifest, "--events", eventsFile.path, "--format", "json"])
        #expect(routed.status == 0, "\(routed.stderr)")
        let lines = routed.stdout.split(separator: "\n")
        #expect(lines.count == workload.events.count)
        var differences: [String] = []
        for (index, line) in lines.enumerated() where index < workload.events.count {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let expected = ReferenceRouter.route(identifier: workload.events[index], in: workload.app)
            let (action, target): (String, String?) =
                switch expected.action {
                case .activate(let session): ("activate", session)
                case .create(let declaration, _): ("create", declaration)
                case .unhandled: ("unhandled", nil)
                }
            let routedTarget = (record["session"] ?? record["declaration"]) as? String
            if record["action"] as? String != action || routedTarget != target || record["reason"] as? String != expected.reason.rawValue {
                differences.append("event \(index) \(workload.events[index] ?? "nil"): \(line) ≠ \(expected)")
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func benchMeasuresThroughputOnSeveralThreads() throws {
        let result = try CLIRunner.run([
            "bench", "--sessions", "200", "--events", "400", "--baseline", "none", "--routing-threads", "2", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let throughput = try #require(record["throughput"] as? [String: Any])
        #expect(throughput["threads"] as? Int == 2)
        #expect((throughput["routesPerSecondOneThread"] as? Int ?? 0) > 0)
        #expect((throughput["routesPerSecond"] as? Int ?? 0) > 0)
        #expect((throughput["scaling"] as? Double ?? 0) > 0)
    }

    /// The table's bytes per session are the same in identical seeded runs, at any size;
    /// the resident figure is reported beside them.
    @Test func benchBytesPerSessionAreDeterministic() throws {
        for sessions in [10, 100, 1000] {
            let runs = try (0..<2).map { _ in
                let result = try CLIRunner.run([
                    "bench", "--sessions", "\(sessions)", "--events", "50", "--baseline", "none", "--seed", "7", "--format", "json",
                ])
                #expect(result.status == 0, "\(result.stderr)")
                let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                return try #require(record["build"] as? [String: Any])
            }
            let bytes = runs.map { $0["bytesPerSession"] as? Int }
            #expect(bytes[0] != nil && bytes[0] == bytes[1] && bytes[0]! > 0, "\(sessions) sessions: \(bytes)")
            #expect(runs.allSatisfy { $0["residentBytesPerSession"] is Int })
        }
    }

    /// `--engines linear` routes the same events through a linear scan, timed per route and
    /// checked against the table; an unknown engine is a usage error.
    @Test func benchSetsTheLinearScanBesideTheTable() throws {
        let result = try CLIRunner.run([
            "bench", "--sessions", "500", "--events", "300", "--engines", "scenerouter,linear", "--baseline", "none", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let engines = try #require(record["engines"] as? [[String: Any]])
        #expect(engines.count == 1)
        #expect(engines.first?["engine"] as? String == "linear")
        #expect(engines.first?["mismatches"] as? Int == 0)
        #expect((engines.first?["events"] as? Int ?? 0) >= 3)
        #expect((engines.first?["p99Nanos"] as? Int ?? 0) >= (engines.first?["p50Nanos"] as? Int ?? .max))
        #expect(record["reference"] == nil)
        #expect(try CLIRunner.run(["bench", "--engines", "scenerouter,hyperscan"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--engines", "linear"]).status == 64)
        // The reference's old name still works.
        let old = try CLIRunner.run(["bench", "--sessions", "50", "--events", "50", "--baseline", "linear", "--format", "json"])
        #expect(old.status == 0 && old.stdout.contains(#""reference":{"#))
    }

    @Test func benchUsageErrors() throws {
        #expect(try CLIRunner.run(["bench", "--routing-threads", "1"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--mix", "nope"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--baseline", "quadratic"]).status == 64)
        #expect(try CLIRunner.run(["compile"]).status == 64)
    }
}
