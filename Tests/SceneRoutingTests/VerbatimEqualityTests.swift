import Foundation
import Testing

@testable import SceneRouting

/// `==` without options (and `==[n]`) compares code units. On a non-ASCII literal the
/// group's check then holds the literal's bytes and decides every identifier, ASCII or not,
/// without reaching the predicate; other comparisons still go through it.
@Suite struct VerbatimEqualityTests {
    private func check(_ format: String) throws -> ASCIICheck {
        PredicateTier.checkWithoutProgram(for: try ActivationPredicate(format: format).root)
    }

    @Test func onlyByteComparedNonASCIILiteralsDecideEveryIdentifier() throws {
        #expect(try check("SELF == 'café'").decidesAnyIdentifier)
        #expect(try check("SELF ==[n] '文档'").decidesAnyIdentifier)
        for format in [
            "SELF ==[c] 'café'", "SELF ==[d] 'café'", "SELF ==[cd] 'café'", "SELF == 'cafe'",
            "SELF BEGINSWITH 'café'", "SELF CONTAINS 'café'", "SELF != 'café'",
        ] {
            #expect(try !check(format).decidesAnyIdentifier, "\(format)")
        }
    }

    /// Enough sessions that routes probe the index (a small tier verifies every group one by
    /// one instead): both ways reach the same check.
    @Test(arguments: [3, 400])
    func routesCompareCodeUnits(sessions count: Int) throws {
        let words = ["café", "文档", "Øre", "ἀρχεῖο", "📄"]
        var sessions: [SceneSession] = []
        for index in 0..<count {
            let word = words[index % words.count]
            let format = index % 3 == 2 ? "SELF ==[c] %@" : index % 3 == 1 ? "SELF ==[n] %@" : "SELF == %@"
            let predicate = try ActivationPredicate(format: format, arguments: [.string("\(word)-\(index)")])
            sessions.append(
                SceneSession(
                    id: "S\(index)", declaration: "Main",
                    conditions: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: predicate)))
        }
        let app = try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions)
        let router = SceneRouter(app: app)
        for index in 0..<count {
            let word = words[index % words.count]
            let exact = "\(word)-\(index)"
            let decomposed = exact.decomposedStringWithCanonicalMapping
            let uppercased = exact.uppercased()
            // The same characters in other code units, another case, an ASCII look-alike, a
            // longer text: only the first and (under `[c]`) the upper-case one match.
            for identifier in [exact, decomposed, uppercased, "cafe-\(index)", exact + "x", String(exact.dropLast())] {
                let expected = ReferenceRouter.route(identifier: identifier, in: app)
                #expect(router.route(identifier: identifier).action == expected.action, "\(identifier)")
                let byteEqual = Array(identifier.utf8) == Array(exact.utf8)
                let caseless = index % 3 == 2 && identifier.compare(exact, options: .caseInsensitive) == .orderedSame
                let matches = expected.action == .activate(sessionID: "S\(index)")
                #expect(matches == (byteEqual || caseless), "\(identifier) against S\(index)")
            }
        }
    }
}
