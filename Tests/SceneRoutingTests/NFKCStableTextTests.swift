import Foundation
import PCRE2Support
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// Text said to be NFKC-stable must come out of Foundation's NFKC normalisation unchanged,
/// and a pattern must decide such an identifier as it decides its normalised form.
@Suite struct NFKCStableTextTests {
    private static func isStable(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { NFKCStableText.isStable($0) }
    }

    /// Every scalar the ranges hold, alone and after each of a few neighbours and before
    /// each of them, is left as it is by NFKC.
    @Test func everyScalarSaidStableIsStable() {
        var changed: [String] = []
        let neighbours = ["a", "é", "ж", "か", "文", "가", "Ω", "📄", "Z"]
        for value in UInt32(0)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value), value >= 0x80 else { continue }
            let text = String(scalar)
            guard Self.isStable(text) else { continue }
            for candidate in [text] + neighbours.flatMap({ [$0 + text, text + $0] })
            where candidate.precomposedStringWithCompatibilityMapping.utf8.elementsEqual(candidate.utf8) == false {
                if changed.count < 10 {
                    changed.append("U+\(String(value, radix: 16)) in \(candidate.debugDescription)")
                }
            }
        }
        #expect(changed.isEmpty, "\(changed)")
    }

    /// Marks, jamo, voicing marks, compatibility characters and text holding them are not
    /// said to be stable, whether NFKC would change them or not.
    @Test func textHoldingAnythingElseIsNotSaidStable() {
        for text in [
            "e\u{301}", "\u{1100}\u{1161}", "か\u{3099}", "ﬁ", "①", "Ａ", "\u{212B}", "ｶ", "ά", "ἀ", "\u{37E}",
            "x\u{200D}y", "µ", "²",
        ] {
            #expect(!Self.isStable(text), "\(text.debugDescription)")
        }
        #expect(Self.isStable("tíquet-7-42/文档/документ/ドキュメント/각/📄/Øre"))
    }

    /// MATCHES and LIKE without options decide a stable non-ASCII identifier as they decide its
    /// NFKC form, which they ran on before.
    @Test func patternsDecideStableIdentifiersAsTheirNormalForm() throws {
        var random = DeterministicRandom(seed: 77)
        let pieces = ["t", "í", "quet", "-", "7", "42", "é", "e\u{301}", "文", "ж", "ガ", "ｶﾞ", "ﬁ", "Ö", "📄", "①"]
        let patterns = ["tíquet-[0-9]+-[0-9]+", ".*é.*", "[^a-z]+", "t.quet.*", "(?:文|ж)+", ".{3,}", "\\w+-\\d+"]
        var stable = 0
        for source in patterns {
            let test = try PatternCompiler.compile(op: .matches, pattern: source, mode: .canonical).get()
            for _ in 0..<400 {
                let identifier = (0..<(1 + random.below(5))).map { _ in pieces[random.below(pieces.count)] }.joined()
                guard !identifier.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
                if Self.isStable(identifier) { stable += 1 }
                var budget = false
                var fast = false
                Subject.with(identifier) { fast = test.evaluate(&$0, budgetExceeded: &budget) }
                let slow = test.pattern!.matches(identifier.precomposedStringWithCompatibilityMapping) == .match
                #expect(fast == slow, "\(source) \(identifier.debugDescription)")
            }
        }
        #expect(stable > 300)
    }
}
