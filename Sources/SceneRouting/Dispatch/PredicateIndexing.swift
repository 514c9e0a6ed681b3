/// How the dispatch table finds a predicate.
enum PredicateIndexing: Sendable, Equatable {
    /// True for every non-nil identifier (TRUEPREDICATE, `*`).
    case always
    /// False for every non-nil identifier.
    case never
    /// Some clause has no usable literal: evaluated on every route.
    case residual
    /// One entry per clause: the alternative key sets that clause offers (each atom's keys;
    /// a membership atom offers several keys at once). Every matching identifier contains
    /// some key of the alternative chosen for some clause, whichever alternatives are chosen.
    case clauses([[[IndexKey]]])
}
