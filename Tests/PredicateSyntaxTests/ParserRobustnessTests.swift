import SceneRouterWorkloads
import Testing

@testable import PredicateSyntax

/// Random bytes and random token soups never crash or hang the parser: every input gives
/// a predicate whose recorded ranges lie inside the input, or a diagnostic whose offset does.
@Suite struct ParserRobustnessTests {
    static let fragments = [
        "SELF", "self", "==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "BEGINSWITH", "ENDSWITH",
        "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN", "AND", "OR", "NOT", "&&", "||", "!", "(", ")", "{", "}",
        "[c]", "[cd]", "[", "]", ",", "'a'", "\"b\"", "'", "\"", "'\\", "%@", "%K", "%d", "$x", "#k", "nil", "NULL",
        "TRUE", "NO", "42", "0x1F", "-3.5e2", "TRUEPREDICATE", "FALSEPREDICATE", "ANY", "SUBQUERY", "name", ".",
        "?", "+", "é", "日本", "'\\u00e9'", "'\\x4'", "'\\777'", "@count", "%", "\\", " ", "\n",
    ]

    /// A grammatical predicate: comparisons of SELF, string literals and `%@` under random
    /// operators and options, combined by NOT, AND and OR (sometimes unparenthesised).
    static func grammatical(_ generator: inout DeterministicRandom, depth: Int) -> String {
        let operators = [
            "==", "!=", "<", ">=", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN", "=<", "<>",
        ]
        let options = ["", "", "[c]", "[cd]", "[n]", "[d]"]
        let literals = ["'a'", "\"b*\"", "'日本'", "'x?y'", "'a.c'", "%@"]
        if depth == 0 || generator.below(3) == 0 {
            let op = operators[generator.below(operators.count)]
            let option = op == "IN" ? "" : options[generator.below(options.count)]
            let rhs = op == "IN" && generator.below(2) == 0 ? "{'a', 'b'}" : literals[generator.below(literals.count)]
            return generator.below(5) == 0 ? "\(rhs) \(op)\(option) SELF" : "SELF \(op)\(option) \(rhs)"
        }
        let left = grammatical(&generator, depth: depth - 1)
        let right = grammatical(&generator, depth: depth - 1)
        switch generator.below(4) {
        case 0: return "NOT (\(left))"
        case 1: return "(\(left) AND \(right))"
        case 2: return "(\(left) OR \(right))"
        default: return "\(left) OR \(right) AND \(grammatical(&generator, depth: 0))"
        }
    }

    /// Grammatical predicates, half of them with random fragments spliced in.
    @Test func randomTokenSoupsAlwaysGiveAResultOrADiagnostic() {
        var generator = DeterministicRandom(seed: 0x5EED)
        var outcomes = Outcomes()
        for _ in 0..<20_000 {
            var format = Self.grammatical(&generator, depth: 3)
            if generator.below(2) == 0 {
                for _ in 0..<(1 + generator.below(3)) {
                    var bytes = Array(format.utf8)
                    let position = generator.below(bytes.count + 1)
                    bytes.insert(contentsOf: Self.fragments[generator.below(Self.fragments.count)].utf8, at: position)
                    format = String(decoding: bytes, as: UTF8.self)
                }
            }
            // Usually as many arguments as `%@`s, sometimes one more or one fewer.
            let bytes = Array(format.utf8)
            let placeholders = zip(bytes, bytes.dropFirst()).filter { $0 == (0x25, 0x40) }.count
            let argumentCount = generator.below(5) == 0 ? max(0, placeholders + generator.below(3) - 1) : placeholders
            let arguments: [PredicateArgument] = (0..<argumentCount).map { _ in
                generator.below(2) == 0 ? .string("x") : .strings(["a", "b"])
            }
            outcomes.count(check(format, arguments))
        }
        // Both outcomes occur often: the checks below ran on both paths.
        #expect(outcomes.parsed > 1_000 && outcomes.refused > 1_000, "\(outcomes)")
    }

    @Test func randomBytesAlwaysGiveAResultOrADiagnostic() {
        var generator = DeterministicRandom(seed: 0xB17E5)
        var outcomes = Outcomes()
        let alphabet = Array("SELF=!<>()[]{},'\"\\%@$#.?&|abcdNOTANDOR 0123456789éx\n\t".unicodeScalars)
        for _ in 0..<20_000 {
            let count = generator.below(41)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<count {
                if generator.below(10) == 0 {
                    // Any scalar at all, including controls and astral planes.
                    let value = UInt32(generator.below(0x11_0000))
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                } else {
                    scalars.append(alphabet[generator.below(alphabet.count)])
                }
            }
            outcomes.count(check(String(scalars), []))
        }
        #expect(outcomes.refused > 1_000, "\(outcomes)")
    }

    struct Outcomes {
        var parsed = 0
        var refused = 0
        mutating func count(_ didParse: Bool) { if didParse { parsed += 1 } else { refused += 1 } }
    }

    /// Whether `format` parsed. A parse records where each operand, operator and ambiguous
    /// `OR` stands (carets are drawn from them): every such range lies inside the input. A
    /// refusal points inside the input and renders with a caret.
    private func check(_ format: String, _ arguments: [PredicateArgument]) -> Bool {
        let bounds = 0...format.utf8.count
        do {
            let parsed = try Parser.parse(format, arguments: arguments)
            #expect(parsed.source == format)
            var ranges = parsed.mixedAndOr
            var pending = [parsed.node]
            while let node = pending.popLast() {
                switch node {
                case .constant: break
                case .not(let inner): pending.append(inner)
                case .and(let operands), .or(let operands): pending += operands
                case .comparison(let comparison):
                    ranges += [comparison.lhs.range, comparison.rhs.range, comparison.operatorRange]
                }
            }
            let outside = ranges.filter { !bounds.contains($0.lowerBound) || !bounds.contains($0.upperBound) }
            #expect(outside.isEmpty, "ranges \(outside) outside \(format.debugDescription)")
            return true
        } catch {
            #expect(bounds.contains(error.excerpt?.offset ?? -1), "offset out of range for \(format.debugDescription)")
            #expect(!error.message.isEmpty)
            // Rendering must be total too.
            #expect(error.rendered().contains("^"))
            return false
        }
    }
}
