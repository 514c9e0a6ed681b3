import Foundation
import PCRE2Support
import PredicateSyntax

/// The rare comparisons where the identifier is the pattern or the needle rather than the
/// subject: `'text' BEGINSWITH SELF`, `'text' ENDSWITH SELF`, `'text' LIKE SELF`,
/// `'text' MATCHES SELF`, and `SELF op SELF`. The pattern changes with every identifier, so
/// it is compiled per evaluation (still under the match budget); these never sit on a
/// routing hot path in practice.
struct DynamicTest: Sendable {
    /// What the identifier is compared against.
    enum Side: Sendable {
        case constant(String)
        case identifier
    }

    let op: ComparisonOperator
    let mode: FoldMode
    let counterpart: Side

    func evaluate(_ context: inout Subject, budgetExceeded: inout Bool) -> Bool {
        guard let identifier = context.string else {
            // nil against a value is false for every operator but !=; SELF vs SELF: nil == nil.
            if case .identifier = counterpart { return op == .equal }
            return false
        }
        let text: String =
            switch counterpart {
            case .constant(let value): value
            case .identifier: identifier
            }
        let options = mode.compareOptions
        switch op {
        case .beginsWith: return FoundationSearch.finds(identifier, in: text, options: options.union(.anchored))
        case .endsWith:
            return FoundationSearch.finds(identifier, in: text, options: options.union([.anchored, .backwards]))
        case .contains, .in: return FoundationSearch.finds(identifier, in: text, options: options)
        case .equal:
            return mode == .canonical
                ? text.utf8.elementsEqual(identifier.utf8) : text.compare(identifier, options: options) == .orderedSame
        case .notEqual:
            return
                !(mode == .canonical
                ? text.utf8.elementsEqual(identifier.utf8) : text.compare(identifier, options: options) == .orderedSame)
        case .less: return text.compare(identifier, options: options) == .orderedAscending
        case .lessEqual: return text.compare(identifier, options: options) != .orderedDescending
        case .greater: return text.compare(identifier, options: options) == .orderedDescending
        case .greaterEqual: return text.compare(identifier, options: options) != .orderedAscending
        case .like, .matches:
            guard let pattern = try? PatternCompiler.compile(op: op, pattern: identifier, mode: mode).get() else {
                // An identifier that is not a valid pattern cannot match (Apple would raise).
                budgetExceeded = true
                return false
            }
            return SceneRouting.Subject.with(text) { pattern.evaluate(&$0, budgetExceeded: &budgetExceeded) }
        case .between:
            return false
        }
    }
}
