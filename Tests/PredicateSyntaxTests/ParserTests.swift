import Testing

@testable import PredicateSyntax

@Suite struct ParserTests {
    private func parse(_ format: String, _ arguments: [PredicateArgument] = []) throws -> PredicateNode {
        try Parser.parse(format, arguments: arguments).node
    }

    private func comparison(_ node: PredicateNode) -> Comparison? {
        if case .comparison(let comparison) = node { return comparison }
        return nil
    }

    @Test func andBindsTighterThanOr() throws {
        let node = try parse("SELF == 'a' OR SELF == 'b' AND SELF == 'c'")
        guard case .or(let operands) = node else {
            Issue.record("expected OR at the top, got \(node)")
            return
        }
        #expect(operands.count == 2)
        if case .and(let inner) = operands[1] { #expect(inner.count == 2) } else { Issue.record("expected AND") }
    }

    @Test func notBindsTighterThanAnd() throws {
        let node = try parse("NOT SELF == 'a' AND SELF == 'b'")
        guard case .and(let operands) = node, case .not = operands[0] else {
            Issue.record("expected (NOT a) AND b, got \(node)")
            return
        }
    }

    @Test func mixedAndOrIsRecordedOnlyWhenUnparenthesised() throws {
        #expect(try Parser.parse("SELF == 'a' OR SELF == 'b' AND SELF == 'c'").mixedAndOr.count == 1)
        #expect(try Parser.parse("SELF == 'a' OR (SELF == 'b' AND SELF == 'c')").mixedAndOr.isEmpty)
        #expect(try Parser.parse("SELF == 'a' AND SELF == 'b'").mixedAndOr.isEmpty)
    }

    @Test func operatorSpellings() throws {
        let spellings: [(String, ComparisonOperator)] = [
            ("=", .equal), ("==", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<", .less), ("<=", .lessEqual),
            ("=<", .lessEqual), (">", .greater), (">=", .greaterEqual), ("=>", .greaterEqual),
            ("beginswith", .beginsWith), ("EndsWith", .endsWith), ("contains", .contains), ("like", .like),
            ("matches", .matches), ("in", .in),
        ]
        for (spelling, expected) in spellings {
            let node = try parse("SELF \(spelling) 'x'")
            #expect(comparison(node)?.op == expected, "\(spelling)")
        }
    }

    @Test func optionsAreParsed() throws {
        let node = try parse("SELF CONTAINS[cdnl] 'x'")
        #expect(comparison(node)?.options == [.caseInsensitive, .diacriticInsensitive, .normalized, .localeSensitive])
    }

    @Test func argumentsAreSubstitutedInOrder() throws {
        let node = try parse("SELF == %@ OR SELF IN %@", ["a", ["b", "c"]])
        guard case .or(let operands) = node, let first = comparison(operands[0]), let second = comparison(operands[1])
        else {
            Issue.record("unexpected shape \(node)")
            return
        }
        #expect(first.rhs.kind == .string(StringLiteral(value: "a")))
        guard case .aggregate(let members) = second.rhs.kind else {
            Issue.record("expected an aggregate")
            return
        }
        #expect(members.map(\.kind) == [.string(StringLiteral(value: "b")), .string(StringLiteral(value: "c"))])
    }

    @Test func quotedSpecifierIsLiteralText() throws {
        let node = try parse("SELF == '%@'")
        #expect(comparison(node)?.rhs.kind == .string(StringLiteral(value: "%@", sourceOffsets: [9, 10, 11])))
    }

    @Test func numbersInEveryRadix() throws {
        for (text, value) in [("42", 42.0), ("0x2A", 42), ("0o52", 42), ("0b101010", 42), ("4.2e1", 42), ("-42", -42)] {
            #expect(comparison(try parse("SELF == \(text)"))?.rhs.kind == .number(value), "\(text)")
        }
    }

    @Test func literalOffsetsMapBackThroughEscapes() throws {
        let node = try parse(#"SELF MATCHES 'a\\d'"#)
        guard case .string(let literal) = comparison(node)?.rhs.kind else {
            Issue.record("expected a string")
            return
        }
        #expect(literal.value == #"a\d"#)
        // value offsets 0 (a), 1 (\ from the two-byte escape), 2 (d), end (closing quote)
        #expect(literal.sourceOffsets == [14, 15, 17, 18])
    }
}
