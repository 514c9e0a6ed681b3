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
                        var fast = false
                        Subject.with(identifier) { fast = test.evaluate(&$0) }
                        let reference = test.foundation(identifier)
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
