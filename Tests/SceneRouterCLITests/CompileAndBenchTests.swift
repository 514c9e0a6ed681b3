import Foundation
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

    @Test(arguments: ["literal", "realistic", "regex-heavy", "adversarial"])
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
        for key in ["p50Nanos", "p90Nanos", "p99Nanos", "p999Nanos", "routesPerSecond"] {
            #expect(indexed[key] is Int, "\(key)")
        }
        #expect(record["speedupP50"] is Int)
        // Not a terminal: the first progress line, then at most one every few seconds.
        #expect(result.stderr.hasPrefix("bench: generating 300 sessions"))
        #expect(!result.stderr.contains("\r"))
    }

    @Test func writtenManifestLoadsAndRoutesTheSame() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("workload.json").path
        let bench = try CLIRunner.run([
            "bench", "--sessions", "120", "--events", "10", "--mix", "adversarial", "--baseline", "none",
            "--write-manifest", manifest,
        ])
        #expect(bench.status == 0)
        let check = try CLIRunner.run(["check", "--manifest", manifest, "--format", "json"])
        #expect(check.status == 0, "\(check.stderr)")
        let routed = try CLIRunner.run(["route", "--manifest", manifest, "--format", "json", "doc-7-rev3", "section-3/x"])
        #expect(routed.status == 0)
        #expect(routed.stdout.split(separator: "\n").count == 2)
    }

    @Test func benchUsageErrors() throws {
        #expect(try CLIRunner.run(["bench", "--mix", "nope"]).status == 64)
        #expect(try CLIRunner.run(["bench", "--baseline", "quadratic"]).status == 64)
        #expect(try CLIRunner.run(["compile"]).status == 64)
    }
}
