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
            "bench", "--sessions", "\(sessions)", "--events", "\(events)", "--mix", mix, "--seed", "\(seed)",
            "--baseline",
            "none", "--write-manifest", manifest,
        ])
        #expect(bench.status == 0, "\(bench.stderr)")
        return (directory, manifest)
    }

    /// Whether this build decides crowded regexes with Hyperscan pattern sets.
    static let buildsPatternSets: Bool = {
        #if Hyperscan
        true
        #else
        false
        #endif
    }()

    /// Regexes that share every literal are counted as pattern sets, not as crowded keys.
    @Test(.enabled(if: buildsPatternSets, "the Hyperscan trait is off in this build"))
    func compileCountsPatternSets() throws {
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

    @Test(arguments: [
        "literal", "realistic", "regex-heavy", "adversarial", "crowded", "shared-literals", "window-identity",
        "mixed-operators",
    ])
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
        let routed = try CLIRunner.run([
            "route", "--manifest", manifest, "--events", eventsFile.path, "--format", "json",
        ])
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
            if record["action"] as? String != action || routedTarget != target
                || record["reason"] as? String != expected.reason.rawValue
            {
                differences.append("event \(index) \(workload.events[index] ?? "nil"): \(line) ≠ \(expected)")
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func benchMeasuresThroughputOnSeveralThreads() throws {
        let result = try CLIRunner.run([
            "bench", "--sessions", "200", "--events", "400", "--baseline", "none", "--routing-threads", "2", "--format",
            "json",
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
                    "bench", "--sessions", "\(sessions)", "--events", "50", "--baseline", "none", "--seed", "7",
                    "--format", "json",
                ])
                #expect(result.status == 0, "\(result.stderr)")
                let record = try #require(
                    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                return try #require(record["build"] as? [String: Any])
            }
            let bytes = runs.map { $0["bytesPerSession"] as? Int }
            #expect(bytes[0] != nil && bytes[0] == bytes[1] && bytes[0]! > 0, "\(sessions) sessions: \(bytes)")
            #expect(runs.allSatisfy { $0["residentBytesPerSession"] is Int })
        }
    }

    /// `bench --format json` over 2,000 sessions of the mixed-operators mix: its record.
    private func mixedOperatorsBench(events: Int) throws -> [String: Any] {
        let json = try CLIRunner.run([
            "bench", "--sessions", "2000", "--events", "\(events)", "--baseline", "none", "--mix", "mixed-operators",
            "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    }

    /// Every route is counted once, under what decided it: on the mixed-operators mix, each
    /// operator's format is a group of its own.
    @Test func benchGroupsLatencyByDecider() throws {
        let record = try mixedOperatorsBench(events: 4000)
        let indexed = try #require(record["indexed"] as? [String: Any])
        let deciders = try #require(indexed["byDecider"] as? [[String: Any]])
        let labels = deciders.compactMap { $0["label"] as? String }
        for format in [
            "SELF == %@", "SELF IN %@", "SELF BEGINSWITH %@", "SELF ENDSWITH %@", "SELF CONTAINS[c] %@", "SELF LIKE %@",
            "SELF MATCHES %@",
        ] {
            #expect(labels.contains("prefersToActivate \(format)"), "\(labels)")
        }
        let counts = deciders.compactMap { $0["events"] as? Int }
        #expect(counts.reduce(0, +) == 4000)
        // Most events first; the folded groups, if any, last.
        let ranked = labels.last == "other" ? Array(counts.dropLast()) : counts
        #expect(ranked == ranked.sorted(by: >), "\(labels) \(counts)")
        for decider in deciders {
            let p50 = try #require(decider["p50Nanos"] as? Int)
            #expect(p50 > 0 && p50 <= (decider["p99Nanos"] as? Int ?? 0), "\(decider)")
        }

        let text = try CLIRunner.run(["bench", "--sessions", "200", "--events", "200", "--baseline", "none"])
        #expect(text.stdout.contains("\n  decided by prefersToActivate "), "\(text.stdout)")
    }

    /// `bench` measures the memory of load and build: the loaded app's heap bytes (sessions
    /// and compiled predicates), the table's own count, the resident growth once the loaded
    /// app is released and at the peak, and the heap still in use.
    @Test func benchReportsMemoryInAll() throws {
        let record = try mixedOperatorsBench(events: 50)
        let build = try #require(record["build"] as? [String: Any])
        let memory = try #require(build["memory"] as? [String: Any])
        let tableBytes = try #require(memory["tableBytes"] as? Int)
        #expect(Int((Double(tableBytes) / 2000).rounded()) == build["bytesPerSession"] as? Int)
        // Every session holds at least its own record and one compiled predicate of its own.
        let appHeap = try #require(memory["appHeapBytes"] as? Int)
        #expect(appHeap > 2000 * 100, "\(memory)")
        #expect(memory["appHeapBytesPerSession"] as? Int == Int((Double(appHeap) / 2000).rounded()))
        #expect((memory["residentBytes"] as? Int ?? -1) >= 0 && memory["residentBytesPerSession"] is Int)
        #expect((memory["peakResidentBytes"] as? Int ?? -1) >= 0 && memory["peakResidentBytesPerSession"] is Int)
        // Released with the loaded app: at least its session records, which the table does
        // not share.
        let retained = try #require(memory["retainedHeapBytes"] as? Int)
        #expect(retained > 0 && retained < appHeap + tableBytes, "\(memory)")
        #expect((build["loadSeconds"] as? Double ?? 0) > 0)

        let text = try CLIRunner.run(["bench", "--sessions", "200", "--events", "50", "--baseline", "none"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\nmemory in all: "), "\(text.stdout)")
        #expect(text.stdout.contains("\nload: "), "\(text.stdout)")
    }

    /// `--engines linear` routes the same events through a linear scan, timed per route and
    /// checked against the table; an unknown engine is a usage error.
    @Test func benchSetsTheLinearScanBesideTheTable() throws {
        let result = try CLIRunner.run([
            "bench", "--sessions", "500", "--events", "300", "--engines", "scenerouter,linear", "--baseline", "none",
            "--format", "json",
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
        #expect(try CLIRunner.run(["bench", "--engines", "scenerouter,pcre"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--engines", "linear"]).status == 64)
        // The reference's old name still works.
        let old = try CLIRunner.run([
            "bench", "--sessions", "50", "--events", "50", "--baseline", "linear", "--format", "json",
        ])
        #expect(old.status == 0 && old.stdout.contains(#""reference":{"#))
    }

    /// `--engines hyperscan,re2set` builds each regex-set peer over the same conditions and
    /// routes the same events through it, with no decision unlike the table's.
    @Test func benchSetsTheRegexSetEnginesBesideTheTable() throws {
        let result = try CLIRunner.run([
            "bench", "--sessions", "300", "--events", "300", "--mix", "crowded", "--engines",
            "scenerouter,hyperscan,re2set",
            "--baseline", "none", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let engines = try #require(record["engines"] as? [[String: Any]])
        #expect(engines.map { $0["engine"] as? String } == ["hyperscan", "re2set"])
        for engine in engines {
            #expect(engine["failure"] == nil, "\(engine)")
            #expect(engine["mismatches"] as? Int == 0, "\(engine)")
            #expect((engine["expressions"] as? Int ?? 0) > 100, "\(engine)")
            #expect((engine["events"] as? Int ?? 0) >= 3, "\(engine)")
        }
        #expect((engines[0]["compiledBytes"] as? Int ?? 0) > 0)
    }

    /// `bench --sweep` measures every configuration in a process of its own and writes one
    /// row per engine, with the machine, commit and date; counts take k and M.
    @Test func benchSweepWritesARowPerEngineAndConfiguration() throws {
        let result = try CLIRunner.run([
            "bench", "--sweep", "--sessions", "20,100", "--mix", "literal,unicode",
            "--engines", "scenerouter,linear", "--events", "100", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(
            rows.map { "\($0["mix"]!) \($0["sessions"]!) \($0["engine"]!)" } == [
                "literal 20 scenerouter", "literal 20 linear", "literal 100 scenerouter", "literal 100 linear",
                "unicode 20 scenerouter", "unicode 20 linear", "unicode 100 scenerouter", "unicode 100 linear",
            ])
        for row in rows {
            #expect(row["status"] as? String == "ok", "\(row)")
            #expect(row["mismatches"] as? Int == 0, "\(row)")
            #expect((row["p99Nanos"] as? Int ?? 0) >= (row["p50Nanos"] as? Int ?? .max), "\(row)")
            #expect((row["machine"] as? String ?? "").contains("cores"), "\(row)")
            #expect(row["commit"] is String && row["date"] is String && row["version"] is String)
        }
        #expect(
            rows.filter { $0["engine"] as? String == "scenerouter" }.allSatisfy {
                ($0["bytesPerSession"] as? Int ?? 0) > 0 && $0["memoryBytesPerSession"] is Int
                    && ($0["loadSeconds"] as? Double ?? 0) > 0
            })

        let csv = try CLIRunner.run(["bench", "--sweep", "--sessions", "10", "--mix", "literal", "--events", "50"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\n")
        #expect(
            lines.count == 2 && lines[0].hasPrefix("engine,mix,sessions,status,")
                && lines[0].hasSuffix(",load_s,memory_bytes_per_session")
                && lines[1].hasPrefix("scenerouter,literal,10,ok,"))
        // The row ends with the configuration, the load time and the memory in all.
        let last = lines.count == 2 ? Array(lines[1].split(separator: ",").suffix(3)) : []
        #expect(
            last.count == 3 && ["debug", "release"].contains(last[0]) && Double(last[1]) != nil && Int(last[2]) != nil,
            "\(lines)")

        // --output: the rows go to the file, CSV for a .csv name.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sweep-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rows.csv").path
        let written = try CLIRunner.run([
            "bench", "--sweep", "--sessions", "10", "--mix", "literal", "--events", "50", "--output", path,
        ])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        let fileRows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(fileRows.count == 2 && fileRows[1].hasPrefix("scenerouter,literal,10,ok,"))
        let unwritable = try CLIRunner.run([
            "bench", "--sweep", "--sessions", "10", "--output", folder.path + "/missing/rows.jsonl",
        ])
        #expect(unwritable.status == 2 && unwritable.stderr.contains("cannot create the file"))
        #expect(try CLIRunner.run(["bench", "--output", path]).status == 64)
    }

    /// A configuration that outlives `--timeout` is stopped and says so; its engine is not
    /// run at the larger sizes, which say where it stopped.
    @Test func benchSweepStopsAConfigurationThatTakesTooLong() throws {
        let result = try CLIRunner.run([
            "bench", "--sweep", "--sessions", "300k,600k", "--mix", "literal", "--events", "100", "--timeout", "1",
            "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(rows.map { $0["status"] as? String } == ["timed out after 1 s", "not run: stopped at 300000 sessions"])
        #expect(rows.allSatisfy { $0["p50Nanos"] == nil })
    }

    @Test func benchUsageErrors() throws {
        #expect(try CLIRunner.run(["bench", "--sessions", "10,20"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--sessions", "1.5k"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--sweep", "--sessions", "10,"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--sweep", "--timeout", "0"]).status == 64)
        let single = try CLIRunner.run(["bench", "--sweep", "--sessions", "10", "--routing-threads", "2"])
        #expect(
            single.status == 64
                && single.stderr.contains("--routing-threads measure one run and are not taken with --sweep"))
        #expect(try CLIRunner.run(["bench", "--routing-threads", "1"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--mix", "nope"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--baseline", "quadratic"]).status == 64)
        #expect(try CLIRunner.run(["compile"]).status == 64)
    }
}
