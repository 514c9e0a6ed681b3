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
        /// Hyperscan pattern sets: each decides, in one pass over an identifier, which of its
        /// regexes (predicates that would otherwise crowd a shared key) can match.
        public var patternSets: Int
        /// Groups decided by pattern sets (verified only when their set reports them).
        public var patternSetMembers: Int
        /// The keys most groups share (up to five, each holding at least two), most first;
        /// groups in pattern sets are not counted.
        public var crowdedKeys: [CrowdedKey]

        /// The most groups one route verifies one by one: those under the most crowded key,
        /// and the residual groups every route evaluates (pattern sets add what they report).
        public var worstCaseVerifications: Int {
            (crowdedKeys.first?.groups ?? min(1, hashedKeys)) + residual
        }
    }

    /// A literal several predicates are filed under: a route whose identifier has it
    /// verifies all of them.
    public struct CrowdedKey: Sendable, Equatable, CustomStringConvertible {
        /// `exact`, `prefix`, `suffix` or `inner`.
        public var kind: String
        /// The literal, as the index keeps it (lowercased for case-insensitive comparisons).
        public var literal: String
        /// Distinct predicates filed under it.
        public var groups: Int

        /// `prefix "ticket-" (5000 groups)`.
        public var description: String { "\(kind) \"\(literal)\" (\(groups) groups)" }
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
            let crowded = tier.crowdedKeys(limit: 5).map {
                CrowdedKey(
                    kind: "\($0.key.kind)", literal: String(decoding: $0.key.bytes, as: UTF8.self), groups: $0.groups)
            }
            return Tier(
                groups: tier.liveGroups, always: tier.alwaysCount, residual: tier.residualCount, never: tier.neverCount,
                hashedKeys: shape.hashed, gramBuckets: shape.grams, prefixLengths: shape.prefixLengths,
                suffixLengths: shape.suffixLengths, patternSets: tier.patternSets.count,
                patternSetMembers: tier.patternSets.memberCount, crowdedKeys: crowded)
        }
        sessions = table.sessionCount
        prefer = tier(table.prefer)
        can = tier(table.can)
        bytes = table.approximateBytes
    }
}
