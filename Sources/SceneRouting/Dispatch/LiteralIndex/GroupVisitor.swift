/// Receives the groups a literal index probe finds.
///
/// A generic parameter rather than a closure: the compiler always specialises a probe for
/// its visitor, inlining the visit into the probe loops, whereas whether a closure argument is
/// specialised depends on the probe's size, and an unspecialised probe pays a call and
/// reference counting per group found.
protocol GroupVisitor: ~Copyable {
    /// Called once for each group filed under a key found in the identifier (possibly more
    /// than once for the same group).
    mutating func visit(_ group: Int32)
    /// ``visit(_:)`` for a group found with a hint of where its verification will read.
    mutating func visit(_ group: Int32, hint: EntryHint)
}

extension GroupVisitor {
    @inline(__always)
    mutating func visit(_ group: Int32, hint: EntryHint) { visit(group) }
}

/// Receives every group one tier offers a route: groups that match every identifier (never
/// verified), groups the literal index finds, and the residual groups (both verified).
protocol TierCandidateVisitor: GroupVisitor, ~Copyable {
    /// `verify`: the group's predicate must be evaluated before it can win; `ascii`: its ASCII
    /// check or program may do that (exact for ASCII identifiers only); `offeredOnce`: the
    /// tier offers this group once per route (always and residual groups), so a failure need
    /// not be remembered.
    mutating func consider(_ group: Int32, verify: Bool, ascii: Bool, offeredOnce: Bool)
    /// Whether the winner so far, if any, ranks before `bound`.
    func hasWinner(rankingBefore bound: RankKey) -> Bool
}
