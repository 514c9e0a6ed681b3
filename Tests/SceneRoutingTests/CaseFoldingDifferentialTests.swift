import Foundation
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// Under `(?i)` ICU compares literal text by full case folding (`ss` matches `ß`); random
/// patterns around the characters that fold to several (ß, ẞ, ﬁ, ﬃ, ﬀ) and their
/// neighbours must answer as ICU does for every subject.
@Suite struct CaseFoldingDifferentialTests {
    struct Generator {
        var random: DeterministicRandom
        static let letters = ["s", "S", "ß", "ẞ", "ſ", "f", "F", "i", "ﬁ", "ﬀ", "ﬃ", "x", "k", "\u{212A}"]

        mutating func unit(depth: Int) -> String {
            switch Int.random(in: 0..<(depth < 2 ? 12 : 9), using: &random) {
            case 0...5: return Self.letters.randomElement(using: &random)!
            case 6:
                return ["\\x{73}", "\\u00DF", "\\Qss\\E", "\\N{LATIN SMALL LETTER SHARP S}"].randomElement(
                    using: &random)!
            case 7: return ["[sß]", ".", "\\w"].randomElement(using: &random)!
            case 8:
                return Self.letters.randomElement(using: &random)! + ["?", "{2}", "+"].randomElement(using: &random)!
            case 9: return "(?:" + sequence(depth: depth + 1) + ")" + ["", "?", "{1,2}"].randomElement(using: &random)!
            case 10: return "(?" + ["-i", "i"].randomElement(using: &random)! + ":" + sequence(depth: depth + 1) + ")"
            default: return "(?:" + sequence(depth: depth + 1) + "|" + sequence(depth: depth + 1) + ")"
            }
        }

        mutating func sequence(depth: Int) -> String {
            (0..<Int.random(in: 1...4, using: &random)).map { _ in unit(depth: depth) }.joined()
        }

        mutating func pattern() -> String {
            let body = sequence(depth: 0)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return "(?i).*(?<=" + body + ")x"
            case 1: return "(?i)" + body + ".*"
            default: return "(?i)" + body
            }
        }

        mutating func subject() -> String {
            let alphabet = ["s", "S", "ß", "ẞ", "f", "i", "ﬁ", "ﬃ", "ﬀ", "x", "k", "K"]
            return (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                .joined()
        }
    }

    @Test func randomCaselessPatternsAnswerAsICU() {
        var generator = Generator(random: DeterministicRandom(seed: 3))
        var compared = 0
        var matched = 0
        var disagreements: [String] = []
        for _ in 0..<TestTier.size(quick: 800, full: 6_000) {
            let pattern = generator.pattern()
            guard
                let predicate = ICUAcceptance.predicate(
                    pattern, sizeRefusals: ["too many", "too complicated", "too large"], disagreements: &disagreements)
            else { continue }
            for _ in 0..<12 {
                let subject = generator.subject() + (pattern.hasSuffix(")x") ? "x" : "")
                let expected = ICURegexConformanceTests.icu(pattern, subject) == "true"
                if predicate.evaluate(subject) != expected {
                    disagreements.append("\(pattern) on \(subject): ICU \(expected)")
                }
                compared += 1
                if expected { matched += 1 }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(8))")
        // Enough subjects must match for the comparison to mean something.
        #expect(matched > compared / 50)
        #expect(compared > 5_000)
    }
}
