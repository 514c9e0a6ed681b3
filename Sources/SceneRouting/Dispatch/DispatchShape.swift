/// Sizes of a dispatch table.
public struct DispatchShape: Sendable, Equatable {
    /// One tier of the table: the prefer tier or the can tier.
    public struct Tier: Sendable, Equatable {
        /// Distinct predicates (sessions sharing one predicate share a group).
        public var groups: Int
        /// Groups matching every identifier (TRUEPREDICATE, `*`).
        public var always: Int
        /// Groups evaluated on every route: some clause has no literal to index.
        public var residual: Int
        /// Groups that match no non-nil ASCII identifier.
        public var never: Int
        /// Hash entries (exact, prefix, suffix, short inner keys) and 4-byte gram buckets.
        public var hashedKeys: Int
        /// Gram buckets holding inner keys of 4 bytes or more.
        public var gramBuckets: Int
        /// Distinct prefix key lengths (each costs a probe per route).
        public var prefixLengths: Int
        /// Distinct suffix key lengths (each costs a probe per route).
        public var suffixLengths: Int
    }

    /// Open sessions of every role.
    public var sessions: Int
    /// The tier of `prefersToActivate` predicates.
    public var prefer: Tier
    /// The tier of `canActivate` predicates.
    public var can: Tier
    /// Approximate heap bytes of the table (sessions, groups, indexes; not the compiled
    /// predicates themselves).
    public var bytes: Int

    init(_ table: DispatchTable) {
        func tier(_ tier: PredicateTier) -> Tier {
            let shape = tier.index.shape
            return Tier(
                groups: tier.liveGroups, always: tier.alwaysCount, residual: tier.residualCount, never: tier.neverCount,
                hashedKeys: shape.hashed, gramBuckets: shape.grams, prefixLengths: shape.prefixLengths,
                suffixLengths: shape.suffixLengths)
        }
        sessions = table.sessionCount
        prefer = tier(table.prefer)
        can = tier(table.can)
        bytes = table.approximateBytes
    }
}
