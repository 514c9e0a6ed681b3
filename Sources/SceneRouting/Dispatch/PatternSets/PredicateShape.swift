import PCRE2Support

/// A compiled predicate's structure as a whole-string regex engine can read it on ASCII
/// identifiers: what `scene-router bench` hands Hyperscan and RE2::Set to set them beside
/// the table on the same conditions.
///
/// Each leaf says how the predicate's own evaluation decides an ASCII identifier, so an
/// engine that reproduces the leaf decides as the predicate does; whatever has no such
/// reading (non-ASCII literals that only Foundation compares, ordering, `IN 'text'`, a
/// pattern with constructs the engines may read differently, the identifier on the right)
/// is ``opaque`` and must be evaluated.
package indirect enum PredicateShape: Sendable {
    case constant(Bool)
    /// `SELF == nil`: false for any identifier.
    case isNil
    /// The identifier (lowercased first when `lowercased`) equals, begins with, ends with
    /// or contains `literal`, byte for byte; `literal` is not empty.
    case comparison(ASCIIComparison, literal: [UInt8], lowercased: Bool)
    /// The identifier is one of `members` (exact code units; only ASCII members can equal
    /// an ASCII identifier).
    case membership([String])
    /// The identifier (lowercased first when `lowercased`) matches all of `expression`, in
    /// PCRE2 syntax restricted to constructs Hyperscan and RE2 read the same way, with `.`
    /// matching newlines.
    case regex(String, lowercased: Bool)
    case not(PredicateShape)
    case and([PredicateShape])
    case or([PredicateShape])
    case opaque

    package enum ASCIIComparison: Sendable { case equal, prefix, suffix, contains }
}

extension ActivationPredicate {
    /// The predicate's structure for ASCII identifiers (``PredicateShape``).
    package var shape: PredicateShape { Self.shape(of: root) }

    private static func shape(of node: CompiledNode) -> PredicateShape {
        switch node {
        case .constant(let value): return .constant(value)
        case .isNil: return .isNil
        case .not(let inner): return .not(shape(of: inner))
        case .and(let operands): return .and(operands.map(shape(of:)))
        case .or(let operands): return .or(operands.map(shape(of:)))
        case .membership(let test): return .membership(test.members)
        case .dynamic: return .opaque
        case .literal(let test):
            // Without an ASCII form the table hands even ASCII identifiers to Foundation.
            guard let literal = test.asciiLiteral, !literal.isEmpty else { return .opaque }
            let comparison: PredicateShape.ASCIIComparison
            switch test.operation {
            case .equal: comparison = .equal
            case .beginsWith: comparison = .prefix
            case .endsWith: comparison = .suffix
            case .contains: comparison = .contains
            case .less, .lessEqual, .greater, .greaterEqual, .containedIn, .between: return .opaque
            }
            return .comparison(comparison, literal: Array(literal), lowercased: test.mode.foldsCase)
        case .pattern(let test):
            guard let pattern = test.patternText else { return .constant(false) }
            guard PatternSetSyntax.admits(pattern) else { return .opaque }
            return .regex(pattern, lowercased: test.mode.foldsCase)
        }
    }

    /// Evaluates the predicate on `subject` as the table's verification does.
    package func evaluate(_ subject: inout Subject, budgetExceeded: inout Bool) -> Bool {
        root.evaluate(&subject, budgetExceeded: &budgetExceeded)
    }
}
