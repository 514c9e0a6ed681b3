import Foundation
import PCRE2Support
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The pattern form made in place must be Foundation's: the identifier folded for the mode,
/// then NFKC. Where the table cannot tell, it must say so (nil) rather than guess.
@Suite struct PatternFoldTests {
    private static let modes: [FoldMode] = [
        .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
    ]

    private static func foundationForm(_ text: String, _ mode: FoldMode) -> [UInt8] {
        Array(mode.fold(text).precomposedStringWithCompatibilityMapping.utf8)
    }

    private static func form(_ text: String, _ mode: FoldMode) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PatternFold.outputCapacity(for: bytes.count)) {
                output in
                PatternFold.shared.form(bytes, mode, into: output.baseAddress!).map { Array(output[0..<$0]) }
            }
        }
    }

    /// Every two-byte scalar, alone and between ASCII and other scalars: a form is
    /// Foundation's; most letters have one.
    @Test func twoByteScalarsFoldAsFoundationDoes() {
        var wrong: [String] = []
        var folded = 0
        for mode in Self.modes {
            for value in UInt32(0x80)..<0x800 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let alone = String(scalar)
                for text in [alone, "A" + alone + "b", "ж" + alone + "Σ" + alone, alone + alone + "文"] {
                    guard let form = Self.form(text, mode) else { continue }
                    if text == alone { folded += 1 }
                    if form != Self.foundationForm(text, mode), wrong.count < 10 {
                        wrong.append("U+\(String(value, radix: 16)) in \(text.debugDescription) \(mode)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(folded > 4 * 1_550)
        for text in ["é", "Ж", "ß", "Ø", "İ", "ς", "Σ", "ŉ", "Ǆ", "µ", "ά", "א", "ع"] {
            for mode in Self.modes { #expect(Self.form(text, mode) != nil, "\(text) \(mode)") }
        }
    }

    /// Random text from the folds' hard cases and the scripts identifiers use: wherever the
    /// table gives a form, it is Foundation's.
    @Test func randomTextFoldsAsFoundationDoes() {
        var random = DeterministicRandom(seed: 31)
        let pieces =
            RandomText.nonASCII + [
                "ΟΔΟΣ", "οδος", "ΣΊΣΥΦΟΣ", "Straße", "STRASSE", "İstanbul", "ДОКУМЕНТ", "документ", "résumé", "RÉSUMÉ",
                "Øre", "ŉ", "ǈ",
                "文档", "📄", "-", "7", "/", "sección", "ÜBERSICHT", "שלום", "مرحبا", "\u{300}", "ᾼ", "ﬀ", "ｶ",
            ]
        var compared = 0
        for _ in 0..<TestTier.size(quick: 3_000, full: 30_000) {
            let text = (0..<(1 + random.below(6))).map { _ in pieces[random.below(pieces.count)] }.joined()
            for mode in Self.modes {
                guard let form = Self.form(text, mode) else { continue }
                compared += 1
                #expect(form == Self.foundationForm(text, mode), "\(text.debugDescription) \(mode)")
            }
        }
        #expect(compared > 2_000)
    }

    /// Marks, and scalars of three or four bytes outside the unchanged ranges, are left to
    /// Foundation; `[n]` has no form to make.
    @Test func textHoldingAnythingElseIsLeftToFoundation() {
        for text in [
            "e\u{301}", "\u{301}", "A\u{34F}", "\u{600}1", "👍🏻", "ἀρχεῖο", "ﬁ", "Ａ", "✉️", "\u{1100}\u{1161}", "각",
            "x\u{200D}y",
        ] {
            for mode in Self.modes { #expect(Self.form(text, mode) == nil, "\(text.debugDescription) \(mode)") }
        }
        #expect(Self.form("é", .literal) == nil)
        #expect(Self.form("文档/📄/документ", .caseInsensitive) != nil)
    }

    /// The scalars said unchanged in every mode are: alone and beside neighbours (every one
    /// in the full tier, one in 7 otherwise).
    @Test func scalarsSaidUnchangedAreUnchanged() {
        var changed: [String] = []
        let stride = TestTier.isFull ? 1 : 7
        for range in [UInt32(0x4E00)...0x9FFF, 0x1F300...0x1F3FA, 0x1F400...0x1F64F] {
            for value in Swift.stride(from: range.lowerBound, through: range.upperBound, by: stride) {
                #expect(PatternFold.isUnchangedInEveryMode(value))
                let text = String(Unicode.Scalar(value)!)
                for mode in Self.modes {
                    for candidate in [text, "a" + text, text + "é"]
                    where Self.foundationForm(candidate, mode) != Self.form(candidate, mode) {
                        if changed.count < 10 { changed.append("U+\(String(value, radix: 16)) \(mode)") }
                    }
                }
            }
        }
        #expect(changed.isEmpty, "\(changed)")
    }

    /// Kana are their own form without options and under `[c]`, beside each other and beside
    /// other text; under `[d]` and `[cd]`, and with a voicing mark, they are left to Foundation.
    @Test func kanaAreUnchangedUnlessDiacriticsAreIgnored() {
        var changed: [String] = []
        for range in [UInt32(0x3041)...0x3096, 0x30A1...0x30FA] {
            for value in range {
                #expect(PatternFold.isUnchangedUnlessDiacriticsAreIgnored(value))
                let text = String(Unicode.Scalar(value)!)
                for mode in [FoldMode.canonical, .caseInsensitive] {
                    for candidate in [text, "a" + text + "ド", "ト" + text + "é"]
                    where Self.foundationForm(candidate, mode) != Self.form(candidate, mode) {
                        if changed.count < 10 { changed.append("U+\(String(value, radix: 16)) \(mode)") }
                    }
                }
                #expect(
                    Self.form(text, .diacriticInsensitive) == nil
                        && Self.form(text, .caseAndDiacriticInsensitive) == nil)
            }
        }
        #expect(changed.isEmpty, "\(changed)")
        #expect(Self.form("ト\u{3099}", .caseInsensitive) == nil)
    }

    /// Patterns decide non-ASCII identifiers through the form made in place: `[c]` folds ß
    /// to ss and keeps accents, `[cd]` drops them, `[d]` keeps case.
    @Test func patternsMatchTheFormMadeInPlace() throws {
        let cases: [(format: String, mode: FoldMode, identifier: String, matches: Bool)] = [
            ("SELF MATCHES[c] 'strasse-[0-9]+'", .caseInsensitive, "STRAßE-12", true),
            ("SELF LIKE[c] 'résumé-*'", .caseInsensitive, "RÉSUMÉ-5-v3", true),
            ("SELF LIKE[c] 'resume-*'", .caseInsensitive, "RÉSUMÉ-5-v3", false),
            ("SELF LIKE[cd] 'resume-*'", .caseAndDiacriticInsensitive, "RÉSUMÉ-5-v3", true),
            ("SELF LIKE[d] 'ДОКУМЕНТ-?'", .diacriticInsensitive, "ДОКУМЕНТ-7", true),
            ("SELF LIKE[d] 'документ-?'", .diacriticInsensitive, "ДОКУМЕНТ-7", false),
            ("SELF MATCHES '[^/]+/文档'", .canonical, "Øre/文档", true),
            ("SELF LIKE[c] 'ドキュメント-*'", .caseInsensitive, "ドキュメント-618-v3", true),
        ]
        for (format, mode, identifier, matches) in cases {
            #expect(
                try ActivationPredicate(format: format).evaluate(identifier) == matches, "\(format) on \(identifier)")
            #expect(Subject.with(identifier) { $0.patternFormInPlace(mode) != nil }, "\(identifier) \(mode)")
        }
    }
}
