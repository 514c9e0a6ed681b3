/// The parsed form of a predicate over `SELF`.
package indirect enum PredicateNode: Equatable, Sendable {
    case constant(Bool)
    case not(PredicateNode)
    case and([PredicateNode])
    case or([PredicateNode])
    case comparison(Comparison)
}

/// `lhs op[options] rhs`.
package struct Comparison: Equatable, Sendable {
    package var lhs: Operand
    package var op: ComparisonOperator
    package var options: ComparisonOptions
    package var rhs: Operand
    /// Where the operator (and its options) stand in the format string.
    package var operatorRange: Range<Int>
}

package enum ComparisonOperator: String, Equatable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case between = "BETWEEN"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case matches = "MATCHES"
    case `in` = "IN"
}

/// `[c]`, `[d]`, `[n]`, `[l]` (and the `w` Apple's predicateFormat may print).
package struct ComparisonOptions: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let caseInsensitive = ComparisonOptions(rawValue: 1)
    package static let diacriticInsensitive = ComparisonOptions(rawValue: 2)
    /// "Normalized": the caller promises preprocessed strings; supersedes c and d.
    package static let normalized = ComparisonOptions(rawValue: 4)
    package static let localeSensitive = ComparisonOptions(rawValue: 8)
    package static let widthInsensitive = ComparisonOptions(rawValue: 16)

    /// The options as Apple prints them, e.g. `[cd]`; empty for none.
    package var formatted: String {
        var letters = ""
        if contains(.caseInsensitive) { letters += "c" }
        if contains(.diacriticInsensitive) { letters += "d" }
        if contains(.normalized) { letters += "n" }
        if contains(.localeSensitive) { letters += "l" }
        if contains(.widthInsensitive) { letters += "w" }
        return letters.isEmpty ? "" : "[\(letters)]"
    }
}

/// One side of a comparison.
package struct Operand: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// `SELF`: the target content identifier (a string, or nil).
        case this
        case string(StringLiteral)
        case number(Double)
        case boolean(Bool)
        case null
        case aggregate([Operand])
    }

    package var kind: Kind
    package var range: Range<Int>

    /// How the operand is named in messages: `SELF`, `a string`, `a number`, …
    package var description: String {
        switch kind {
        case .this: "SELF"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "nil"
        case .aggregate: "an aggregate"
        }
    }

    /// SELF or a string literal: the operands string operators accept.
    package var isStringLike: Bool {
        switch kind {
        case .this, .string: true
        default: false
        }
    }
}

/// A parsed predicate and what the parser noticed on the way.
package struct ParsedPredicate: Sendable {
    package var node: PredicateNode
    package var source: String
    /// Ranges of `OR` tokens whose operands include an unparenthesised `AND`: Apple
    /// documents no precedence between them, so `check` warns.
    package var mixedAndOr: [Range<Int>]
    /// Whether any operand is `SELF` (a predicate without SELF is constant).
    package var referencesSelf: Bool
    /// Where each `%@` stands in the format string, in argument order.
    package var argumentOffsets: [Int] = []
}
