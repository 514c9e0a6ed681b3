import Foundation
import PCRE2Support
@testable import SceneRouting
import SceneRouterWorkloads
import Testing

/// The byte-level fast paths must give exactly what CFString gives (Foundation's
/// `compare`/`range(of:)`, the code Apple's operators call) for every ASCII identifier.
@Suite struct FastPathDifferentialTests {
    typealias SplitMix64 = DeterministicRandom

    /// Letters around the case boundary, punctuation that sorts between upper and lower case,
    /// and non-ASCII characters that fold to ASCII (full-width, ligature, Kelvin sign).
    static let literalAlphabet = Array("aAbBzZ_[`{@~09 .:-/") + ["Ａ", "ｂ", "ﬁ", "\u{212A}", "é", "ß"]
    static let identifierAlphabet = Array("aAbBzZkKfis_[`{@~09 .:-/")

    private func randomText(_ alphabet: [Character], maxLength: Int, using generator: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0...maxLength, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// What `test` answers for `identifier` (its fast paths included), and what CFString does.
    private func answers(_ test: LiteralTest, _ identifier: String) -> (fast: Bool, cfString: Bool) {
        var fast = false
        Subject.with(identifier) { fast = test.evaluate(&$0) }
        return (fast, test.foundation(identifier))
    }

    @Test func literalTestsAgreeWithCFString() {
        var generator = SplitMix64(seed: 42)
        let modes: [FoldMode] = [.literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive]
        let operations: [LiteralTest.Operation] = [
            .equal, .less, .lessEqual, .greater, .greaterEqual, .beginsWith, .endsWith, .contains, .containedIn,
        ]
        var checked = 0
        for _ in 0..<4_000 {
            let literal = randomText(Self.literalAlphabet, maxLength: 4, using: &generator)
            var identifiers = (0..<6).map { _ in randomText(Self.identifierAlphabet, maxLength: 6, using: &generator) }
            // Identifiers built from the literal exercise the matching branches, not just misses.
            identifiers.append(literal.lowercased().filter(\.isASCII))
            identifiers.append("x" + literal.uppercased().filter(\.isASCII) + "y")
            for mode in modes {
                for operation in operations {
                    let test = LiteralTest(operation, literal: literal, mode: mode)
                    for identifier in identifiers {
                        let (fast, reference) = answers(test, identifier)
                        #expect(
                            fast == reference,
                            "\(operation) \(mode) literal \(literal.debugDescription) identifier \(identifier.debugDescription)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1_000_000)
    }

    /// Non-ASCII identifiers skip CFString when the keys a literal guarantees (made once, when
    /// the test is built) are missing from the identifier's folds: that shortcut must never
    /// reject what CFString accepts, for ASCII and non-ASCII literals, literals of one key
    /// and of several (around characters CFString matches otherwise than their fold says).
    @Test func literalTestsAgreeWithCFStringOnNonASCIIIdentifiers() {
        var generator = SplitMix64(seed: 20_261_126)
        let pieces = RandomText.nonASCII + ["ab", "Ab", "-", "ä", "Ä", "ǰ", "Å", "\u{212B}", "ﬆ", "st"]
        let modes: [FoldMode] = [.literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive]
        let operations: [LiteralTest.Operation] = [.equal, .beginsWith, .endsWith, .contains]
        func text(_ maxPieces: Int) -> String {
            (0..<Int.random(in: 1...maxPieces, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        var (checked, matched) = (0, 0)
        for _ in 0..<TestTier.size(quick: 1_500, full: 8_000) {
            let literal = text(3)
            var identifiers = (0..<4).map { _ in text(4) }
            // Identifiers around the literal, and in other case, so that matches are common.
            identifiers.append(text(2) + literal + text(2))
            identifiers.append(literal.uppercased() + text(1))
            identifiers.append(text(1) + literal.lowercased())
            for mode in modes {
                for operation in operations {
                    let test = LiteralTest(operation, literal: literal, mode: mode)
                    for identifier in identifiers where !identifier.utf8.allSatisfy({ $0 < 0x80 }) {
                        let (fast, reference) = answers(test, identifier)
                        #expect(
                            fast == reference,
                            "\(operation) \(mode) literal \(literal.debugDescription) identifier \(identifier.debugDescription)")
                        checked += 1
                        if reference { matched += 1 }
                    }
                }
            }
        }
        #expect(checked > 100_000)
        #expect(matched > checked / 20)
    }

    @Test func betweenAgreesWithCFString() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5_000 {
            let lower = randomText(Self.identifierAlphabet, maxLength: 3, using: &generator)
            let upper = randomText(Self.identifierAlphabet, maxLength: 3, using: &generator)
            let test = LiteralTest(.between(upper: upper), literal: lower, mode: .canonical)
            let identifier = randomText(Self.identifierAlphabet, maxLength: 4, using: &generator)
            var fast = false
            Subject.with(identifier) { fast = test.evaluate(&$0) }
            #expect(fast == test.foundation(identifier), "\(identifier) BETWEEN {\(lower), \(upper)}")
        }
    }

    @Test func caseFoldedPatternsAgreeWithTheFoldedSubjectPath() throws {
        var generator = SplitMix64(seed: 99)
        let patterns = ["a.*z", "[a-z_]+", "\\w+", "K.", "(?:ab|AB)+", ".*[A-Z].*", "a\\D*"]
        for mode in [FoldMode.caseInsensitive, .caseAndDiacriticInsensitive, .canonical, .diacriticInsensitive] {
            for source in patterns {
                let test = try PatternCompiler.compile(op: .matches, pattern: source, mode: mode).get()
                for _ in 0..<500 {
                    let identifier = randomText(Self.identifierAlphabet, maxLength: 6, using: &generator)
                    var budget = false
                    var fast = false
                    Subject.with(identifier) { fast = test.evaluate(&$0, budgetExceeded: &budget) }
                    // The general path: CFStringFold + NFKC, then match.
                    let folded = mode.fold(identifier).precomposedStringWithCompatibilityMapping
                    let slow = test.pattern!.matches(folded) == .match
                    #expect(fast == slow, "\(source) \(mode) \(identifier)")
                }
            }
        }
    }
}
