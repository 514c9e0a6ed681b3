import Foundation
import PredicateSyntax
import Testing

@testable import SceneRouting

/// Errors found after parsing point at their value's line and column.
@Suite struct JSONPathLocatorTests {
    @Test func findsKeysElementsAndTheTopLevel() {
        let document = """
            {"a": [1, {"b\\u00e9": "x"}, [true, null]],
             "é": {"c": "\\"}{]["}, "d": -1.5e3,
              "e\\ud83d\\ude00": []}
            """
        let places = JSONPathLocator.locate(
            ["(top level)", "a", "a[0]", "a[1]", "a[1].bé", "a[2][1]", "é", "é.c", "d", "e😀", "a[9]", "zzz"],
            in: Array(document.utf8))
        #expect(places["(top level)"] == .init(line: 1, column: 1))
        #expect(places["a"] == .init(line: 1, column: 2))
        #expect(places["a[0]"] == .init(line: 1, column: 8))
        #expect(places["a[1]"] == .init(line: 1, column: 11))
        #expect(places["a[1].bé"] == .init(line: 1, column: 12))
        #expect(places["a[2][1]"] == .init(line: 1, column: 36))
        // Columns count scalars: "é" is two bytes and one column.
        #expect(places["é"] == .init(line: 2, column: 2))
        #expect(places["é.c"] == .init(line: 2, column: 8))
        #expect(places["d"] == .init(line: 2, column: 24))
        #expect(places["e😀"] == .init(line: 3, column: 3))
        #expect(places["a[9]"] == nil && places["zzz"] == nil)
    }

    @Test func manifestErrorsCarryTheirPlace() throws {
        let manifest =
            "{\n  \"declarations\": [{\"name\": \"A\"}],\n  \"sessions\": [\n    {\"id\": \"s\", \"declaration\": \"Nope\"}\n  ]\n}"
        do {
            _ = try ManifestLoader.load(Data(manifest.utf8), file: "m.json")
            Issue.record("an unknown declaration must be refused")
        } catch {
            let diagnostic = try #require(error.errors.first)
            #expect(diagnostic.path == "sessions[0].declaration")
            #expect(diagnostic.line == 4 && diagnostic.column == 17)
            #expect(
                diagnostic.rendered().hasPrefix(
                    "m.json:4:17: sessions[0].declaration: error: unknown declaration 'Nope'"))
        }
    }
}
