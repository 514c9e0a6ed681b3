/// How strongly a window's activation conditions take an identifier: what the routing rules
/// rank windows by before the tie-break. A window that prefers the identifier beats one that
/// only can take it; a window that does neither is no candidate. Every router, the
/// explanation and the table's tier order (the prefer tier first) follow this one order.
package enum MatchStrength: Int, Comparable, Sendable {
    /// Neither condition matches.
    case neither = 0
    /// `canActivate` matches and `prefersToActivate` does not.
    case can = 1
    /// `prefersToActivate` matches.
    case prefers = 2

    package static func < (a: MatchStrength, b: MatchStrength) -> Bool { a.rawValue < b.rawValue }
}

extension ActivationConditions {
    /// How strongly these conditions take `subject`: `prefersToActivate` is evaluated first and
    /// `canActivate` only when it does not match. `budgetExceeded` is set when a regex ran out
    /// of its match budget (and was taken as not matching).
    @inline(__always)
    package func strength(for subject: inout Subject, budgetExceeded: inout Bool) -> MatchStrength {
        if prefersToActivate.root.evaluate(&subject, budgetExceeded: &budgetExceeded) { return .prefers }
        return canActivate.root.evaluate(&subject, budgetExceeded: &budgetExceeded) ? .can : .neither
    }

    /// ``strength(for:budgetExceeded:)`` for a bare identifier.
    package func strength(for identifier: String, budgetExceeded: inout Bool) -> MatchStrength {
        Subject.with(identifier) { strength(for: &$0, budgetExceeded: &budgetExceeded) }
    }
}
