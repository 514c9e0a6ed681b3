import Foundation
import Testing

/// Atlas, an app whose windows prefer their own identity and inherit a closed `canActivate`
/// from a base scene delegate: imported, checked, and replayed with windows that bind their
/// values, the decisions are the iPad's (golden files rewritten with
/// `SCENE_ROUTER_WRITE_GOLDEN=1`).
@Suite struct WindowValuesAppTests {
    @Test func atlasRoutesAsTheIPadDoes() throws {
        let imported = try CLIRunner.run(["import", "--app", "Fixtures/apps/Atlas"])
        #expect(imported.status == 0, "\(imported.stderr)")
        try ImportCommandTests.expectGolden(imported.stdout, "Fixtures/apps/Atlas/expected/manifest.json")
        #expect(
            imported.stderr.contains(
                "3 declarations; 5 conditions (0 unresolved, 2 using window values); configurationForConnecting: 4 rules (0 unread)"
            ))

        let checked = try CLIRunner.run(["check", "--app", "Fixtures/apps/Atlas"])
        #expect(checked.status == 0, "\(checked.stderr)")
        try ImportCommandTests.expectGolden(checked.stdout, "Fixtures/apps/Atlas/expected/check.txt")

        // A place window's Handoff comes back to it; Settings' reminder goes to a map window,
        // since Settings takes no external event: a warning at the line that sets it.
        let checkedJSON = try CLIRunner.run(["check", "--app", "Fixtures/apps/Atlas", "--format", "json"])
        let records = checkedJSON.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let routes = records.compactMap { $0["emittedRoute"] as? [String: Any] }.filter {
            $0["posterKnown"] as? Bool == true
        }
        let landings = routes.map { route in
            "\(route["postedBy"] as? String ?? "?") \((route["open"] as? [String: Any])?["window"] as? String ?? "?")"
        }
        #expect(landings == ["Place posting", "Settings Map"])
        #expect(
            records.contains {
                $0["code"] as? String == "emitted-to-other-window"
                    && ($0["file"] as? String)?.hasSuffix("SettingsSceneDelegate.swift") == true
            })

        let replayed = try CLIRunner.run([
            "replay", "--manifest", "Fixtures/apps/Atlas/expected/manifest.json", "--timeline",
            "Fixtures/apps/Atlas/what-if.jsonl",
            "--explain",
        ])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        try ImportCommandTests.expectGolden(replayed.stdout, "Fixtures/apps/Atlas/expected/what-if.txt")

        let json = try CLIRunner.run([
            "replay", "--manifest", "Fixtures/apps/Atlas/expected/manifest.json", "--timeline",
            "Fixtures/apps/Atlas/what-if.jsonl",
            "--format", "json",
        ])
        let decisions = json.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let outcomes = decisions.map {
            "\($0["action"] as? String ?? "-") \($0["declaration"] as? String ?? $0["session"] as? String ?? "-") \($0["reason"] as? String ?? "-")"
        }
        // The reminder a background map window posted goes back to it, though Settings is in
        // front; the place window takes the quick action for its own place, the map the activity
        // that carries its id; Settings and Place, whose canActivate is
        // the base class's FALSE, take nothing else. With the map closed, a Handoff of a place
        // creates a place window, as the app delegate chooses; any other link a map window.
        #expect(
            outcomes == [
                "activate Map-1 prefers", "activate Place-42 prefers", "activate Map-1 prefers", "activate Map-1 can",
                "activate Map-1 can",
                "activate Map-1 can", "create Place configuration-for-connecting",
                "create Map configuration-for-connecting",
            ])
        // A place window restored without its place: the decisions say they assumed that
        // window prefers nothing, and stderr says how many rested on an assumption.
        let assumed = try #require(decisions[5]["assumptions"] as? [[String: Any]])
        #expect(assumed.count == 1)
        #expect(assumed.first?["session"] as? String == "Place-restored")
        #expect(assumed.first?["condition"] as? String == "prefersToActivate")
        #expect(assumed.first?["used"] as? String == "FALSEPREDICATE")
        #expect(assumed.first?["reason"] as? String == "uses ${placeID}, which 'Place-restored' does not bind")
        #expect(decisions.prefix(5).allSatisfy { $0["assumptions"] == nil })
        #expect(
            json.stderr.contains(#""code":"assumed-conditions""#)
                && json.stderr.contains("3 decisions rested on conditions routing did not know"))
        #expect(replayed.stderr.contains("warning: 3 decisions rested on conditions routing did not know"))
    }

    /// Quill, an app whose conditions are built from constants elsewhere (an enumeration's raw
    /// value, a global), a compound predicate, a branch on a constant, and whose Objective-C app
    /// delegate chooses an inspector for an inspector Handoff: imported and replayed, the
    /// decisions are the iPad's.
    @Test func quillRoutesAsTheIPadDoes() throws {
        let imported = try CLIRunner.run(["import", "--app", "Fixtures/apps/Quill"])
        #expect(imported.status == 0, "\(imported.stderr)")
        try ImportCommandTests.expectGolden(imported.stdout, "Fixtures/apps/Quill/expected/manifest.json")
        #expect(
            imported.stderr.contains(
                "0 unresolved, 1 using window values); configurationForConnecting: 2 rules (0 unread); 2 emitted identifiers"
            ))
        let checked = try CLIRunner.run(["check", "--app", "Fixtures/apps/Quill"])
        #expect(checked.status == 0, "\(checked.stderr)")
        try ImportCommandTests.expectGolden(checked.stdout, "Fixtures/apps/Quill/expected/check.txt")
        let replayed = try CLIRunner.run([
            "replay", "--manifest", "Fixtures/apps/Quill/expected/manifest.json", "--timeline",
            "Fixtures/apps/Quill/what-if.jsonl",
            "--format", "json",
        ])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let decisions = replayed.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let outcomes = decisions.map {
            "\($0["action"] as? String ?? "-") \($0["declaration"] as? String ?? $0["session"] as? String ?? "-") \($0["reason"] as? String ?? "-")"
        }
        // The export notification goes back to the background inspector that posted it; the
        // main window's own id (a global constant) and the editor activity (an enumeration's
        // raw value, in a compound predicate) go to it; with no inspector open, an inspector
        // Handoff creates one, as the Objective-C app delegate chooses; a document link the
        // main window takes.
        #expect(
            outcomes == [
                "activate Inspector-B prefers", "activate Main-1 prefers", "activate Main-1 can",
                "create Inspector configuration-for-connecting", "activate Main-1 can",
            ])
    }
}
