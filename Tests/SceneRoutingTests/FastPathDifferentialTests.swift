import Foundation
import PCRE2Support
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The byte-level fast paths must give exactly what CFString gives (Foundation's
/// `compare`/`range(of:)`, the code Apple's operators call) for every ASCII identifier.
@Suite struct FastPathDifferentialTests {
    typealias SplitMix64 = DeterministicRandom

    /// Letters around the case boundary, punctuation that sorts between upper and lower case,
    /// and non-ASCII characters that fold to ASCII (full-width, ligature, Kelvin sign).
    static let literalAlphabet = Array("aAbBzZ_[`{@~09 .:-/") + ["Ａ", "ｂ", "ﬁ", "\u{212A}", "é", "ß"]
    static let identifierAlphabet = Array("aAbBzZkKfis_[`{@~09 .:-/")

    private func randomText(_ alphabet: [Character], maxLength: Int, using generator: inout SplitMix64) -> String {
        String(
            (0..<Int.random(in: 0...maxLength, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
            })
    }

    /// Whether ``VerbatimMatch`` decides `literal` is found as `kind` in `identifier`.
    private static func verbatim(
        _ literal: String, as kind: IndexKey.Kind, in identifier: String, folding: VerbatimMatch.Folding
    ) -> Bool {
        let found = literal.utf8.withContiguousStorageIfAvailable { literalBytes in
            identifier.utf8.withContiguousStorageIfAvailable {
                VerbatimMatch.found(literalBytes, as: kind, in: $0, folding: folding)
            }
        }
        return found == true
    }

    /// A hit a shortcut decided must be one CFString finds, and the test must answer it so.
    private func expectCFStringFinds(_ test: LiteralTest, _ identifier: String) {
        #expect(
            test.foundation(identifier),
            "\(test.operation) \(test.mode) literal \(test.literal.debugDescription) identifier \(identifier.debugDescription)"
        )
        #expect(answers(test, identifier).fast)
    }

    /// What `test` answers for `identifier` (its fast paths included), and what CFString does.
    private func answers(_ test: LiteralTest, _ identifier: String) -> (fast: Bool, cfString: Bool) {
        var fast = false
        Subject.with(identifier) { fast = test.evaluate(&$0) }
        return (fast, test.foundation(identifier))
    }

    /// Expects every test of `literal` (each mode and operation) to answer each non-ASCII
    /// identifier as CFString does, and hands `body` the identifier and both answers.
    private func expectCFStringAnswers(
        _ literal: String, _ identifiers: [String], _ modes: [FoldMode], _ operations: [LiteralTest.Operation],
        _ body: (_ identifier: String, _ fast: Bool, _ reference: Bool) -> Void
    ) {
        for mode in modes {
            for operation in operations {
                let test = LiteralTest.make(operation, literal: literal, mode: mode)
                for identifier in identifiers where !identifier.utf8.allSatisfy({ $0 < 0x80 }) {
                    let (fast, reference) = answers(test, identifier)
                    #expect(
                        fast == reference,
                        "\(operation) \(mode) literal \(literal.debugDescription) identifier \(identifier.debugDescription)"
                    )
                    body(identifier, fast, reference)
                }
            }
        }
    }

    @Test func literalTestsAgreeWithCFString() {
        var generator = SplitMix64(seed: 42)
        let modes: [FoldMode] = [
            .literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
        ]
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
                    let test = LiteralTest.make(operation, literal: literal, mode: mode)
                    for identifier in identifiers {
                        let (fast, reference) = answers(test, identifier)
                        #expect(
                            fast == reference,
                            "\(operation) \(mode) literal \(literal.debugDescription) identifier \(identifier.debugDescription)"
                        )
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
        let modes: [FoldMode] = [
            .literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
        ]
        let operations: [LiteralTest.Operation] = [.equal, .beginsWith, .endsWith, .contains]
        func text(_ maxPieces: Int) -> String {
            (0..<Int.random(in: 1...maxPieces, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        var (checked, matched) = (0, 0)
        for _ in 0..<TestTier.size(quick: 1_500, full: 8_000) {
            let literal = text(3)
            var identifiers = (0..<4).map { _ in text(4) }
            // Identifiers around the literal, and in other case, so that matches are common.
            identifiers.append(text(2) + literal + text(2))
            identifiers.append(literal.uppercased() + text(1))
            identifiers.append(text(1) + literal.lowercased())
            expectCFStringAnswers(literal, identifiers, modes, operations) { _, _, reference in
                checked += 1
                if reference { matched += 1 }
            }
        }
        #expect(checked > 100_000)
        #expect(matched > checked / 20)
    }

    /// Decomposed identifiers (`e` and a combining accent where the literal has `é`) are
    /// found in their composed form without CFString; every answer must still be CFString's,
    /// whatever marks sit at the edges (CFString finds no `ド` at the end of `ト` and a
    /// voicing mark, so ENDSWITH is left to it), and the composed form must decide many hits.
    @Test func decomposedIdentifiersAgreeWithCFString() {
        var generator = SplitMix64(seed: 127)
        let words = [
            "café", "résumé", "übersicht", "ἀρχεῖο", "ドキュメント", "각", "Øre", "Å", "ǰ", "ñ", "grüppe-7;", "thème-3.", "x/",
        ]
        let around = ["", "", "a", "/", "-9", "\u{301}", "\u{308}", "é", "e\u{301}", "\u{3099}", "Ä"]
        let modes: [FoldMode] = [
            .literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
        ]
        let operations: [LiteralTest.Operation] = [.equal, .beginsWith, .endsWith, .contains]
        var (checked, matched, composedHits) = (0, 0, 0)
        for _ in 0..<TestTier.size(quick: 600, full: 4_000) {
            let literal = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                words.randomElement(using: &generator)!
            }.joined()
            let before = around.randomElement(using: &generator)!
            let after = around.randomElement(using: &generator)!
            let whole = before + literal + after
            let identifiers = [
                whole.decomposedStringWithCanonicalMapping,
                before + literal.decomposedStringWithCanonicalMapping + after,
                (before + literal.uppercased() + after).decomposedStringWithCanonicalMapping,
            ]
            expectCFStringAnswers(literal, identifiers, modes, operations) { identifier, fast, reference in
                checked += 1
                if reference { matched += 1 }
                if fast && !Self.verbatim(literal, as: .inner, in: identifier, folding: .none)
                    && Self.verbatim(
                        literal, as: .inner, in: identifier.precomposedStringWithCanonicalMapping, folding: .none)
                {
                    composedHits += 1
                }
            }
        }
        #expect(checked > 20_000)
        #expect(matched > checked / 10)
        #expect(composedHits > checked / 40)
    }

    /// A literal found verbatim between inert neighbours is decided without CFString: every
    /// such hit must be one CFString finds, under every mode, whatever sits around it
    /// (marks, jamo, voicing marks, skin tones, joiners, prepended signs, line breaks, final
    /// sigma, spacing vowels) and whatever the literal holds.
    @Test func verbatimHitsAreCFStringHits() {
        var generator = SplitMix64(seed: 611)
        let around =
            RandomText.nonASCII + [
                "a", "-", "/", " ", "\u{301}", "\u{308}", "\u{1161}", "\u{11A8}", "\u{1100}", "가", "\u{FF9E}",
                "\u{3099}", "\u{1F3FB}",
                "\u{200D}", "\u{FE0F}", "\u{600}", "\u{D4E}", "\r", "\n", "Σ", "σ", "ς", "\u{E33}", "\u{CD5}",
                "\u{9BE}", "🇫", "🇷",
                "\u{37A}", "\u{345}", "Ø", "ж", "\u{483}", "ö", "ք", "文", "ド",
            ]
        let inside = [
            "a", "B", "-", "/", "é", "e\u{301}", "ß", "Σ", "ς", "ﬁ", "文", "ｶﾞ", "1", ".", "\u{301}", "가", "\u{1100}",
            "\u{11A8}", "\u{600}",
        ]
        let modes: [FoldMode] = [
            .literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
        ]
        let operations: [(LiteralTest.Operation, IndexKey.Kind)] = [
            (.equal, .exact), (.beginsWith, .prefix), (.endsWith, .suffix), (.contains, .inner),
        ]
        func pick(_ pieces: [String], _ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        var (verbatim, checked) = (0, 0)
        for _ in 0..<TestTier.size(quick: 4_000, full: 20_000) {
            let literal = pick(inside, 1...3)
            let identifier = pick(around, 0...2) + literal + pick(around, 0...2)
            guard !identifier.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            for (operation, kind) in operations {
                guard Self.verbatim(literal, as: kind, in: identifier, folding: .none) else { continue }
                verbatim += 1
                for mode in modes {
                    expectCFStringFinds(LiteralTest.make(operation, literal: literal, mode: mode), identifier)
                    checked += 1
                }
            }
        }
        #expect(verbatim > 2_000)
        #expect(checked > 10_000)
    }

    /// Under `[c]`, `[d]` and `[cd]` a literal found character for character in another case
    /// or without its diacritics (ASCII and plain Latin-1 letters) is decided without
    /// CFString too: every such hit must be one CFString finds in that mode.
    @Test func foldedVerbatimHitsAreCFStringHits() {
        var generator = SplitMix64(seed: 1_126)
        let around = [
            "a", "Z", "-", "/", "\u{301}", "\u{308}", "ö", "Ö", "ж", "文", "\u{1100}", "\u{FF9E}", "\u{200D}", "\n", "ß",
            "Ø",
        ]
        let letters = Array("aAeEiIkKsSuUyY-/.9") + Array("ÀàÄäÅåÇçÉéÈèÏïÑñÖöØøÜüÝýÿŸßÆæÐðÞþ×÷\u{212A}\u{17F}İıµ")
        let modes: [(FoldMode, VerbatimMatch.Folding)] = [
            (.caseInsensitive, .caseOnly), (.diacriticInsensitive, .diacriticsOnly),
            (.caseAndDiacriticInsensitive, .caseAndDiacritics),
        ]
        let operations: [(LiteralTest.Operation, IndexKey.Kind)] = [
            (.equal, .exact), (.beginsWith, .prefix), (.endsWith, .suffix), (.contains, .inner),
        ]
        func pick(_ pieces: [String], _ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        /// The literal with each character kept, upper-cased, lower-cased or stripped of its
        /// diacritics at random.
        func variant(of literal: String) -> String {
            literal.map { character -> String in
                let text = String(character)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return text.uppercased()
                case 1: return text.lowercased()
                case 2: return text.folding(options: .diacriticInsensitive, locale: nil)
                default: return text
                }
            }.joined()
        }
        var found = 0
        for _ in 0..<TestTier.size(quick: 6_000, full: 30_000) {
            let literal = String(
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            let identifier = pick(around, 0...2) + variant(of: literal) + pick(around, 0...2)
            guard !identifier.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            for (operation, kind) in operations {
                for (mode, folding) in modes {
                    guard Self.verbatim(literal, as: kind, in: identifier, folding: folding) else { continue }
                    found += 1
                    expectCFStringFinds(LiteralTest.make(operation, literal: literal, mode: mode), identifier)
                }
            }
        }
        #expect(found > 3_000)
    }

    /// The character-for-character walk gives up, leaving CFString to decide, rather than try
    /// every start of a long identifier against a long literal.
    @Test func foldedWalksGiveUpOnLongSearches() {
        let literal = String(repeating: "a", count: 999) + "b"
        let identifier = String(repeating: "A", count: 20_000) + literal.uppercased() + "é"
        #expect(!Self.verbatim(literal, as: .inner, in: identifier, folding: .caseOnly))
        #expect(Self.verbatim("a", as: .inner, in: identifier, folding: .caseOnly))
        let test = LiteralTest.make(.contains, literal: literal, mode: .caseInsensitive)
        #expect(test.foundation(identifier))
        #expect(answers(test, identifier).fast)
    }

    @Test func betweenAgreesWithCFString() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5_000 {
            let lower = randomText(Self.identifierAlphabet, maxLength: 3, using: &generator)
            let upper = randomText(Self.identifierAlphabet, maxLength: 3, using: &generator)
            let test = LiteralTest.make(.between(upper: upper), literal: lower, mode: .canonical)
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
