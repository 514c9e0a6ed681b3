import Foundation
import Testing

/// Every `Fixtures/scenarios/<name>/` through the CLI binary: `route --events` (or `replay
/// --timeline` when a timeline is present) must print exactly `expected.jsonl`, and exit 2
/// exactly when the expected output holds an error record.
@Suite struct ScenarioTests {
    static let scenarioRoot = CLIRunner.packageRoot.appendingPathComponent("Fixtures/scenarios")

    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: scenarioRoot.path)) ?? []).sorted()

    @Test func thereAreEnoughScenarios() {
        #expect(Self.names.count >= 12)
    }

    @Test(arguments: names)
    func scenario(_ name: String) throws {
        let directory = Self.scenarioRoot.appendingPathComponent(name)
        let manifest = directory.appendingPathComponent("manifest.json").path
        let timeline = directory.appendingPathComponent("timeline.jsonl")
        let arguments =
            FileManager.default.fileExists(atPath: timeline.path)
            ? ["replay", "--manifest", manifest, "--timeline", timeline.path, "--format", "json"]
            : [
                "route", "--manifest", manifest, "--events", directory.appendingPathComponent("events.jsonl").path,
                "--format", "json",
            ]
        let expected = try String(contentsOf: directory.appendingPathComponent("expected.jsonl"), encoding: .utf8)
        let result = try CLIRunner.run(arguments)
        let actualLines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(actualLines.count == expectedLines.count, "line count")
        for (index, (actual, wanted)) in zip(actualLines, expectedLines).enumerated() {
            #expect(actual == wanted, "record \(index)")
        }
        let hasErrors = expected.contains("\"error\":")
        #expect(result.status == (hasErrors ? 2 : 0), "\(result.stderr)")
        if !hasErrors { #expect(result.stderr.isEmpty) }
    }
}
