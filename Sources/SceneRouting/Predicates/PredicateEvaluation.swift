/// The outcome of one evaluation, with whether a regex hit its match budget.
public struct PredicateEvaluation: Equatable, Sendable {
    /// Whether the predicate holds for the identifier.
    public var matches: Bool
    /// A LIKE/MATCHES hit PCRE2's match limit (or its pattern was the identifier and did not
    /// compile); the comparison was treated as false.
    public var budgetExceeded: Bool
}
