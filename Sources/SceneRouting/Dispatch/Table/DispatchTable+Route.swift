/// The search routing rules ask the table for: the best window of a tier whose predicate
/// matches an identifier, found through the tier's literal index, its always and residual
/// groups, and a contest that evaluates a group only if its best session would win.
extension DispatchTable {
    /// The best window session matching `tier` for `subject`, if any, and how many
    /// predicates finding it evaluated.
    /// - Complexity: the literal index probe plus the groups it finds, the always and
    ///   residual groups; a group is evaluated only if its best session would win, and at
    ///   most once however many times the probe finds it.
    private func best(in tier: PredicateTier, for subject: inout Subject, budgetExceeded: inout Bool)
        -> (slot: Int32?, verifications: Int)
    {
        let winner = withUnsafeMutablePointer(to: &subject) { subject in
            slots.withElements { sessions in
                tier.withRoutingView { view in
                    let winners = TierContest.Winners(
                        base: UnsafeRawPointer(sessions.baseAddress!), stride: MemoryLayout<SessionSlot>.stride,
                        offset: sessionIDOffset)
                    var contest = TierContest(view, recency: tieBreak == .recency, subject: subject, winners: winners)
                    Self.offerCandidates(of: tier, view, for: &subject.pointee, to: &contest)
                    return (
                        slot: contest.best, budgetExceeded: contest.budgetExceeded, verifications: contest.verifications
                    )
                }
            }
        }
        if winner.budgetExceeded { budgetExceeded = true }
        return (winner.slot >= 0 ? winner.slot : nil, winner.verifications)
    }

    /// Offers `visitor` every group of `tier` that could match `subject`: the always groups,
    /// what the literal index finds (for a non-ASCII identifier, in its key folds), and the
    /// residual groups.
    @inline(__always)
    private static func offerCandidates<Visitor: TierCandidateVisitor & ~Copyable>(
        of tier: PredicateTier, _ view: PredicateTier.RoutingView, for subject: inout Subject, to visitor: inout Visitor
    ) {
        for group in view.always { visitor.consider(group, verify: false, ascii: false, offeredOnce: true) }
        // No other group can beat an always group's session that ranks before all of theirs.
        guard let bound = tier.rankBoundOutsideAlways, !visitor.hasWinner(rankingBefore: bound) else { return }
        // In a small tier, the few groups that can still win are verified one by one.
        let contenders = tier.contenders
        if contenders.isKnown {
            contenders.forEach { visitor.consider($0, verify: true, ascii: subject.isASCII, offeredOnce: true) }
            return
        }
        if subject.isASCII {
            // ASCII checks hold for ASCII identifiers only.
            tier.probe(subject.bytes, hasUppercase: subject.hasUppercase, &visitor)
            for group in view.residual { visitor.consider(group, verify: true, ascii: true, offeredOnce: true) }
        } else {
            // Each family's keys are folded literals: probe the identifier's fold for them,
            // once for all the families it folds alike for.
            var pending = tier.index.familiesWithKeys
            while let family = pending.first {
                let folded = subject.keyFold(family)
                var alike = KeyFamilySet(family)
                for other in pending.members(after: family) where subject.keyFoldsAlike(family, other) {
                    alike.insert(other)
                }
                tier.index.probe(folded: folded, alike, &visitor)
                pending.subtract(alike)
            }
            for group in view.residual { visitor.consider(group, verify: true, ascii: false, offeredOnce: true) }
        }
    }

    /// How many predicates routing `identifier` evaluates in each tier (the prefer tier's
    /// winner, if any, does not stop the count of the can tier): the work of a route beyond
    /// its probe. For tests of that work's bound.
    func verifications(for identifier: String) -> (prefer: Int, can: Int) {
        Subject.with(identifier) { subject in
            var budgetExceeded = false
            let prefer = best(in: self.prefer, for: &subject, budgetExceeded: &budgetExceeded).verifications
            let can = best(in: self.can, for: &subject, budgetExceeded: &budgetExceeded).verifications
            return (prefer, can)
        }
    }

    /// The best-ranked window whose `prefersToActivate` matches `identifier`, else the
    /// best-ranked whose `canActivate` does (the tiers in ``MatchStrength`` order), with the
    /// strength it won by; and whether a regex ran out of its budget.
    func bestMatch(for identifier: String) -> (
        match: (sessionID: String, strength: MatchStrength)?, budgetExceeded: Bool
    ) {
        Subject.with(identifier) { subject in
            var budgetExceeded = false
            if let winner = best(in: prefer, for: &subject, budgetExceeded: &budgetExceeded).slot {
                return ((slots[Int(winner)].id, .prefers), budgetExceeded)
            }
            // Most apps' `canActivate` tier is settled: an always-true window ranks first.
            let settled = can.settledWinner
            if settled >= 0 { return ((slots[Int(settled)].id, .can), budgetExceeded) }
            if let winner = best(in: can, for: &subject, budgetExceeded: &budgetExceeded).slot {
                return ((slots[Int(winner)].id, .can), budgetExceeded)
            }
            return (nil, budgetExceeded)
        }
    }
}
