import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// Random ICU-flavoured patterns never crash the translator or PCRE2: each gives a
/// compiled predicate, which the table routes by exactly as evaluation answers, or a
/// diagnostic inside the predicate.
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
        var matched = 0
        var disagreements: [String] = []
        for _ in 0..<5_000 {
            let pattern = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined()
            let format = "SELF MATCHES %@"
            do {
                let predicate = try ActivationPredicate(format: format, arguments: [.string(pattern)])
                compiled += 1
                // A valid app: one declaration, one session naming it.
                let router = SceneRouter(
                    app: try! SceneApp(
                        declarations: [SceneDeclaration(name: "Main")],
                        sessions: [
                            SceneSession(
                                id: "S", declaration: "Main",
                                conditions: ActivationConditions(
                                    canActivate: .alwaysFalse, prefersToActivate: predicate))
                        ]))
                for identifier in ["a", "ab", "abcé1", "é", "", "aaaa"] {
                    let evaluation = predicate.evaluateReportingBudget(identifier)
                    if evaluation.matches { matched += 1 }
                    let routed = router.route(identifier: identifier).action == .activate(sessionID: "S")
                    if routed != evaluation.matches {
                        disagreements.append("\(pattern.debugDescription) on \(identifier.debugDescription)")
                    }
                }
            } catch {
                #expect((0...format.utf8.count).contains(error.excerpt?.offset ?? -1))
                #expect(!error.message.isEmpty)
            }
        }
        #expect(compiled > 100)
        #expect(matched > 50)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}

/// Patterns built to make the translation recurse or copy without end are refused or
/// translated in one pass.
@Suite struct RegexTranslationLimitTests {
    @Test func setsNestedBeyondTheLimitAreRefused() throws {
        let depth = ICURegexTranslator.maximumSetDepth + 1
        let pattern = String(repeating: "[", count: depth) + "a" + String(repeating: "]", count: depth)
        #expect(throws: PatternTranslationError.self) { try ICURegexTranslator.translate(pattern) }
        do {
            _ = try ICURegexTranslator.translate(pattern)
        } catch {
            #expect(error.message == "character sets nest deeper than 100 levels")
            #expect(error.offset == ICURegexTranslator.maximumSetDepth)
        }
        let within = String(repeating: "[", count: 20) + "a" + String(repeating: "]", count: 20)
        #expect(try ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string(within)]).evaluate("a"))
    }

    /// Fifty thousand set operators: each adds its own operand to the translation, which
    /// stays linear in the pattern's length: nothing before an operator is copied again.
    @Test func manySetOperatorsTranslateLinearly() throws {
        let operators = 50_000
        let pattern = "[a-z" + String(repeating: "&&[a-y]", count: operators) + "]"
        let translated = try ICURegexTranslator.translate(pattern)
        #expect(translated.bytes.count < 20 * pattern.utf8.count)
        #expect(translated.pattern.hasPrefix("(?:(?=[a-y])(?=[a-y])"))
        let small = try ActivationPredicate(format: "SELF MATCHES '[a-z&&[^x]--[q]]+'")
        #expect(small.evaluate("abc") && !small.evaluate("abx") && !small.evaluate("aqa"))
    }

    /// A pattern of unclosed `\p{` escapes is read once: each looks for its `}` from where the
    /// previous search left off.
    @Test func unclosedPropertyEscapesAreReadOnce() throws {
        let pattern = String(repeating: "\\p{", count: 30_000)
        let translated = try ICURegexTranslator.translate(pattern)
        #expect(translated.bytes == Array(pattern.utf8))
    }

    /// Spelling out a lookbehind or case-insensitive text multiplies alternatives; past the
    /// budget (16 KiB plus 16 bytes per byte of pattern) it is refused, never built.
    @Test func spellingOutIsBounded() throws {
        func refusal(_ pattern: String) -> String? {
            do {
                _ = try ICURegexTranslator.translate(pattern)
                return nil
            } catch {
                return error.message
            }
        }
        let optionals = ".*(?<=" + String(repeating: "a?", count: 16) + ")x"
        #expect(refusal(optionals)?.contains("too many lengths") == true)
        let manyLookbehinds = String(repeating: "(?<=a?b?c?d?e?f?g?h?)", count: 2_000)
        #expect(refusal(manyLookbehinds)?.contains("too many lengths") == true)
        let nested = ".*(?<=" + String(repeating: "(?:", count: 101) + "a" + String(repeating: ")", count: 101) + ")x"
        #expect(refusal(nested)?.contains("deeper than 100 levels") == true)
        let inlineFlags = ".*(?<=" + String(repeating: "(?i)", count: 101) + "a)x"
        #expect(refusal(inlineFlags)?.contains("deeper than 100 levels") == true)
        #expect(refusal("(?i)" + String(repeating: "s", count: 11)) == nil)
        #expect(refusal("(?i)" + String(repeating: "s", count: 12))?.contains("too many ways") == true)
        // Long text whose foldings do not overlap grows linearly.
        let text = "(?i)" + String(repeating: "ss-", count: 2_000)
        let translated = try ICURegexTranslator.translate(text)
        #expect(translated.bytes.count < 8 * text.utf8.count)
        let fixed = ".*(?<=" + String(repeating: "a", count: 20_000) + ")x"
        #expect(refusal(fixed) == nil)
    }
}
