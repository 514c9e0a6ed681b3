@testable import SceneRouting
import Testing

/// Random ICU-flavoured patterns never crash the translator or PCRE2: each gives a
/// compiled predicate or a diagnostic inside the predicate.
@Suite struct RegexTranslationRobustnessTests {
    static let pieces = [
        "a", "b", ".", "*", "+", "?", "|", "(", ")", "[", "]", "[[a-z]", "&&", "--", "-", "[^", "{2}", "{,3}", "{1,",
        "\\", "\\d", "\\p{L}", "\\p{IsGreek}", "\\p{InGreek}", "\\N{LATIN SMALL LETTER A}", "\\N{", "\\u00e9", "\\u12",
        "\\U0001F600", "\\0101", "\\1", "\\Q", "\\E", "\\K", "\\y", "(?i)", "(?w)", "(?P<n>", "(?#c)", "(*SKIP)",
        "(?<n>", "\\k<n>", "[:alpha:]", "é", "^", "$",
    ]

    @Test func randomPatternsCompileOrFailCleanly() {
        var generator = DeterministicRandom(seed: 2024)
        var compiled = 0
        for _ in 0..<5_000 {
            let pattern = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined()
            let format = "SELF MATCHES %@"
            do {
                let predicate = try ActivationPredicate(format: format, arguments: [.string(pattern)])
                _ = predicate.evaluateReportingBudget("abcé1")
                compiled += 1
            } catch {
                #expect(error.offset >= 0 && error.offset <= format.utf8.count)
                #expect(!error.message.isEmpty)
            }
        }
        #expect(compiled > 100)
    }
}
