/// Reserved words of the predicate language (case-insensitive).
package enum Keyword: String, CaseIterable, Sendable {
    case and = "AND"
    case or = "OR"
    case not = "NOT"
    case `in` = "IN"
    case like = "LIKE"
    case matches = "MATCHES"
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case between = "BETWEEN"
    case null = "NULL"
    case `nil` = "NIL"
    case `self` = "SELF"
    case `true` = "TRUE"
    case yes = "YES"
    case `false` = "FALSE"
    case no = "NO"
    case truePredicate = "TRUEPREDICATE"
    case falsePredicate = "FALSEPREDICATE"
    case all = "ALL"
    case any = "ANY"
    case some = "SOME"
    case none = "NONE"
    case subquery = "SUBQUERY"
    case function = "FUNCTION"
    case cast = "CAST"
    case first = "FIRST"
    case last = "LAST"
    case size = "SIZE"
    case anyKey = "ANYKEY"
    case caseInsensitive = "CASEINSENSITIVE"
    case ci = "CI"

    private static let byUppercasedName: [String: Keyword] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The keyword spelled by `word` in any letter case.
    package init?(word: String) {
        guard let keyword = Self.byUppercasedName[word.uppercased()] else { return nil }
        self = keyword
    }
}

/// Punctuation and operator symbols.
package enum Symbol: String, Sendable {
    case equal = "=="
    case singleEqual = "="
    case notEqual = "!="
    case lessGreater = "<>"
    case less = "<"
    case lessEqual = "<="
    case equalLess = "=<"
    case greater = ">"
    case greaterEqual = ">="
    case equalGreater = "=>"
    case andAnd = "&&"
    case orOr = "||"
    case bang = "!"
    case openParen = "("
    case closeParen = ")"
    case openBrace = "{"
    case closeBrace = "}"
    case openBracket = "["
    case closeBracket = "]"
    case comma = ","
}

/// One lexical token with its UTF-8 range in the format string.
package struct Token: Sendable {
    package enum Kind: Sendable {
        case keyword(Keyword)
        /// A C identifier that is not a reserved word: a key path, which the subset rejects.
        case identifier(String)
        case string(StringLiteral)
        case number(Double)
        case symbol(Symbol)
        /// `%@`, `%K`, `%d`, … outside quotes.
        case formatSpecifier(String)
        case end
    }

    package var kind: Kind
    package var range: Range<Int>
}

/// A decoded string literal and, for each UTF-8 offset of the decoded value, the offset in
/// the format string it came from (so regex errors point into the predicate).
package struct StringLiteral: Equatable, Sendable {
    package var value: String
    /// `sourceOffsets[i]` is the format-string offset of decoded byte `i`; one extra entry
    /// maps the end. Empty when the value was substituted from a `%@` argument.
    package var sourceOffsets: [Int]

    package init(value: String, sourceOffsets: [Int] = []) {
        self.value = value
        self.sourceOffsets = sourceOffsets
    }

    /// Maps an offset in ``value`` back to the format string, or nil if not known.
    package func sourceOffset(forValueOffset offset: Int) -> Int? {
        guard !sourceOffsets.isEmpty else { return nil }
        return sourceOffsets[max(0, min(offset, sourceOffsets.count - 1))]
    }
}
