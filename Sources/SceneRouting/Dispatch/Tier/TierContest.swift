internal import CMemoryHints

#if Hyperscan
import HyperscanSupport
#endif

/// The search for the best session of one tier for one subject: every group a probe (or a
/// scan) finds is considered, and verified only if its best session would beat the best so
/// far, so most candidates cost a head read and a rank comparison.
///
/// Plain pointers and values, read once: the probe loops pay no reference counting. A contest
/// lives inside the tier's ``PredicateTier/withRoutingView(_:)`` and the table's scope over
/// its session slots, so every pointer it holds outlives it.
struct TierContest: TierCandidateVisitor, ~Copyable {
    /// Where a would-be winner's identity lives (the session's id, which the decision reads):
    /// fetched while the candidate is verified, so the two misses overlap.
    struct Winners {
        let base: UnsafeRawPointer
        let stride: Int
        let offset: Int

        @inline(__always)
        func prefetch(_ slot: Int32) {
            scene_router_prefetch(base + Int(slot) * stride + offset)
        }
    }

    private let winners: Winners
    private let heads: UnsafePointer<GroupHead>
    private let roots: UnsafePointer<CompiledNode>
    private let programs: UnsafePointer<UInt8>
    private let patternSets: UnsafePointer<PatternSet?>
    private let argumentsOfGroup: UnsafePointer<Int32>
    private let tier: Unmanaged<PredicateTier>
    private let recency: Bool
    private let subject: UnsafeMutablePointer<Subject>
    /// Whether ASCII checks and programs may verify hits: they are exact for ASCII
    /// identifiers only.
    private let asciiChecksApply: Bool
    /// Set when some verification ran out of its regex budget (the answer may differ from
    /// an unbounded one).
    private(set) var budgetExceeded = false
    /// The winning slot so far, -1 for none.
    private(set) var best: Int32 = -1
    private var bestRank = GroupHead.unranked
    /// Groups found false so far: a group found again (at another position) is not
    /// evaluated again.
    private var failed = FailedGroups()
    /// How many predicates were evaluated or checked (the route's work beyond the probe).
    private(set) var verifications = 0

    /// A contest over `tier` for `subject`, which must stay valid while the contest lives.
    /// What the contest borrows from the thread's scratch (``FailedGroups``) goes back when
    /// it ends.
    @inline(__always)
    init(_ tier: PredicateTier.RoutingView, recency: Bool, subject: UnsafeMutablePointer<Subject>, winners: Winners) {
        self.winners = winners
        heads = tier.heads
        roots = tier.roots
        programs = tier.programs
        patternSets = tier.patternSets
        argumentsOfGroup = tier.argumentsOfGroup
        self.tier = tier.tier
        self.recency = recency
        self.subject = subject
        asciiChecksApply = subject.pointee.isASCII
    }

    /// Considers `group`: it wins if its best session ranks first so far and (when `verify`)
    /// its predicate holds. `ascii` allows the group's ASCII check or program, which are exact
    /// for ASCII identifiers only. A group the index finds may come again at another
    /// position, so its failure is remembered unless it is `offeredOnce`.
    @inline(__always)
    mutating func consider(_ group: Int32, verify: Bool, ascii: Bool, offeredOnce: Bool) {
        let head = heads[Int(group)]
        guard head.top >= 0, best < 0 || head.rank.ranksBefore(bestRank, recency: recency) else { return }
        if verify {
            guard offeredOnce || !failed.contains(group) else { return }
            winners.prefetch(head.top)
            verifications += 1
            let holds: Bool
            // A local copy of the pointer: reading it from the contest (noncopyable) while
            // `budgetExceeded` is passed inout would overlap two accesses to the contest.
            let subject = self.subject
            switch head.check.operation {
            case .pattern: holds = head.check.evaluatePattern(&subject.pointee, budgetExceeded: &budgetExceeded)
            case .literalTest: holds = head.check.evaluateLiteral(&subject.pointee)
            case .none: holds = roots[Int(group)].evaluate(&subject.pointee, budgetExceeded: &budgetExceeded)
            default:
                holds =
                    ascii
                    ? head.check.holds(subject.pointee.bytes, programs: programs)
                    : holdsWithoutASCIICheck(group, head.check)
            }
            guard holds else {
                if !offeredOnce { failed.insert(group) }
                return
            }
        }
        (best, bestRank) = (head.top, head.rank)
    }

    /// Whether `group`'s predicate holds for an identifier its ASCII check or program does not
    /// decide, unless the check decides every identifier. Out of line, so that the ASCII
    /// verification beside its call stays compact.
    @inline(never)
    private mutating func holdsWithoutASCIICheck(_ group: Int32, _ check: ASCIICheck) -> Bool {
        let subject = self.subject
        if check.decidesAnyIdentifier { return check.holds(subject.pointee.bytes, programs: programs) }
        if let test = check.arenaTest { return test.evaluate(&subject.pointee) }
        if argumentsOfGroup[Int(group)] >= 0 {
            guard let root = tier._withUnsafeGuaranteedRef({ $0.rootKeptAsText(ofGroup: group) }) else {
                budgetExceeded = true
                return false
            }
            return root.evaluate(&subject.pointee, budgetExceeded: &budgetExceeded)
        }
        return roots[Int(group)].evaluate(&subject.pointee, budgetExceeded: &budgetExceeded)
    }

    @inline(__always)
    func hasWinner(rankingBefore bound: RankKey) -> Bool {
        best >= 0 && bestRank.ranksBefore(bound, recency: recency)
    }

    /// A group found by the literal index, or a pattern set filed there.
    @inline(__always)
    mutating func visit(_ group: Int32) {
        if PatternSets.isSet(group) {
            visitPatternSet(group)
        } else {
            consider(group, verify: true, ascii: asciiChecksApply, offeredOnce: false)
        }
    }

    /// A group found with a hint: its literal and its best session's record are fetched
    /// while its head is read.
    @inline(__always)
    mutating func visit(_ group: Int32, hint: EntryHint) {
        if let line = hint.line { scene_router_prefetch(line) }
        if let slot = hint.slot { winners.prefetch(slot) }
        visit(group)
    }

    /// Scans the identifier once with a pattern set and considers the members it reports
    /// (each still verified); all of them should the scan fail. A set found again at another
    /// position is not scanned again.
    @inline(never)
    private mutating func visitPatternSet(_ pseudoGroup: Int32) {
        guard !failed.contains(pseudoGroup) else { return }
        failed.insert(pseudoGroup)
        guard let set = patternSets[Int(pseudoGroup - PatternSets.firstID)] else { return }
        // PCRE2 reads an ASCII identifier, or any under `[n]`, as it is, and other
        // identifiers in the folded, normalised form of the set's mode.
        let reports: PatternSetMatches?
        if asciiChecksApply || set.mode == .literal {
            reports = set.database.scan(subject.pointee.bytes)
        } else {
            reports = subject.pointee.withPatternForm(set.mode) { set.database.scan($0) }
        }
        let members = set.members
        guard var reports else {
            for group in members where group >= 0 {
                consider(group, verify: true, ascii: asciiChecksApply, offeredOnce: false)
            }
            return
        }
        while let position = reports.next() {
            let group = members[position]
            if group >= 0 { consider(group, verify: true, ascii: asciiChecksApply, offeredOnce: false) }
        }
    }
}
