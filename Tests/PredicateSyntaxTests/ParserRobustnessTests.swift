@testable import PredicateSyntax
import Testing

/// Random bytes and random token soups never crash or hang the parser: every input gives
/// a predicate or a diagnostic whose offset lies inside the input.
@Suite struct ParserRobustnessTests {
    /// A small deterministic generator so failures reproduce.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let fragments = [
        "SELF", "self", "==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "BEGINSWITH", "ENDSWITH",
        "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN", "AND", "OR", "NOT", "&&", "||", "!", "(", ")", "{", "}",
        "[c]", "[cd]", "[", "]", ",", "'a'", "\"b\"", "'", "\"", "'\\", "%@", "%K", "%d", "$x", "#k", "nil", "NULL",
        "TRUE", "NO", "42", "0x1F", "-3.5e2", "TRUEPREDICATE", "FALSEPREDICATE", "ANY", "SUBQUERY", "name", ".",
        "?", "+", "é", "日本", "'\\u00e9'", "'\\x4'", "'\\777'", "@count", "%", "\\", " ", "\n",
    ]

    @Test func randomTokenSoupsAlwaysGiveAResultOrADiagnostic() {
        var generator = SplitMix64(state: 0x5EED)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let format = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }.joined(
                separator: Bool.random(using: &generator) ? " " : "")
            let argumentCount = Int.random(in: 0...2, using: &generator)
            let arguments: [PredicateArgument] = (0..<argumentCount).map { _ in
                Bool.random(using: &generator) ? .string("x") : .strings(["a", "b"])
            }
            check(format, arguments)
        }
    }

    @Test func randomBytesAlwaysGiveAResultOrADiagnostic() {
        var generator = SplitMix64(state: 0xB17E5)
        let alphabet = Array("SELF=!<>()[]{},'\"\\%@$#.?&|abcdNOTANDOR 0123456789éx\n\t".unicodeScalars)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<count {
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    // Any scalar at all, including controls and astral planes.
                    let value = UInt32.random(in: 0...0x10FFFF, using: &generator)
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                } else {
                    scalars.append(alphabet.randomElement(using: &generator)!)
                }
            }
            check(String(scalars), [])
        }
    }

    private func check(_ format: String, _ arguments: [PredicateArgument]) {
        do {
            _ = try Parser.parse(format, arguments: arguments)
        } catch {
            #expect((0...format.utf8.count).contains(error.excerpt?.offset ?? -1), "offset out of range for \(format.debugDescription)")
            #expect(!error.message.isEmpty)
            // Rendering must be total too.
            #expect(error.rendered().contains("^"))
        }
    }
}
