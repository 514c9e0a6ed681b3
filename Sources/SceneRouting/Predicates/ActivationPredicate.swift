public import PredicateSyntax
import Foundation

/// An activation condition: an NSPredicate format string over `SELF` (the target content
/// identifier), parsed, validated and compiled once, then evaluated many times.
///
///     let predicate = try ActivationPredicate(format: "SELF BEGINSWITH[cd] %@", arguments: ["sms:"])
///     predicate.evaluate("SMS:group-17")   // true
///
/// Evaluation follows Apple's rules (see the README's grammar section): exact `==`,
/// CFString semantics for `[c]`/`[d]`, whole-string LIKE and MATCHES through PCRE2.
public struct ActivationPredicate: Sendable, CustomStringConvertible {
    let root: CompiledNode
    /// The format string as written (or the equivalent predicate of a SwiftUI set).
    public let format: String
    /// Ranges of `OR`s that mix with an unparenthesised `AND` (for lint warnings).
    let mixedAndOr: [Range<Int>]
    /// The parsed form, kept for lint checks; nil for SwiftUI sets and constants.
    let parsed: ParsedPredicate?
    /// The `%@` arguments it was built with.
    let arguments: [PredicateArgument]
    /// For SwiftUI sets: the members, as written.
    let swiftUIMembers: [String]?

    /// Parses and compiles a predicate format string.
    /// - Parameters:
    ///   - format: e.g. `SELF == %@` or `SELF ENDSWITH '.pdf'`.
    ///   - arguments: values for the `%@`s, in order.
    /// - Throws: ``PredicateError`` with the position of the problem.
    public init(format: String, arguments: [PredicateArgument] = []) throws(PredicateError) {
        let parsed = try Parser.parse(format, arguments: arguments)
        root = try PredicateCompiler(source: format).compile(parsed.node)
        self.format = format
        self.mixedAndOr = parsed.mixedAndOr
        self.parsed = parsed
        self.arguments = arguments
        self.swiftUIMembers = nil
    }

    /// Bytes of the format string and its arguments: roughly what UIKit archives (and
    /// ignores above 100,000 bytes).
    var archivedSize: Int {
        arguments.reduce(format.utf8.count) { total, argument in
            switch argument {
            case .string(let value): total + value.utf8.count
            case .strings(let values): values.reduce(total) { $0 + $1.utf8.count }
            }
        }
    }

    /// The predicate SwiftUI derives from a `handlesExternalEvents` string set: `"*"` matches
    /// everything, otherwise any non-empty member contained in the identifier
    /// (`SELF CONTAINS[cd] member`); an empty set matches nothing.
    public init(swiftUISet members: some Sequence<String>) {
        let members = Array(members)
        let nonEmpty = members.filter { !$0.isEmpty }
        if members.contains("*") {
            root = .constant(true)
            format = "TRUEPREDICATE"
        } else if nonEmpty.isEmpty {
            root = .constant(false)
            format = "FALSEPREDICATE"
        } else {
            let tests = nonEmpty.map {
                CompiledNode.literal(LiteralTest(.contains, literal: $0, mode: .caseAndDiacriticInsensitive))
            }
            root = tests.count == 1 ? tests[0] : .or(tests)
            format = nonEmpty.map { "SELF CONTAINS[cd] \(Self.quoted($0))" }.joined(separator: " OR ")
        }
        mixedAndOr = []
        parsed = nil
        arguments = []
        swiftUIMembers = members
    }

    private init(constant: Bool) {
        root = .constant(constant)
        format = constant ? "TRUEPREDICATE" : "FALSEPREDICATE"
        mixedAndOr = []
        parsed = nil
        arguments = []
        swiftUIMembers = nil
    }

    /// `TRUEPREDICATE`.
    public static let alwaysTrue = ActivationPredicate(constant: true)
    /// `FALSEPREDICATE`.
    public static let alwaysFalse = ActivationPredicate(constant: false)

    /// Whether the predicate is a constant (`TRUEPREDICATE`, `FALSEPREDICATE`, or folds to one).
    public var constantValue: Bool? {
        if case .constant(let value) = root { return value }
        return nil
    }

    /// Evaluates the predicate against a target content identifier (nil when the event
    /// carries none). A regex that exhausts its match budget counts as no match.
    /// - Complexity: O(identifier length) per comparison; no allocation for ASCII identifiers.
    public func evaluate(_ identifier: String?) -> Bool {
        var budgetExceeded = false
        return Subject.with(identifier) { root.evaluate(&$0, budgetExceeded: &budgetExceeded) }
    }

    /// Like ``evaluate(_:)``, also telling whether a regular expression ran out of its match
    /// budget (and was therefore treated as not matching).
    public func evaluateReportingBudget(_ identifier: String?) -> PredicateEvaluation {
        var budgetExceeded = false
        let matches = Subject.with(identifier) { root.evaluate(&$0, budgetExceeded: &budgetExceeded) }
        return PredicateEvaluation(matches: matches, budgetExceeded: budgetExceeded)
    }

    public var description: String { format }

    /// Identical predicates share this key, so the dispatch table compiles and indexes them once.
    var internKey: String {
        if let swiftUIMembers { return "s\u{1F}" + swiftUIMembers.joined(separator: "\u{1F}") }
        var key = "f\u{1F}" + format
        for argument in arguments {
            switch argument {
            case .string(let value): key += "\u{1E}" + value
            case .strings(let values): key += "\u{1D}" + values.joined(separator: "\u{1F}")
            }
        }
        return key
    }

    /// A string literal in format-string syntax, escaping `\` and `"` as Apple prints them.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// The outcome of one evaluation, with whether a regex hit its match budget.
public struct PredicateEvaluation: Equatable, Sendable {
    public var matches: Bool
    /// A LIKE/MATCHES hit PCRE2's match limit (or its pattern was the identifier and did not
    /// compile); the comparison was treated as false.
    public var budgetExceeded: Bool
}
