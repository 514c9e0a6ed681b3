extension PredicateTier {
    /// A hashed key and how many groups are filed under it.
    struct CrowdedKey {
        var key: IndexKey
        var groups: Int
        /// One of the groups' predicates.
        var example: ActivationPredicate
    }

    /// The hashed keys (exact, prefix, suffix, short inner) that hold at least two groups,
    /// the most crowded first: a route whose identifier has such a key verifies every group
    /// filed there. Gram buckets are left out: their tags sort out most candidates before any
    /// is verified; so are groups in pattern sets, which routes do not verify one by one.
    /// Walks every group: for `compile` and `check`, not for routing.
    func crowdedKeys(limit: Int) -> [CrowdedKey] {
        var buckets: [UInt64: (groups: Int, example: Int)] = [:]
        for group in 0..<placements.count where isLive(group: group) && !patternSets.isMember(Int32(group)) {
            for case .hashed(let hash, _, _, _, _) in filedPlacements(ofGroup: group) {
                buckets[hash, default: (0, group)].groups += 1
            }
        }
        let crowded = buckets.filter { $0.value.groups >= 2 }.sorted {
            ($0.value.groups, $1.key) > ($1.value.groups, $0.key)
        }
        return crowded.prefix(limit).compactMap { hash, bucket in
            guard let predicate = self.predicate(ofGroup: bucket.example),
                let key = Self.key(hashed: hash, offeredBy: predicate)
            else {
                return nil
            }
            return CrowdedKey(key: key, groups: bucket.groups, example: predicate)
        }
    }

    /// The key of `predicate` stored under `hash` (the index keeps hashes, not text).
    private static func key(hashed hash: UInt64, offeredBy predicate: ActivationPredicate) -> IndexKey? {
        guard case .clauses(let clauses) = ClauseIndexing.indexing(of: predicate.root) else { return nil }
        for alternatives in clauses {
            for keys in alternatives {
                if let key = keys.first(where: { KeyHashing.hash(of: $0) == hash }) { return key }
            }
        }
        return nil
    }
}
