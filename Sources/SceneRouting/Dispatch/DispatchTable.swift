import Dispatch

/// The indexed form of a ``SceneApp``: routes an event in time that depends on the identifier
/// and the groups it hits, not on the number of sessions, and absorbs open/close/update
/// without rebuilding.
///
/// Not thread-safe by itself; ``SceneRouter`` wraps it with a reader–writer lock, which is
/// why hot properties skip dynamic exclusivity checks. `@unchecked Sendable` for the build:
/// `init` fills its id map, global heap and two tiers on concurrent threads, each task
/// writing memory no other task touches.
final class DispatchTable: @unchecked Sendable {
    @exclusivity(unchecked) private(set) var framework: AppFramework
    @exclusivity(unchecked) private(set) var supportsMultipleScenes: Bool
    @exclusivity(unchecked) private(set) var tieBreak: TieBreakPolicy
    @exclusivity(unchecked) private(set) var declarations: [SceneDeclaration]
    /// The declarations alone, for the create step (step 4 of the routing rules).
    private let declarationsOnly: SceneApp

    private let slots = FlatBuffer<SessionSlot>()
    private var freeSlots: [Int32] = []
    private var slotByID: [String: Int32] = [:]
    private var nextSequence = 0
    /// Every window session, best first: events without an identifier, single-scene apps.
    @exclusivity(unchecked) private var globalHeap: [Int32] = []
    let prefer = PredicateTier()
    let can = PredicateTier()

    /// Session counts from which the build runs its three tasks on separate threads.
    static let parallelBuildThreshold: Int32 = 4_096

    init(app: SceneApp) {
        framework = app.framework
        supportsMultipleScenes = app.supportsMultipleScenes
        tieBreak = app.tieBreak
        declarations = app.declarations
        declarationsOnly = SceneApp(framework: app.framework, tieBreak: app.tieBreak, declarations: app.declarations)
        slots.reserveCapacity(app.sessions.count)
        slotByID.reserveCapacity(app.sessions.count)
        prefer.reserveCapacity(app.sessions.count)
        can.reserveCapacity(min(app.sessions.count, 1_024))
        // The slots first; then three tasks that share nothing they write, on as many threads
        // as there are cores: the id map, the global heap with the can tier, and the prefer
        // tier (each tier keeps its own memberships). At a million sessions this halves the build.
        for session in app.sessions {
            slots.append(SessionSlot(session: session, sequence: nextSequence))
            nextSequence += 1
        }
        for tier in [prefer, can] { tier.coverSlots(slots.count) }
        let count = Int32(slots.count)
        var duplicates: [Int32] = []
        // Small tables (most apps have tens of windows) are built on this thread: handing
        // three tasks to other threads costs more than they save.
        let parallel = count >= Self.parallelBuildThreshold
        withUnsafeMutablePointer(to: &duplicates) { duplicatesPointer in
            nonisolated(unsafe) let duplicatesPointer = duplicatesPointer
            let task: @Sendable (Int) -> Void = { task in
                switch task {
                case 0:
                    for slot in 0..<count where self.isWindow(slot) { self.enroll(slot, in: self.prefer) }
                case 1:
                    for slot in 0..<count where self.isWindow(slot) {
                        IndexedHeap.push(slot, into: &self.globalHeap, before: { self.ranksBefore($0, $1) }) {
                            self.slots[Int($0)].globalPosition = $1
                        }
                        self.enroll(slot, in: self.can)
                    }
                default:
                    for slot in 0..<count {
                        let id = self.slots[Int(slot)].session.id
                        if self.slotByID[id] == nil { self.slotByID[id] = slot } else { duplicatesPointer.pointee.append(slot) }
                    }
                }
            }
            if parallel {
                DispatchQueue.concurrentPerform(iterations: 3, execute: task)
            } else {
                for index in 0..<3 { task(index) }
            }
        }
        // A repeated id is refused, as `open` refuses it: the first session keeps it.
        for slot in duplicates {
            if isWindow(slot) { withdraw(slot) }
            slots[Int(slot)].sequence = -1
            freeSlots.append(slot)
        }
    }

    private func isWindow(_ slot: Int32) -> Bool { slots[Int(slot)].session.role.receivesEvents }

    var sessionCount: Int { slotByID.count }

    /// The app as it stands, sessions in list order.
    var snapshot: SceneApp {
        let sessions = slots.elements.filter(\.isLive).sorted { $0.sequence < $1.sequence }.map(\.session)
        return SceneApp(
            framework: framework, supportsMultipleScenes: supportsMultipleScenes, tieBreak: tieBreak,
            declarations: declarations, sessions: sessions)
    }

    // MARK: Churn

    /// Appends a session. Returns false if its id is taken.
    /// - Complexity: O(log n) plus compiling its predicates if no session shares them.
    func open(_ session: SceneSession) -> Bool {
        guard slotByID[session.id] == nil else { return false }
        let slot: Int32
        let record = SessionSlot(session: session, sequence: nextSequence)
        nextSequence += 1
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(slot)] = record
        } else {
            slot = Int32(slots.count)
            slots.append(record)
            prefer.coverSlots(slots.count)
            can.coverSlots(slots.count)
        }
        slotByID[session.id] = slot
        if session.role.receivesEvents { enroll(slot) }
        return true
    }

    /// Removes a session. Returns false if no session has that id.
    func close(_ id: String) -> Bool {
        guard let slot = slotByID.removeValue(forKey: id) else { return false }
        if slots[Int(slot)].session.role.receivesEvents { withdraw(slot) }
        slots[Int(slot)] = SessionSlot(session: slots[Int(slot)].session, sequence: -1)
        freeSlots.append(slot)
        return true
    }

    /// Applies an update in place. Returns false if no session has that id.
    func update(_ update: SessionUpdate) -> Bool {
        guard let slot = slotByID[update.id] else { return false }
        let wasWindow = slots[Int(slot)].session.role.receivesEvents
        let conditionsChange = update.canActivate != nil || update.prefersToActivate != nil
        if wasWindow && (conditionsChange || update.role != nil) { withdraw(slot) }
        update.apply(to: &slots[Int(slot)].session)
        let isWindow = slots[Int(slot)].session.role.receivesEvents
        if isWindow && (!wasWindow || conditionsChange || update.role != nil) {
            enroll(slot)
        } else if isWindow {
            // Only the rank changed: restore heap order in place.
            reposition(slot)
        }
        return true
    }

    /// A session's tie-break key, read in place from its slot.
    @inline(__always)
    private func rank(_ slot: Int32) -> RankKey {
        let index = Int(slot)
        return RankKey(
            lastActive: slots[index].session.lastActive, sequence: slots[index].sequence,
            state: UInt8(slots[index].session.state.rank))
    }

    @inline(__always)
    private func ranksBefore(_ a: Int32, _ b: Int32) -> Bool {
        rank(a).ranksBefore(rank(b), recency: tieBreak == .recency)
    }

    private func enroll(_ slot: Int32) {
        IndexedHeap.push(slot, into: &globalHeap, before: { self.ranksBefore($0, $1) }) { self.slots[Int($0)].globalPosition = $1 }
        for tier in [prefer, can] { enroll(slot, in: tier) }
    }

    private func enroll(_ slot: Int32, in tier: PredicateTier) {
        // One field read in place: the other tier's thread may be reading the other one.
        let predicate = tier === prefer ? slots[Int(slot)].session.conditions.prefersToActivate
            : slots[Int(slot)].session.conditions.canActivate
        tier.enroll(slot, predicate: predicate, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
    }

    private func withdraw(_ slot: Int32) {
        IndexedHeap.remove(at: Int(slots[Int(slot)].globalPosition), from: &globalHeap, before: { self.ranksBefore($0, $1) }) {
            self.slots[Int($0)].globalPosition = $1
        }
        slots[Int(slot)].globalPosition = -1
        let conditions = slots[Int(slot)].session.conditions
        prefer.withdraw(slot, predicate: conditions.prefersToActivate, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
        can.withdraw(slot, predicate: conditions.canActivate, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
    }

    private func reposition(_ slot: Int32) {
        let position = slots[Int(slot)].globalPosition
        guard position >= 0 else { return }
        IndexedHeap.restore(slot, at: Int(position), in: &globalHeap, before: { self.ranksBefore($0, $1) }) {
            self.slots[Int($0)].globalPosition = $1
        }
        for tier in [prefer, can] { tier.reposition(slot, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) }) }
    }

    // MARK: Routing

    /// Where a session's id sits in its slot (resolved once, not per route).
    private static let sessionIDOffset = MemoryLayout<SessionSlot>.offset(of: \SessionSlot.session.id) ?? 0

    /// The best window session matching `tier` for `subject`, if any.
    /// - Complexity: the literal index probe plus the groups it finds, the always and
    ///   residual groups; a group is evaluated only if its best session would win.
    private func best(in tier: PredicateTier, for subject: inout Subject, budgetExceeded: inout Bool) -> Int32? {
        let winner = withUnsafeMutablePointer(to: &subject) { subject in
            slots.withElements { sessions in
                tier.withRoutingView { view in
                    let winners = TierContest.Winners(
                        base: UnsafeRawPointer(sessions.baseAddress!), stride: MemoryLayout<SessionSlot>.stride,
                        offset: Self.sessionIDOffset)
                    var contest = TierContest(view, recency: tieBreak == .recency, subject: subject, winners: winners)
                    for group in view.always { contest.consider(group, verify: false, flat: false) }
                    if subject.pointee.isASCII {
                        // Flat checks hold for ASCII identifiers only.
                        tier.probe(subject.pointee.bytes, &contest)
                        for group in view.residual { contest.consider(group, verify: true, flat: true) }
                    } else {
                        // Each family's keys are folded literals: probe the identifier's fold for them.
                        for family in KeyFamily.allCases where tier.index.hasKeys(of: family) {
                            tier.index.probe(folded: subject.pointee.keyFold(family), family, &contest)
                        }
                        for group in view.residual { contest.consider(group, verify: true, flat: false) }
                    }
                    return (slot: contest.best, budgetExceeded: contest.budgetExceeded)
                }
            }
        }
        if winner.budgetExceeded { budgetExceeded = true }
        return winner.slot >= 0 ? winner.slot : nil
    }

    func route(identifier: String?) -> RoutingDecision {
        if let refused = ReferenceRouter.refusal(of: identifier) { return refused }
        if !supportsMultipleScenes {
            if let top = globalHeap.first {
                return RoutingDecision(
                    identifier: identifier, action: .activate(sessionID: slots[Int(top)].session.id), reason: .singleScene)
            }
            guard let first = declarations.first else {
                return RoutingDecision(identifier: identifier, action: .unhandled, reason: .unhandled)
            }
            return RoutingDecision(
                identifier: identifier, action: .create(declaration: first.name, sessionID: nil), reason: .singleScene)
        }
        guard identifier != nil else {
            if let top = globalHeap.first {
                return RoutingDecision(
                    identifier: nil, action: .activate(sessionID: slots[Int(top)].session.id), reason: .noIdentifier)
            }
            return ReferenceRouter.createDecision(identifier: nil, in: declarationsOnly, budgetExceeded: false, explanation: nil)
        }
        return Subject.with(identifier) { subject in
            var budgetExceeded = false
            if let winner = best(in: prefer, for: &subject, budgetExceeded: &budgetExceeded) {
                return RoutingDecision(
                    identifier: identifier, action: .activate(sessionID: slots[Int(winner)].session.id), reason: .prefers,
                    budgetExceeded: budgetExceeded)
            }
            if let winner = best(in: can, for: &subject, budgetExceeded: &budgetExceeded) {
                return RoutingDecision(
                    identifier: identifier, action: .activate(sessionID: slots[Int(winner)].session.id), reason: .can,
                    budgetExceeded: budgetExceeded)
            }
            return ReferenceRouter.createDecision(
                identifier: identifier, in: declarationsOnly, budgetExceeded: budgetExceeded, explanation: nil)
        }
    }

    /// Approximate heap bytes held by the table.
    var approximateBytes: Int {
        slots.approximateBytes + slotByID.count * 48
            + globalHeap.count * 4
            + prefer.approximateBytes + can.approximateBytes
    }
}
