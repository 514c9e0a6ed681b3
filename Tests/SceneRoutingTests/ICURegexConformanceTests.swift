import Foundation
import Testing

@testable import SceneRouting

/// `MATCHES` answers as ICU does. Each vector of `Fixtures/conformance/icu-regex.tsv` is
/// checked twice: against ICU itself (Foundation's `NSRegularExpression` is ICU on this
/// platform; asked as NSPredicate asks, whole string with DOTALL and MULTILINE), so the
/// file is ICU's truth and not a guess; and against `SELF MATCHES[n] %@` (`[n]`: without
/// the NFKC normalisation, which is not what these vectors are about). A vector marked
/// `refused` is one SceneRouter refuses with a located error because PCRE2 cannot express
/// it exactly; one marked `differs` is a known difference the predicate-language article
/// lists (where ICU's answer contradicts the pattern's own meaning, or PCRE2 cannot follow ICU
/// and the construct is too common to refuse).
@Suite struct ICURegexConformanceTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var line: Int
        var regexClass: String
        var pattern: String
        var subject: String
        /// `true`, `false` or `error`.
        var icu: String
        /// `same`, `refused` or `differs`.
        var sceneRouter: String
        var why: String
        var testDescription: String { "line \(line) \(regexClass): \(pattern) on \(subject.debugDescription)" }
    }

    /// Subjects spell `\n`, `\r`, `\t`, `\\` and `\u{HEX}`; patterns are raw.
    static func unescape(_ text: String) -> String {
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let next = characters.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "u":
                _ = characters.next() // {
                var hex = ""
                while let digit = characters.next(), digit != "}" { hex.append(digit) }
                result.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
            default: result.append(next)
            }
        }
        return result
    }

    static let vectors: [Vector] = {
        let url = FixturePaths.url("conformance/icu-regex.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").enumerated().dropFirst().compactMap { index, line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6 else { return nil }
            return Vector(
                line: index + 1, regexClass: fields[0], pattern: fields[1], subject: unescape(fields[2]),
                icu: fields[3],
                sceneRouter: fields[4], why: fields[5])
        }
    }()

    /// ICU's answer: `true`, `false` or `error`.
    static func icu(_ pattern: String, _ subject: String) -> String {
        guard
            let regex = try? NSRegularExpression(
                pattern: "(?:" + pattern + ")\\z", options: [.dotMatchesLineSeparators, .anchorsMatchLines])
        else { return "error" }
        let range = NSRange(subject.startIndex..., in: subject)
        return regex.firstMatch(in: subject, options: [.anchored], range: range) != nil ? "true" : "false"
    }

    @Test func theFileIsReadWhole() {
        let lines = ((try? String(contentsOf: FixturePaths.url("conformance/icu-regex.tsv"), encoding: .utf8)) ?? "")
            .split(separator: "\n").count
        #expect(Self.vectors.count == lines - 1)
        #expect(Self.vectors.count > 40)
    }

    @Test(arguments: vectors) func vectorIsICUsAnswer(_ vector: Vector) {
        #expect(Self.icu(vector.pattern, vector.subject) == vector.icu)
    }

    @Test(arguments: vectors) func sceneRouterAnswersAsICU(_ vector: Vector) throws {
        let predicate: ActivationPredicate
        do {
            predicate = try ActivationPredicate(format: "SELF MATCHES[n] %@", arguments: [.string(vector.pattern)])
        } catch {
            #expect(vector.icu == "error" || vector.sceneRouter == "refused", "refused: \(error.message)")
            // A refusal points into the pattern.
            #expect(error.excerpt != nil)
            return
        }
        #expect(vector.icu != "error", "accepted a pattern ICU refuses")
        #expect(vector.sceneRouter != "refused", "accepted a pattern marked refused")
        if vector.sceneRouter == "differs" {
            // A known difference, documented.
            #expect(String(predicate.evaluate(vector.subject)) != vector.icu)
        } else if vector.icu != "error" {
            #expect(String(predicate.evaluate(vector.subject)) == vector.icu)
        }
    }

    /// Each pattern on each scalar, as a whole string, where ICU and SceneRouter answer
    /// differently: `"\\p{L} U+345"`.
    static func disagreements(_ patterns: [String], on scalars: [Unicode.Scalar]) throws -> [String] {
        var wrong: [String] = []
        for pattern in patterns {
            let regex = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
            let predicate = try ActivationPredicate(format: "SELF MATCHES[n] %@", arguments: [.string(pattern)])
            for scalar in scalars {
                let text = String(Character(scalar))
                let icu = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                if predicate.evaluate(text) != icu { wrong.append("\(pattern) U+\(String(scalar.value, radix: 16))") }
            }
        }
        return wrong
    }

    /// The property names rewritten for PCRE2 (``ICUPropertyNames/setNames``, `word`, `all`,
    /// `IsTitlecase`, the POSIX classes) and `\\w` have ICU's members: checked on every 61st
    /// code point and on the ones the tables were written for. Only characters of Unicode 14
    /// and before, what PCRE2 10.42 knows (the ICU here is newer; Apple's follows its OS).
    @Test func rewrittenNamesHaveICUsMembers() throws {
        let patterns =
            ICUPropertyNames.setNames.keys.sorted().flatMap { ["\\p{\($0)}", "[[:\($0):]]"] }
            + [
                "\\p{word}", "\\P{WORD}", "\\p{all}", "\\p{IsTitlecase}", "\\p{IsAssigned}", "\\w", "\\W", "[\\w]",
                "[^\\w]",
            ]
        let chosen: [UInt32] = [
            0x9, 0x24, 0xAA, 0xB2, 0x301, 0x345, 0x1C5, 0x200C, 0x203F, 0x2160, 0xFF21, 0x93F, 0x94D,
        ]
        let scalars = (Array(stride(from: UInt32(0), to: 0x110000, by: 61)) + chosen).compactMap(Unicode.Scalar.init)
            .filter { ($0.properties.age?.major ?? 0) < 15 }
        let wrong = try Self.disagreements(patterns, on: scalars)
        #expect(wrong.count == 0, "\(wrong.count) differ, first \(wrong.prefix(10))")
    }

    /// Under `(?i)`, properties are closed over case as ICU closes them: checked on every
    /// character that has a case partner, and a sample of the others.
    @Test func caselessPropertiesHaveICUsMembers() throws {
        let patterns = [
            "\\p{Lu}", "\\p{Ll}", "\\P{Ll}", "\\p{Lt}", "\\p{Greek}", "\\P{Latin}", "\\p{L}", "[[:upper:]]", "\\w",
            "\\W",
            "\\p{javaLowerCase}", "[^\\p{Lu}]", "[\\p{Lt}x]", "\\p{Lowercase}", "\\p{InLatin-1 Supplement}",
        ].map { "(?i)" + $0 }
        let partners = CaseClosure.classes.joined()
        let scalars = (Array(partners) + Array(stride(from: UInt32(0), to: 0x30000, by: 97))).compactMap(
            Unicode.Scalar.init
        )
        .filter { ($0.properties.age?.major ?? 0) < 15 }
        let wrong = try Self.disagreements(patterns, on: scalars)
        #expect(wrong.count == 0, "\(wrong.count) differ, first \(wrong.prefix(10))")
    }

    /// Every block of the committed table (generated from the Unicode Character Database)
    /// has the bounds ICU gives it: its first and last code points are in it, the ones just
    /// outside are not.
    @Test func blocksHaveICUsBounds() {
        var wrong: [String] = []
        for (name, range) in UnicodeBlocks.ranges {
            let pattern = "\\p{In\(name)}"
            let lower = Int(range.lowerBound)
            let upper = Int(range.upperBound)
            for (value, expected) in [(lower, "true"), (upper, "true"), (lower - 1, "false"), (upper + 1, "false")] {
                // Surrogates are no text, nor is anything outside 0…10FFFF.
                guard let code = UInt32(exactly: value), let scalar = Unicode.Scalar(code) else { continue }
                if Self.icu(pattern, String(scalar)) != expected {
                    wrong.append("\(name) U+\(String(value, radix: 16))")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }
}
