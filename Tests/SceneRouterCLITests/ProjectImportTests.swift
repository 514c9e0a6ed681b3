import Foundation
import Testing

/// `import --app` and `check --app` on the apps with an Xcode project (golden files beside
/// each app, rewritten with `SCENE_ROUTER_WRITE_GOLDEN=1`), and `replay` of what-if
/// timelines on what they import.
@Suite struct ProjectImportTests {
    /// Each app, and the target its folder needs named.
    static let apps: [(name: String, target: [String])] = [
        ("Trailhead", []), ("Harbor", []), ("Ledger", ["--target", "Ledger"]),
    ]

    @Test(arguments: apps.map(\.name))
    func importsAsXcodeBuildsIt(_ name: String) throws {
        let target = Self.apps.first { $0.name == name }!.target
        let result = try CLIRunner.run(["import", "--app", "Fixtures/apps/\(name)"] + target)
        #expect(result.status == 0, "\(result.stderr)")
        try ImportCommandTests.expectGolden(result.stdout, "Fixtures/apps/\(name)/expected/manifest.json")
        #expect(
            result.stderr.contains(
                "Fixtures/apps/\(name): read as Xcode builds it: Fixtures/apps/\(name)/\(name).xcodeproj, target '\(name)'"
            ))

        let checked = try CLIRunner.run(["check", "--app", "Fixtures/apps/\(name)"] + target)
        #expect(checked.status == 0, "\(checked.stderr)")
        try ImportCommandTests.expectGolden(checked.stdout, "Fixtures/apps/\(name)/expected/check.txt")

        let replayed = try CLIRunner.run([
            "replay", "--manifest", "Fixtures/apps/\(name)/expected/manifest.json", "--timeline",
            "Fixtures/apps/\(name)/what-if.jsonl", "--explain",
        ])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        try ImportCommandTests.expectGolden(replayed.stdout, "Fixtures/apps/\(name)/expected/what-if.txt")
    }

    /// The Objective-C report window never takes an event, though it is in front; the
    /// external display's session (opened by its declaration) takes none either.
    @Test func decisionsFollowWhatTheProjectSays() throws {
        let ledger = try CLIRunner.run([
            "replay", "--manifest", "Fixtures/apps/Ledger/expected/manifest.json", "--timeline",
            "Fixtures/apps/Ledger/what-if.jsonl",
            "--format", "json",
        ])
        // Decisions only: opens without an id are answered with the id they received.
        let ledgerSessions = ledger.stdout.split(separator: "\n").compactMap { line -> String?? in
            guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                record["opened"] == nil
            else { return nil }
            return .some(record["session"] as? String)
        }
        #expect(ledgerSessions == ["Books-1", "Books-1", "Books-1"])

        let harbor = try CLIRunner.run([
            "replay", "--manifest", "Fixtures/apps/Harbor/expected/manifest.json", "--timeline",
            "Fixtures/apps/Harbor/what-if.jsonl",
            "--format", "json",
        ])
        let external = "Default Configuration (windowExternalDisplayNonInteractive)-1"
        #expect(!harbor.stdout.contains(#""session":"\#(external)""#))
        let weather = try #require(harbor.stdout.split(separator: "\n").first { $0.contains("weather.today") })
        #expect(weather.contains(#""action":"create""#))
    }

    @Test func anUnclearTargetIsAUsageErrorThatListsThem() throws {
        let result = try CLIRunner.run(["check", "--app", "Fixtures/apps/Ledger"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                """
                Error: 2 application targets build for the iPad: choose one with --target NAME.
                Application targets:
                  Ledger  (iOS: iPhone, iPad)
                  Ledger Beta  (iOS: iPhone, iPad)
                """))
        let none = try CLIRunner.run(["import", "--app", "Fixtures/apps/Harbor", "--platform", "visionos"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("no application target builds for visionOS"))
        #expect(none.stderr.contains("  HarborWatch Watch App  (watchOS)"))
        #expect(
            try CLIRunner.run(["check", "--plist", "Fixtures/apps/Ledger/Ledger/Info.plist", "--target", "Ledger"])
                .status == 64)
    }

    @Test func catalystReadsTheOtherBranch() throws {
        let iPad = try CLIRunner.run(["check", "--app", "Fixtures/apps/Trailhead", "--format", "json"])
        let mac = try CLIRunner.run([
            "check", "--app", "Fixtures/apps/Trailhead", "--platform", "catalyst", "--format", "json",
        ])
        #expect(iPad.status == 0 && mac.status == 0)
        #expect(!iPad.stdout.contains("CatalystSupport.swift"))
        #expect(mac.stdout.contains("CatalystSupport.swift"))
    }
}
