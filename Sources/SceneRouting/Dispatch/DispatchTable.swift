/// The indexed form of a ``SceneApp``: routes an event in time that depends on the identifier
/// and the groups it hits, not on the number of sessions, and absorbs open/close/update
/// without rebuilding.
///
/// Not thread-safe by itself; ``SceneRouter`` wraps it with a reader–writer lock, which is
/// why hot properties skip dynamic exclusivity checks.
final class DispatchTable: @unchecked Sendable {
    private(set) var framework: AppFramework
    private(set) var supportsMultipleScenes: Bool
    private(set) var tieBreak: TieBreakPolicy
    private(set) var declarations: [SceneDeclaration]
    /// The declarations alone, for the create step (SEMANTICS §4.4).
    private let declarationsOnly: SceneApp

    @exclusivity(unchecked) private var slots: [SessionSlot] = []
    // Rank keys in compact parallel arrays: comparing two sessions touches 17 bytes each
    // instead of copying their strings and predicates.
    @exclusivity(unchecked) private var rankState: [UInt8] = []
    @exclusivity(unchecked) private var rankLastActive: [Int] = []
    @exclusivity(unchecked) private var rankSequence: [Int] = []
    private var freeSlots: [Int32] = []
    private var slotByID: [String: Int32] = [:]
    private var nextSequence = 0
    /// Every window session, best first: events without an identifier, single-scene apps.
    @exclusivity(unchecked) private var globalHeap: [Int32] = []
    let prefer = PredicateTier()
    let can = PredicateTier()

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
        for session in app.sessions { _ = open(session) }
    }

    var sessionCount: Int { slotByID.count }

    /// The app as it stands, sessions in list order.
    var snapshot: SceneApp {
        let sessions = slots.filter(\.isLive).sorted { $0.sequence < $1.sequence }.map(\.session)
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
            rankState.append(0)
            rankLastActive.append(0)
            rankSequence.append(0)
        }
        refreshRank(slot)
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
        refreshRank(slot)
        let isWindow = slots[Int(slot)].session.role.receivesEvents
        if isWindow && (!wasWindow || conditionsChange || update.role != nil) {
            enroll(slot)
        } else if isWindow {
            // Only the rank changed: restore heap order in place.
            reposition(slot)
        }
        return true
    }

    private func refreshRank(_ slot: Int32) {
        let index = Int(slot)
        rankState[index] = UInt8(slots[index].session.state.rank)
        rankLastActive[index] = slots[index].session.lastActive
        rankSequence[index] = slots[index].sequence
    }

    private func enroll(_ slot: Int32) {
        let conditions = slots[Int(slot)].session.conditions
        let preferGroup = prefer.group(for: conditions.prefersToActivate)
        let canGroup = can.group(for: conditions.canActivate)
        slots[Int(slot)].preferGroup = preferGroup
        slots[Int(slot)].canGroup = canGroup
        push(slot, into: .global, group: -1)
        push(slot, into: .prefer, group: preferGroup)
        push(slot, into: .can, group: canGroup)
    }

    private func withdraw(_ slot: Int32) {
        let (preferGroup, canGroup) = (slots[Int(slot)].preferGroup, slots[Int(slot)].canGroup)
        removeFromHeap(slot, kind: .global, group: -1)
        removeFromHeap(slot, kind: .prefer, group: preferGroup)
        removeFromHeap(slot, kind: .can, group: canGroup)
        if prefer.heaps[Int(preferGroup)].isEmpty { prefer.release(preferGroup) }
        if can.heaps[Int(canGroup)].isEmpty { can.release(canGroup) }
        slots[Int(slot)].preferGroup = -1
        slots[Int(slot)].canGroup = -1
    }

    private func reposition(_ slot: Int32) {
        guard slots[Int(slot)].positions.global >= 0 else { return }
        let (preferGroup, canGroup) = (slots[Int(slot)].preferGroup, slots[Int(slot)].canGroup)
        sift(slot, kind: .global, group: -1)
        sift(slot, kind: .prefer, group: preferGroup)
        sift(slot, kind: .can, group: canGroup)
    }

    // MARK: Heaps (indexed binary heaps, best session first)

    private func position(_ slot: Int32, _ kind: HeapKind) -> Int {
        switch kind {
        case .global: Int(slots[Int(slot)].positions.global)
        case .prefer: Int(slots[Int(slot)].positions.prefer)
        case .can: Int(slots[Int(slot)].positions.can)
        }
    }

    private func setPosition(_ slot: Int32, _ kind: HeapKind, _ value: Int) {
        switch kind {
        case .global: slots[Int(slot)].positions.global = Int32(value)
        case .prefer: slots[Int(slot)].positions.prefer = Int32(value)
        case .can: slots[Int(slot)].positions.can = Int32(value)
        }
    }

    private func withHeap<Result>(_ kind: HeapKind, _ group: Int32, _ body: (inout [Int32]) -> Result) -> Result {
        switch kind {
        case .global: body(&globalHeap)
        case .prefer: prefer.withHeap(group, body)
        case .can: can.withHeap(group, body)
        }
    }

    private func push(_ slot: Int32, into kind: HeapKind, group: Int32) {
        let index = withHeap(kind, group) { heap in
            heap.append(slot)
            return heap.count - 1
        }
        setPosition(slot, kind, index)
        siftUp(from: index, kind: kind, group: group)
    }

    private func removeFromHeap(_ slot: Int32, kind: HeapKind, group: Int32) {
        let index = position(slot, kind)
        guard index >= 0 else { return }
        let moved: Int32? = withHeap(kind, group) { heap in
            let last = heap.removeLast()
            if index < heap.count {
                heap[index] = last
                return last
            }
            return nil
        }
        setPosition(slot, kind, -1)
        if let moved {
            setPosition(moved, kind, index)
            siftUp(from: index, kind: kind, group: group)
            siftDown(from: position(moved, kind), kind: kind, group: group)
        }
    }

    private func sift(_ slot: Int32, kind: HeapKind, group: Int32) {
        let index = position(slot, kind)
        guard index >= 0 else { return }
        siftUp(from: index, kind: kind, group: group)
        siftDown(from: position(slot, kind), kind: kind, group: group)
    }

    private func element(_ kind: HeapKind, _ group: Int32, _ index: Int) -> Int32 {
        switch kind {
        case .global: globalHeap[index]
        case .prefer: prefer.heaps[Int(group)][index]
        case .can: can.heaps[Int(group)][index]
        }
    }

    private func heapCount(_ kind: HeapKind, _ group: Int32) -> Int {
        switch kind {
        case .global: globalHeap.count
        case .prefer: prefer.heaps[Int(group)].count
        case .can: can.heaps[Int(group)].count
        }
    }

    private func swapElements(_ kind: HeapKind, _ group: Int32, _ i: Int, _ j: Int) {
        let (a, b) = (element(kind, group, i), element(kind, group, j))
        withHeap(kind, group) { $0.swapAt(i, j) }
        setPosition(a, kind, j)
        setPosition(b, kind, i)
    }

    /// Whether session `a` ranks before `b` under the tie-break policy (SEMANTICS §4).
    @inline(__always)
    private func before(_ a: Int32, _ b: Int32) -> Bool {
        let (x, y) = (Int(a), Int(b))
        if tieBreak == .recency {
            if rankState[x] != rankState[y] { return rankState[x] > rankState[y] }
            if rankLastActive[x] != rankLastActive[y] { return rankLastActive[x] > rankLastActive[y] }
        }
        return rankSequence[x] < rankSequence[y]
    }

    private func siftUp(from start: Int, kind: HeapKind, group: Int32) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard before(element(kind, group, index), element(kind, group, parent)) else { return }
            swapElements(kind, group, index, parent)
            index = parent
        }
    }

    private func siftDown(from start: Int, kind: HeapKind, group: Int32) {
        var index = start
        let count = heapCount(kind, group)
        while true {
            let left = 2 * index + 1
            guard left < count else { return }
            var best = left
            if left + 1 < count, before(element(kind, group, left + 1), element(kind, group, left)) { best = left + 1 }
            guard before(element(kind, group, best), element(kind, group, index)) else { return }
            swapElements(kind, group, index, best)
            index = best
        }
    }

    // MARK: Routing

    /// The best window session matching `tier` for `subject`, if any.
    /// - Complexity: the literal index probe plus the groups it finds, the always and
    ///   residual groups; a group is evaluated only if its best session would win.
    private func best(in tier: PredicateTier, for subject: inout Subject, budgetExceeded: inout Bool) -> Int32? {
        // Locals, read once: the loop below then pays no per-access exclusivity checks.
        let heaps = tier.heaps
        let roots = tier.roots
        let (states, lastActive, sequence) = (rankState, rankLastActive, rankSequence)
        let recency = tieBreak == .recency
        var best: Int32 = -1
        func ranksBefore(_ a: Int, _ b: Int) -> Bool {
            if recency {
                if states[a] != states[b] { return states[a] > states[b] }
                if lastActive[a] != lastActive[b] { return lastActive[a] > lastActive[b] }
            }
            return sequence[a] < sequence[b]
        }
        func consider(_ group: Int32, verify: Bool) {
            guard let top = heaps[Int(group)].first else { return }
            guard best < 0 || ranksBefore(Int(top), Int(best)) else { return }
            if verify && !roots[Int(group)].evaluate(&subject, budgetExceeded: &budgetExceeded) { return }
            best = top
        }
        for group in tier.always { consider(group, verify: false) }
        if subject.isASCII {
            tier.probe(subject.bytes) { consider($0, verify: true) }
            for group in tier.residual { consider(group, verify: true) }
        } else {
            // Index keys are ASCII-folded forms; a non-ASCII identifier is matched against
            // every group with CFString semantics (cost: the number of distinct predicates).
            for group in 0..<heaps.count where !heaps[group].isEmpty {
                consider(Int32(group), verify: true)
            }
        }
        return best >= 0 ? best : nil
    }

    func route(identifier: String?) -> RoutingDecision {
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
        slots.count * (MemoryLayout<SessionSlot>.stride + 32) + slotByID.count * 48 + globalHeap.count * 4
            + prefer.approximateBytes + can.approximateBytes
    }
}
