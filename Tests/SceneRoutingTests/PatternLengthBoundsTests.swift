import PCRE2Support
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// A pattern's length bounds let a subject outside them be refused without running the
/// match: a bound too tight would lose matches.
@Suite struct PatternLengthBoundsTests {
    @Test(arguments: [
        ("[a-z]{2}-[0-9]{1}", 4...4),
        ("issue-17/[a-z]+-[0-9]{1,4}", 12...Int.max),
        ("ab?c", 2...3),
        ("a\\.b\\d{2,5}", 5...8),
        ("^x$", 1...1),
        ("é.ü", 3...3),
        ("[]a]{3}", 3...3),
        ("\\R", 1...2),
        ("(ab){2}", 4...Int.max),
        ("x\\p{L}", 2...Int.max),
        ("[[:digit:]]{2}", 2...Int.max),
        ("a{2,}", 2...Int.max),
    ])
    func bounds(pattern: String, expected: ClosedRange<Int>) throws {
        #expect(try CompiledPattern(pattern).characterBounds == expected, "\(pattern)")
    }

    /// Random regexes with an identifier each matches: the identifier's length in characters
    /// is always within the pattern's bounds, and an ASCII one is admitted.
    @Test func everyMatchIsWithinTheBounds() throws {
        var random = DeterministicRandom(seed: 17)
        var bounded = 0
        for _ in 0..<3_000 {
            let (pattern, identifier) = RandomRegex.withMatch(&random)
            let compiled = try CompiledPattern(try ICURegexTranslator.translate(pattern).pattern)
            #expect(compiled.matches(identifier) == .match, "\(pattern) should match \(identifier)")
            #expect(
                compiled.characterBounds.contains(identifier.count),
                "\(pattern) bounds \(compiled.characterBounds) refuse \(identifier)")
            if identifier.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(compiled.admitsASCII(length: identifier.utf8.count))
            }
            if compiled.characterBounds.upperBound != .max { bounded += 1 }
        }
        #expect(bounded > 500)
    }
}
