import PCRE2Support

#if Hyperscan
import HyperscanSupport
#endif

extension PredicateTier {
    /// The form and expression under which `predicate` could join a pattern set, if it can:
    /// a lone regex or LIKE pattern compared without folding case (the set scans the
    /// identifier PCRE2 would match), written only with constructs ``PatternSetSyntax`` admits.
    static func patternSetCandidate(_ predicate: ActivationPredicate) -> (mode: FoldMode, expression: String)? {
        guard case .pattern(let test) = predicate.root, !test.mode.foldsCase, let pattern = test.patternText,
            PatternSetSyntax.admits(pattern)
        else { return nil }
        return (test.mode, pattern)
    }

    /// The sets worth compiling now: the groups waiting in the buckets noted since the last
    /// call that could join a set, by mode, when there are at least
    /// ``PatternSets/minimumGroups`` of them, bucket by bucket in even shares of at most a
    /// set's capacity.
    func patternSetRequests(tier: TierName) -> [PatternSetRequest] {
        let reviewed = patternSets.takeBucketsToReview()
        guard !reviewed.isEmpty else { return [] }
        var waiting: [FoldMode: [(group: Int32, expression: String, placement: LiteralIndex.Placement)]] = [:]
        for placement in reviewed.sorted(by: { $0.bucket < $1.bucket }) {
            let bucket = placement.bucket
            index.forEachEntry(at: placement) { group in
                guard !PatternSets.isSet(group), !patternSets.isRefused(group), !patternSets.isMember(group),
                    case .indexedOnce(let filed) = placements[Int(group)], filed.bucket == bucket,
                    let candidate = self.patternSetCandidate(ofGroup: Int(group))
                else { return }
                waiting[candidate.mode, default: []].append((group, candidate.expression, placement))
            }
        }
        var requests: [PatternSetRequest] = []
        for (mode, waitingOfMode) in waiting.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where waitingOfMode.count >= PatternSets.minimumGroups {
            var candidates = waitingOfMode
            // With enough small sets of this mode, the batch takes their members in.
            var small = patternSets.smallSets(mode: mode)
            if small.count >= PatternSets.smallSetsBeforeMerging {
                for old in small {
                    for group in old.set.members where group >= 0 {
                        guard case .indexedOnce(let filed) = placements[Int(group)],
                            let candidate = self.patternSetCandidate(ofGroup: Int(group))
                        else { continue }
                        candidates.append((group, candidate.expression, filed))
                    }
                }
            } else {
                small = []
            }
            // Bucket by bucket, so that each set holds few buckets' regexes.
            candidates.sort { $0.placement.bucket < $1.placement.bucket }
            let total = candidates.count
            let shares = (total + PatternSetDatabase.capacity - 1) / PatternSetDatabase.capacity
            for share in 0..<shares {
                let members = candidates[(total * share / shares)..<(total * (share + 1) / shares)]
                var placements: [LiteralIndex.Bucket: LiteralIndex.Placement] = [:]
                for member in members { placements[member.placement.bucket] = member.placement }
                var request = PatternSetRequest(
                    tier: tier, mode: mode, groups: members.map(\.group), expressions: members.map(\.expression),
                    buckets: members.map(\.placement.bucket),
                    placements: placements.values.sorted { $0.bucket < $1.bucket })
                // The first share dissolves the small sets; later shares find their members
                // back in their buckets.
                if share == 0 { request.replacing = small }
                requests.append(request)
            }
        }
        return requests
    }

    /// Installs a compiled set: its groups that still wait in their bucket with the same
    /// expression leave it, and the set is filed in each of those buckets in their place.
    /// Groups that changed meanwhile stay as they are (a later review may take them).
    func install(_ compiled: CompiledPatternSet) {
        for group in compiled.refused where isLive(group: Int(group)) { patternSets.refuse(group) }
        guard let database = compiled.database else { return }
        let request = compiled.request
        for old in request.replacing { dissolve(old) }
        var members = compiled.groups
        var filedIn = Set<LiteralIndex.Bucket>()
        for (position, group) in members.enumerated() {
            let g = Int(group)
            guard g < placements.count, !patternSets.isMember(group), case .indexedOnce(let filed) = placements[g],
                filed.bucket == compiled.buckets[position], let candidate = self.patternSetCandidate(ofGroup: g),
                candidate.mode == request.mode,
                candidate.expression == compiled.expressions[position]
            else {
                members[position] = -1
                continue
            }
            rehint(index.removeEntry(group, from: filed))
            filedIn.insert(filed.bucket)
        }
        guard !filedIn.isEmpty else { return }
        let placements = request.placements.filter { filedIn.contains($0.bucket) }
        let set = PatternSet(database: database, members: members, placements: placements, mode: request.mode)
        let pseudoGroup = patternSets.add(set)
        for placement in placements { index.addEntry(pseudoGroup, at: placement) }
    }

    /// Puts the live members of a small set back in their buckets and unfiles the set, if
    /// it is still the set the request saw.
    private func dissolve(_ old: PatternSetRequest.Replaced) {
        guard patternSets.holds(old.set, at: old.number) else { return }
        for placement in old.set.placements {
            rehint(index.removeEntry(PatternSets.firstID + old.number, from: placement))
        }
        for group in old.set.members where group >= 0 {
            if case .indexedOnce(let filed) = placements[Int(group)] { index.addEntry(group, at: filed) }
        }
        for group in old.set.members where group >= 0 { rehint(group) }
        patternSets.dissolve(old.number)
    }

    /// Takes a released group, filed under one key at `filed`, out of the index: out of its
    /// pattern set if it is in one (unfiling the set when it empties), else out of its bucket.
    func unfileSingleKey(_ group: Int32, filed: LiteralIndex.Placement) {
        let (wasMember, emptied) = patternSets.leave(group)
        guard wasMember else {
            rehint(index.remove(group, from: filed))
            return
        }
        index.forgetKey(of: filed)
        guard let emptied else { return }
        for placement in emptied.placements { rehint(index.removeEntry(emptied.pseudoGroup, from: placement)) }
    }
}
