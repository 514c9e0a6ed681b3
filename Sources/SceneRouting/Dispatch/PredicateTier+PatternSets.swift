import HyperscanSupport
import PCRE2Support

extension PredicateTier {
    /// The form and expression under which `predicate` could join a pattern set, if it can:
    /// a lone regex or LIKE pattern compared without folding case (the set scans the
    /// identifier PCRE2 would match), written only with constructs ``PatternSetSyntax`` admits.
    static func patternSetCandidate(_ predicate: ActivationPredicate) -> (mode: FoldMode, expression: String)? {
        guard case .pattern(let test) = predicate.root, !test.mode.foldsCase, let pattern = test.pattern,
            PatternSetSyntax.admits(pattern.pattern)
        else { return nil }
        return (test.mode, pattern.pattern)
    }

    /// The sets worth compiling now: the groups waiting in the buckets noted since the last
    /// call that could join a set, by mode, when there are at least
    /// ``PatternSets/minimumGroups`` of them, bucket by bucket in even shares of at most a
    /// set's capacity.
    func patternSetRequests(tier: TierName) -> [PatternSetRequest] {
        let reviewed = patternSets.takeBucketsToReview()
        guard !reviewed.isEmpty else { return [] }
        var waiting: [FoldMode: [(group: Int32, expression: String, placement: LiteralIndex.Placement)]] = [:]
        for placement in reviewed.sorted(by: { ($0.bucket.isGram ? 1 : 0, $0.bucket.key) < ($1.bucket.isGram ? 1 : 0, $1.bucket.key) }) {
            let bucket = placement.bucket
            index.forEachEntry(at: placement) { group in
                guard !PatternSets.isSet(group), !patternSets.isRefused(group), !patternSets.isMember(group),
                    case .indexedOnce(let filed) = placements[Int(group)], filed.bucket == bucket,
                    let predicate = predicates[Int(group)], let candidate = Self.patternSetCandidate(predicate)
                else { return }
                waiting[candidate.mode, default: []].append((group, candidate.expression, placement))
            }
        }
        var requests: [PatternSetRequest] = []
        for (mode, candidates) in waiting.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where candidates.count >= PatternSets.minimumGroups {
            let total = candidates.count
            let shares = (total + PatternSetDatabase.capacity - 1) / PatternSetDatabase.capacity
            for share in 0..<shares {
                let members = candidates[(total * share / shares)..<(total * (share + 1) / shares)]
                var placements: [LiteralIndex.Bucket: LiteralIndex.Placement] = [:]
                for member in members { placements[member.placement.bucket] = member.placement }
                requests.append(
                    PatternSetRequest(
                        tier: tier, mode: mode, groups: members.map(\.group), expressions: members.map(\.expression),
                        buckets: members.map(\.placement.bucket),
                        placements: placements.values.sorted { ($0.bucket.isGram ? 1 : 0, $0.bucket.key) < ($1.bucket.isGram ? 1 : 0, $1.bucket.key) }))
            }
        }
        return requests
    }

    /// Installs a compiled set: its groups that still wait in their bucket with the same
    /// expression leave it, and the set is filed in each of those buckets in their place.
    /// Groups that changed meanwhile stay as they are (a later review may take them).
    func install(_ compiled: CompiledPatternSet) {
        for group in compiled.refused where predicates[Int(group)] != nil { patternSets.refuse(group) }
        guard let database = compiled.database else { return }
        let request = compiled.request
        var members = compiled.groups
        var filedIn = Set<LiteralIndex.Bucket>()
        for (position, group) in members.enumerated() {
            let g = Int(group)
            guard g < placements.count, !patternSets.isMember(group), case .indexedOnce(let filed) = placements[g],
                filed.bucket == compiled.buckets[position], let predicate = predicates[g],
                let candidate = Self.patternSetCandidate(predicate), candidate.mode == request.mode,
                candidate.expression == compiled.expressions[position]
            else {
                members[position] = -1
                continue
            }
            index.removeEntry(group, from: filed)
            filedIn.insert(filed.bucket)
        }
        guard !filedIn.isEmpty else { return }
        let placements = request.placements.filter { filedIn.contains($0.bucket) }
        let set = PatternSet(database: database, members: members, placements: placements, mode: request.mode)
        let pseudoGroup = patternSets.add(set)
        for placement in placements { index.addEntry(pseudoGroup, at: placement) }
    }

    /// Takes a released group, filed under one key at `filed`, out of the index: out of its
    /// pattern set if it is in one (unfiling the set when it empties), else out of its bucket.
    func unfileSingleKey(_ group: Int32, filed: LiteralIndex.Placement) {
        let (wasMember, emptied) = patternSets.leave(group)
        guard wasMember else {
            index.remove(group, from: filed)
            return
        }
        index.forgetKey(of: filed)
        guard let emptied else { return }
        for placement in emptied.placements { index.removeEntry(emptied.pseudoGroup, from: placement) }
    }
}
