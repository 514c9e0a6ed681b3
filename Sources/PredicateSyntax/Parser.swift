/// Recursive-descent parser for the SELF-only subset of NSPredicate format strings.
///
/// Precedence is NOT > AND > OR (Apple documents none between AND and OR; see
/// `ParsedPredicate.mixedAndOr`). `%@` is replaced by the next argument.
///
/// Format strings may come from untrusted files, so recursion is bounded: parentheses and
/// aggregates nest at most ``maximumNestingDepth`` levels (a located error beyond), and a run
/// of `NOT`s is read in a loop and folded to at most one `NOT`. Every later pass over the
/// tree (validation, compilation, indexing, evaluation) recurses at most that deep too.
package struct Parser {
    /// How deeply parentheses and aggregates may nest. Real activation conditions nest a
    /// few levels; the bound keeps every recursive pass over a predicate (validation,
    /// compilation, indexing, evaluation, release) inside a 512 KiB secondary thread's stack,
    /// debug builds included, where a thousand levels would need several megabytes.
    package static let maximumNestingDepth = 100

    private let source: String
    private let sourceBytes: [UInt8]
    private let tokens: [Token]
    private var depth = 0
    private var index = 0
    private var arguments: [PredicateArgument]
    private var argumentIndex = 0
    private var argumentOffsets: [Int] = []
    private var mixedAndOr: [Range<Int>] = []
    private var referencesSelf = false

    private init(source: String, tokens: [Token], arguments: [PredicateArgument]) {
        self.source = source
        self.sourceBytes = Array(source.utf8)
        self.tokens = tokens
        self.arguments = arguments
    }

    /// Parses and validates `format` with `arguments` substituted for its `%@`s.
    /// - Throws: ``Diagnostic`` pointing at the offending token.
    package static func parse(_ format: String, arguments: [PredicateArgument] = []) throws(Diagnostic)
        -> ParsedPredicate
    {
        let tokens = try Lexer.tokenize(format)
        var parser = Parser(source: format, tokens: tokens, arguments: arguments)
        if case .end = tokens[0].kind {
            throw parser.error(.syntax, "empty predicate: expected a comparison such as SELF == 'id'", at: tokens[0])
        }
        let node = try parser.parseCompound()
        let last = parser.current
        switch last.kind {
        case .end: break
        case .symbol(.closeParen):
            throw parser.error(.unbalancedParentheses, "unbalanced ')': there is no '(' to close", at: last)
        default:
            throw parser.error(
                .syntax, "expected AND or OR between predicates, found \(parser.describe(last))", at: last)
        }
        if parser.argumentIndex < arguments.count {
            let count = arguments.count
            throw Diagnostic(
                code: .extraArguments,
                message:
                    "\(count) argument\(count == 1 ? "" : "s") given but the predicate has \(parser.argumentIndex) %@",
                predicate: format, offset: format.utf8.count, length: 1)
        }
        try Validator(source: format).validate(node)
        return ParsedPredicate(
            node: node, source: format, mixedAndOr: parser.mixedAndOr, referencesSelf: parser.referencesSelf,
            argumentOffsets: parser.argumentOffsets)
    }

    // MARK: Token access

    private var current: Token { tokens[index] }

    private mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func error(_ code: Diagnostic.Code, _ message: String, at token: Token) -> Diagnostic {
        Diagnostic(
            code: code, message: message, predicate: source, offset: token.range.lowerBound,
            length: max(1, token.range.count))
    }

    private func text(of token: Token) -> String {
        String(decoding: sourceBytes[token.range], as: UTF8.self)
    }

    /// Enters one level of parentheses or aggregate braces opened by `token`.
    private mutating func enterNesting(at token: Token) throws(Diagnostic) {
        depth += 1
        if depth > Self.maximumNestingDepth {
            throw error(
                .nestingTooDeep,
                "parentheses and aggregates nest deeper than \(Self.maximumNestingDepth) levels", at: token)
        }
    }

    /// How a token is named in "found …" messages.
    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .end: "the end of the predicate"
        case .keyword: text(of: token).uppercased()
        case .identifier: "'\(text(of: token))'"
        case .string: "a string"
        case .number: "a number"
        case .symbol, .formatSpecifier: "'\(text(of: token))'"
        }
    }

    private func isKeyword(_ token: Token, _ keywords: Keyword...) -> Bool {
        if case .keyword(let keyword) = token.kind { return keywords.contains(keyword) }
        return false
    }

    private func isSymbol(_ token: Token, _ symbols: Symbol...) -> Bool {
        if case .symbol(let symbol) = token.kind { return symbols.contains(symbol) }
        return false
    }

    // MARK: Compound predicates

    /// An open parenthesis (or the whole predicate) being read: its OR operands so far and
    /// the AND run being collected. Groups live on an explicit stack, so a predicate nested
    /// a thousand levels deep costs the parser heap, not thread stack.
    private struct Group {
        /// The `(`; nil for the predicate as a whole.
        var open: Token?
        /// NOTs written before the `(`, applied when the group closes.
        var negations: Int
        var orOperands: [PredicateNode] = []
        var andOperands: [PredicateNode] = []
        /// Some OR operand is an AND written without parentheses.
        var sawBareAnd = false
        var firstOr: Range<Int>?

        /// The group's predicate: `a AND b OR c` as OR(AND(a, b), c).
        mutating func close(recordingMixOf mixedAndOr: inout [Range<Int>]) -> PredicateNode {
            let last = andOperands.count == 1 ? andOperands[0] : PredicateNode.and(andOperands)
            if orOperands.isEmpty { return last }
            if andOperands.count > 1 { sawBareAnd = true }
            if sawBareAnd, let firstOr { mixedAndOr.append(firstOr) }
            return .or(orOperands + [last])
        }
    }

    /// Reads `or := and { OR and }`, `and := not { AND not }`, `not := { NOT } primary` and
    /// `primary := TRUEPREDICATE | FALSEPREDICATE | ( or ) | comparison` without recursing
    /// per level. A run of NOTs folds to at most one (NOT NOT p is p).
    private mutating func parseCompound() throws(Diagnostic) -> PredicateNode {
        var groups = [Group(open: nil, negations: 0)]
        // The token before the operand being read, for "expected a predicate after …".
        var previous: Token?
        while true {
            // An operand, after any NOTs.
            var negations = 0
            while isKeyword(current, .not) || isSymbol(current, .bang) {
                previous = advance()
                negations += 1
            }
            let token = current
            var operand: PredicateNode
            switch token.kind {
            case .symbol(.openParen):
                _ = advance()
                try enterNesting(at: token)
                groups.append(Group(open: token, negations: negations))
                previous = token
                continue
            case .keyword(.truePredicate):
                _ = advance()
                operand = .constant(true)
            case .keyword(.falsePredicate):
                _ = advance()
                operand = .constant(false)
            case .keyword(let keyword) where [.any, .all, .some, .none].contains(keyword):
                throw error(
                    .unsupported,
                    "\(keyword.rawValue) needs a collection on its left, but SELF (the target content identifier) is a string",
                    at: token)
            case .keyword(.and), .keyword(.or), .symbol(.andAnd), .symbol(.orOr), .end, .symbol(.closeParen):
                let context = previous.map { " after \(describe($0))" } ?? ""
                throw error(.syntax, "expected a predicate\(context), found \(describe(token))", at: token)
            default:
                operand = try parseComparison()
            }
            if negations % 2 == 1 { operand = .not(operand) }

            // What follows the operand: AND or OR continue the group; `)` closes it and the
            // closed group becomes an operand of the one around it.
            while true {
                groups[groups.count - 1].andOperands.append(operand)
                let next = current
                if isKeyword(next, .and) || isSymbol(next, .andAnd) {
                    previous = advance()
                    break
                }
                if isKeyword(next, .or) || isSymbol(next, .orOr) {
                    previous = advance()
                    let top = groups.count - 1
                    let operands = groups[top].andOperands
                    groups[top].orOperands.append(operands.count == 1 ? operands[0] : .and(operands))
                    if operands.count > 1 { groups[top].sawBareAnd = true }
                    groups[top].andOperands = []
                    groups[top].firstOr = groups[top].firstOr ?? next.range
                    break
                }
                var group = groups.removeLast()
                guard let open = group.open else {
                    // The whole predicate: `parse` reports whatever stopped it.
                    return group.close(recordingMixOf: &mixedAndOr)
                }
                guard isSymbol(next, .closeParen) else {
                    if case .end = next.kind {
                        throw error(.unbalancedParentheses, "missing ')' to close this '('", at: open)
                    }
                    throw error(.syntax, "expected ')' or AND/OR, found \(describe(next))", at: next)
                }
                _ = advance()
                depth -= 1
                operand = group.close(recordingMixOf: &mixedAndOr)
                if group.negations % 2 == 1 { operand = .not(operand) }
            }
        }
    }

    // MARK: Comparisons

    private mutating func parseComparison() throws(Diagnostic) -> PredicateNode {
        let lhs = try parseValue(expecting: "a predicate")
        let operatorToken = current
        let op: ComparisonOperator
        switch operatorToken.kind {
        case .symbol(.equal), .symbol(.singleEqual): op = .equal
        case .symbol(.notEqual), .symbol(.lessGreater): op = .notEqual
        case .symbol(.less): op = .less
        case .symbol(.lessEqual), .symbol(.equalLess): op = .lessEqual
        case .symbol(.greater): op = .greater
        case .symbol(.greaterEqual), .symbol(.equalGreater): op = .greaterEqual
        case .keyword(.beginsWith): op = .beginsWith
        case .keyword(.endsWith): op = .endsWith
        case .keyword(.contains): op = .contains
        case .keyword(.like): op = .like
        case .keyword(.matches): op = .matches
        case .keyword(.in): op = .in
        case .keyword(.between): op = .between
        case .identifier(let word):
            throw error(.unknownOperator, Self.unknownOperatorMessage(word), at: operatorToken)
        case .end, .keyword(.and), .keyword(.or), .symbol(.andAnd), .symbol(.orOr), .symbol(.closeParen):
            if case .boolean(let value) = lhs.kind {
                let suggestion = value ? "TRUEPREDICATE" : "FALSEPREDICATE"
                throw Diagnostic(
                    code: .syntax, message: "a boolean value is not a predicate (did you mean \(suggestion)?)",
                    predicate: source, offset: lhs.range.lowerBound, length: lhs.range.count)
            }
            throw error(
                .syntax, "expected an operator after \(lhs.description), found \(describe(operatorToken))",
                at: operatorToken)
        default:
            throw error(
                .syntax, "expected an operator after \(lhs.description), found \(describe(operatorToken))",
                at: operatorToken)
        }
        _ = advance()
        var operatorEnd = operatorToken.range.upperBound
        var options: ComparisonOptions = []
        if isSymbol(current, .openBracket) {
            (options, operatorEnd) = try parseOptions(for: op)
        }
        let rhs = try parseValue(expecting: Self.expectation(after: op), after: operatorToken)
        return .comparison(
            Comparison(
                lhs: lhs, op: op, options: options, rhs: rhs,
                operatorRange: operatorToken.range.lowerBound..<operatorEnd))
    }

    private static func expectation(after op: ComparisonOperator) -> String {
        switch op {
        case .beginsWith, .endsWith, .contains, .like, .matches: "a string"
        case .in: "an aggregate or a string"
        case .between: "{lower, upper}"
        default: "a value"
        }
    }

    private mutating func parseOptions(for op: ComparisonOperator) throws(Diagnostic) -> (ComparisonOptions, Int) {
        let open = advance()
        var options: ComparisonOptions = []
        var letters = ""
        switch current.kind {
        case .identifier, .keyword:
            letters = text(of: advance())
        case .symbol(.closeBracket):
            throw Diagnostic(
                code: .invalidOptions, message: "empty options '[]': use c, d, n or l (e.g. [cd])", predicate: source,
                offset: open.range.lowerBound, length: current.range.upperBound - open.range.lowerBound)
        default:
            throw error(.invalidOptions, "expected option letters c, d, n or l after '['", at: current)
        }
        guard isSymbol(current, .closeBracket) else {
            throw error(.invalidOptions, "expected ']' to close the options", at: current)
        }
        let close = advance()
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": options.insert(.normalized)
            case "l": options.insert(.localeSensitive)
            case "w": options.insert(.widthInsensitive)
            default:
                throw Diagnostic(
                    code: .invalidOptions,
                    message: "unknown option '\(letter)' in [\(letters)]: options are c, d, n and l",
                    predicate: source, offset: open.range.lowerBound,
                    length: close.range.upperBound - open.range.lowerBound)
            }
        }
        if op == .between {
            throw Diagnostic(
                code: .invalidOptions, message: "BETWEEN takes no options", predicate: source,
                offset: open.range.lowerBound, length: close.range.upperBound - open.range.lowerBound)
        }
        return (options, close.range.upperBound)
    }

    private mutating func parseValue(expecting expectation: String, after previous: Token? = nil) throws(Diagnostic)
        -> Operand
    {
        let token = current
        switch token.kind {
        case .keyword(.self):
            _ = advance()
            referencesSelf = true
            return Operand(kind: .this, range: token.range)
        case .string(let literal):
            _ = advance()
            return Operand(kind: .string(literal), range: token.range)
        case .number(let value):
            _ = advance()
            return Operand(kind: .number(value), range: token.range)
        case .keyword(.true), .keyword(.yes):
            _ = advance()
            return Operand(kind: .boolean(true), range: token.range)
        case .keyword(.false), .keyword(.no):
            _ = advance()
            return Operand(kind: .boolean(false), range: token.range)
        case .keyword(.null), .keyword(.nil):
            _ = advance()
            return Operand(kind: .null, range: token.range)
        case .symbol(.openBrace):
            return try parseAggregate()
        case .formatSpecifier:
            _ = advance()
            return try substituteArgument(at: token)
        case .identifier(let name):
            if index + 1 < tokens.count, isSymbol(tokens[index + 1], .openParen) {
                if name.uppercased() == "BLOCKPREDICATE" {
                    throw error(.unsupported, "block predicates have no format-string form", at: token)
                }
                throw error(
                    .unsupported, "functions ('\(name)(…)') are not supported: predicates compare SELF with values",
                    at: token)
            }
            throw error(
                .unsupported,
                "unsupported key path '\(name)': only SELF (the target content identifier) can be compared",
                at: token)
        case .keyword(let keyword) where [.subquery, .function, .cast, .first, .last, .size, .anyKey].contains(keyword):
            throw error(
                .unsupported, "\(keyword.rawValue) is not supported: predicates compare SELF with values", at: token)
        default:
            let context = previous.map { " after \(describe($0))" } ?? ""
            if expectation == "a predicate" {
                throw error(.syntax, "expected a predicate, found \(describe(token))", at: token)
            }
            throw error(.syntax, "expected \(expectation)\(context), found \(describe(token))", at: token)
        }
    }

    private mutating func parseAggregate() throws(Diagnostic) -> Operand {
        let open = advance()
        try enterNesting(at: open)
        defer { depth -= 1 }
        var elements: [Operand] = []
        if isSymbol(current, .closeBrace) {
            let close = advance()
            return Operand(kind: .aggregate([]), range: open.range.lowerBound..<close.range.upperBound)
        }
        while true {
            elements.append(try parseValue(expecting: "a value in the aggregate"))
            if isSymbol(current, .comma) {
                _ = advance()
                continue
            }
            if isSymbol(current, .closeBrace) {
                let close = advance()
                return Operand(kind: .aggregate(elements), range: open.range.lowerBound..<close.range.upperBound)
            }
            if case .end = current.kind {
                throw error(.syntax, "missing '}' to close this aggregate", at: open)
            }
            throw error(.syntax, "expected ',' or '}' in the aggregate, found \(describe(current))", at: current)
        }
    }

    private mutating func substituteArgument(at token: Token) throws(Diagnostic) -> Operand {
        guard argumentIndex < arguments.count else {
            let given = arguments.count
            throw error(
                .missingArgument,
                "%@ has no argument (\(given) given): pass one with --arg or in the manifest's \"args\"", at: token)
        }
        let argument = arguments[argumentIndex]
        argumentIndex += 1
        argumentOffsets.append(token.range.lowerBound)
        return Self.operand(substituting: argument, at: token.range)
    }

    /// The operand an argument becomes where its `%@` stands.
    static func operand(substituting argument: PredicateArgument, at range: Range<Int>) -> Operand {
        switch argument {
        case .string(let value):
            return Operand(kind: .string(StringLiteral(value: value)), range: range)
        case .strings(let values):
            let elements = values.map { Operand(kind: .string(StringLiteral(value: $0)), range: range) }
            return Operand(kind: .aggregate(elements), range: range)
        }
    }

    // MARK: Suggestions

    static let operatorWords = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN"]

    static func unknownOperatorMessage(_ word: String) -> String {
        let upper = word.uppercased()
        let best = operatorWords.map { ($0, EditDistance.between(upper, $0)) }.min { $0.1 < $1.1 }
        if let best, best.1 <= max(1, min(3, upper.count / 3)) {
            return "unknown operator '\(word)' (did you mean \(best.0)?)"
        }
        return
            "unknown operator '\(word)': expected ==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN or BETWEEN"
    }

}
