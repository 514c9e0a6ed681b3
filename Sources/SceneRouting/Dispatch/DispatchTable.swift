import Dispatch
internal import CMemoryHints

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
    /// What slots' ``SessionSlot/declaration`` and ``SessionSlot/role`` positions name.
    private let declarationNames: InternedNames<String>
    private var roles: InternedNames<SessionRole>

    private let slots = TableArray<SessionSlot>()
    /// The activation conditions of live sessions that receive no events (not enrolled in
    /// either tier, which hold every window's), by slot.
    private var unenrolledConditions: [Int32: ActivationConditions] = [:]
    /// The values and condition templates of the sessions that have any (few do), by slot:
    /// an update of values binds the templates again.
    private var sessionValues: [Int32: (values: [String: String], templates: ConditionTemplates)] = [:]
    /// The assumptions of the sessions that rest on any (``SceneSession/assumptions``), by
    /// slot: decisions note those that matter to them.
    private(set) var assumedBySlot: [Int32: [Assumption]] = [:]
    /// `${bundleIdentifier}` in a template.
    private(set) var bundleIdentifier: String?
    /// The app delegate's choice of a new scene's configuration.
    private(set) var newScenes: NewSceneRules?
    private var freeSlots: [Int32] = []
    private let slotByID: SessionDirectory
    private var nextSequence = 0
    /// Every window session, best first: events without an identifier, single-scene apps.
    @exclusivity(unchecked) private var globalHeap: [Int32] = []
    /// Window sessions in state foregroundActive: the ones delivering an event demotes.
    private var keyWindows = Set<Int32>()
    /// The largest `lastActive` of any session, or nil when it must be recomputed (the
    /// session holding it closed or moved back).
    private var newestLastActive: Int?
    /// How many `new-k` ids ``openNewSession(of:)`` has handed out or skipped.
    private var creations = 0
    let prefer: PredicateTier
    let can: PredicateTier

    /// `app` with every session's templates bound (the manifest loader binds them already;
    /// sessions built through the library may not be).
    private static func bindingTemplates(of app: SceneApp) -> SceneApp {
        guard app.sessions.contains(where: \.needsBinding) else { return app }
        var app = app
        for index in app.sessions.indices where app.sessions[index].needsBinding {
            app.sessions[index].bindTemplates(bundleIdentifier: app.bundleIdentifier)
        }
        return app
    }

    /// Session counts from which the build runs its three tasks on separate threads.
    static let parallelBuildThreshold: Int32 = 4_096
    /// How many sessions ahead the build starts fetching a session's group.
    private static let buildPrefetchDistance = 8

    init(app: SceneApp, tuning: TableTuning = .standard) {
        let app = Self.bindingTemplates(of: app)
        slotByID = SessionDirectory(slots: slots)
        prefer = PredicateTier(tuning: tuning, recency: app.tieBreak == .recency)
        can = PredicateTier(tuning: tuning, recency: app.tieBreak == .recency)
        framework = app.framework
        bundleIdentifier = app.bundleIdentifier
        newScenes = app.newScenes
        supportsMultipleScenes = app.supportsMultipleScenes
        tieBreak = app.tieBreak
        declarations = app.declarations
        declarationNames = InternedNames(app.declarations.map(\.name))
        roles = InternedNames([SessionRole.windowApplication])
        slots.reserveCapacity(app.sessions.count)
        slotByID.reserveCapacity(app.sessions.count)
        prefer.reserveCapacity(app.sessions.count)
        can.reserveCapacity(min(app.sessions.count, 1_024))
        // The slots first; then three tasks that share nothing they write, on as many threads
        // as there are cores: the id map with the key windows, the global heap with the can
        // tier, and the prefer tier (each tier keeps its own memberships). At a million
        // sessions this halves the build.
        let sessions = app.sessions
        // Every role first (apps use a few, mostly in runs), so the slots can be filled
        // concurrently with lookups alone.
        var previousRole = SessionRole.windowApplication
        for session in sessions where session.role != previousRole {
            roles.intern(session.role)
            previousRole = session.role
        }
        // Small tables (most apps have tens of windows) are built on this thread: handing
        // work to other threads costs more than it saves.
        let parallel = Int32(clamping: sessions.count) >= Self.parallelBuildThreshold
        let (declarationNames, roles) = (declarationNames, roles)
        sessions.withUnsafeBufferPointer { sessions in
            nonisolated(unsafe) let sessions = sessions
            slots.append(count: sessions.count, concurrently: parallel) { index in
                let session = sessions[index]
                guard let declaration = declarationNames.position(of: session.declaration),
                    let role = roles.position(of: session.role)
                else { preconditionFailure("a SceneApp's sessions name its declarations, and every role was interned") }
                return SessionSlot(session, sequence: index, declaration: declaration, role: role)
            }
        }
        nextSequence = sessions.count
        for (index, session) in sessions.enumerated() where !session.values.isEmpty || !session.templates.isEmpty {
            sessionValues[Int32(index)] = (session.values, session.templates)
            if !session.assumptions.isEmpty { assumedBySlot[Int32(index)] = session.assumptions }
        }
        let count = Int32(slots.count)
        var duplicates: [Int32] = []
        // Kept by the id-map task as it notes each session (duplicates aside).
        newestLastActive = count > 0 ? .min : 0
        // The prefer tier (a group per window, at scale) is the longest task: the other two
        // prepare its groups once their own work is done.
        let pipeline = parallel
            ? PreparationPipeline(sessionCount: Int(count)) { index, programs in
                guard self.isWindow(Int32(index)) else { return nil }
                return GroupPreparation(app.sessions[index].conditions.prefersToActivate.root, programs: &programs)
            } : nil
        if tuning.preparesEveryGroupFirst { pipeline?.help() }
        withUnsafeMutablePointer(to: &duplicates) { duplicatesPointer in
            nonisolated(unsafe) let duplicatesPointer = duplicatesPointer
            let task: @Sendable (Int) -> Void = { task in
                switch task {
                case 0:
                    self.prefer.coverSlots(Int(count))
                    self.fillPreferTier(from: app.sessions, pipeline: pipeline)
                case 1:
                    self.can.coverSlots(Int(count))
                    for slot in 0..<count where self.isWindow(slot) {
                        IndexedHeap.push(slot, into: &self.globalHeap, before: { self.ranksBefore($0, $1) }) {
                            self.slots[Int($0)].globalPosition = $1
                        }
                        self.enroll(slot, in: self.can, predicate: app.sessions[Int(slot)].conditions.canActivate)
                    }
                    pipeline?.help()
                default:
                    // A session whose id is already taken is dropped below, so it is not noted.
                    for slot in 0..<count {
                        if self.slotByID.insert(slot) {
                            self.noteState(of: slot)
                            if !self.isWindow(slot) { self.unenrolledConditions[slot] = app.sessions[Int(slot)].conditions }
                        } else {
                            duplicatesPointer.pointee.append(slot)
                        }
                    }
                    pipeline?.help()
                }
            }
            if parallel {
                DispatchQueue.concurrentPerform(iterations: 3, execute: task)
            } else {
                for index in 0..<3 { task(index) }
            }
        }
        // A valid app has no repeated ids; should one get here, the first session keeps it,
        // as `open` would refuse the second.
        for slot in duplicates {
            if isWindow(slot) { withdraw(slot) }
            slots[Int(slot)].sequence = -1
            freeSlots.append(slot)
        }
        // Crowded buckets of regexes become pattern sets before the first route.
        let requests = takePatternSetRequests()
        if !requests.isEmpty { installPatternSets(PatternSetRequest.compile(requests, concurrently: parallel)) }
        prefer.endBuild()
        can.endBuild()
        settle()
    }

    /// The ids of the best sessions of `tier`'s contenders (``TierContenders``), best first;
    /// nil while it keeps none. For tests.
    func contenderIDs(in tier: PredicateTier) -> [String]? {
        guard tier.contenders.isKnown else { return nil }
        var ids: [String] = []
        tier.withRoutingView { view in
            tier.contenders.forEach { ids.append(slots[Int(view.heads[Int($0)].top)].id) }
        }
        return ids
    }

    /// The id of the session that wins `tier` whatever the identifier, if one does
    /// (``PredicateTier/settledWinner``). For tests.
    func settledWinnerID(in tier: PredicateTier) -> String? {
        tier.settledWinner >= 0 ? slots[Int(tier.settledWinner)].id : nil
    }

    /// Brings what routes read besides the tables up to date after a change (a build, a
    /// churn operation): the tiers' contenders (``TierContenders``) and settled winners.
    func settle() {
        prefer.settle()
        can.settle()
    }

    /// The pattern sets both tiers are ready for (``PatternSets``): taken under the table's
    /// lock, compiled without it, then installed under it.
    func takePatternSetRequests() -> [PatternSetRequest] {
        prefer.patternSetRequests(tier: .prefer) + can.patternSetRequests(tier: .can)
    }

    func installPatternSets(_ compiled: [CompiledPatternSet]) {
        for set in compiled { (set.request.tier == .prefer ? prefer : can).install(set) }
    }

    /// Keeps ``keyWindows`` and ``newestLastActive`` current after `slot` was opened or changed.
    private func noteState(of slot: Int32) {
        // Fields read in place: copying the session would retain and release all it holds.
        let index = Int(slot)
        if slots[index].state == .foregroundActive && slots[index].receivesEvents {
            keyWindows.insert(slot)
        } else if !keyWindows.isEmpty {
            keyWindows.remove(slot)
        }
        let lastActive = slots[index].lastActive
        if let newest = newestLastActive, lastActive > newest { newestLastActive = lastActive }
    }

    /// Enrolls every window of `sessions` (the app's, one per slot) in the prefer tier, in
    /// slot order; with a `pipeline`, with what other build threads prepared.
    private func fillPreferTier(from sessions: [SceneSession], pipeline: PreparationPipeline?) {
        let predicateOffset = Self.sessionPredicateOffset
        sessions.withUnsafeBufferPointer { sessions in
            let count = sessions.count
            func enroll(_ slot: Int32, _ preparation: GroupPreparation?) {
                let ahead = Int(slot) + Self.buildPrefetchDistance
                if let predicateOffset, ahead + Self.buildPrefetchDistance < count {
                    Self.prefetchPredicate(
                        at: UnsafeRawPointer(sessions.baseAddress! + ahead + Self.buildPrefetchDistance) + predicateOffset)
                }
                if ahead < count { prefer.prefetchGroup(of: sessions[ahead].conditions.prefersToActivate) }
                if isWindow(slot) {
                    self.enroll(slot, in: prefer, predicate: sessions[Int(slot)].conditions.prefersToActivate, preparation: preparation)
                }
            }
            guard let pipeline else {
                for slot in 0..<Int32(count) { enroll(slot, nil) }
                return
            }
            pipeline.fill { session, preparation in enroll(Int32(session), preparation) }
        }
    }

    /// Where a session holds its prefer predicate's object reference (nil should it stop
    /// being a stored field: the build then fetches nothing ahead).
    static let sessionPredicateOffset = MemoryLayout<SceneSession>.offset(of: \SceneSession.conditions.prefersToActivate.storage)

    /// Starts fetching the predicate object whose reference is stored at `field` (its header
    /// and the line after, with the intern hash). The reference is read as plain bits:
    /// retaining it would wait for the very miss the fetch is for.
    @inline(__always)
    private static func prefetchPredicate(at field: UnsafeRawPointer) {
        let object = field.load(as: UnsafeRawPointer.self)
        scene_router_prefetch(object)
        scene_router_prefetch(object + 64)
    }

    private func isWindow(_ slot: Int32) -> Bool { slots[Int(slot)].receivesEvents }

    var sessionCount: Int { slotByID.count }

    /// The app as it stands, sessions in list order.
    var snapshot: SceneApp {
        let sessions = (0..<slots.count).filter { slots[$0].isLive }.sorted { slots[$0].sequence < slots[$1].sequence }
            .map(session(in:))
        var app = SceneApp(
            validatedFramework: framework, supportsMultipleScenes: supportsMultipleScenes, tieBreak: tieBreak,
            declarations: declarations, sessions: sessions)
        app.bundleIdentifier = bundleIdentifier
        app.newScenes = newScenes
        return app
    }

    /// Where the session in `slot` stands in the session list (smaller is earlier).
    func sequence(ofSlot slot: Int32) -> Int { slots[Int(slot)].sequence }

    /// The session in slot `index`, its names and conditions looked up.
    private func session(in index: Int) -> SceneSession {
        let slot = slots[index]
        var session = SceneSession(
            id: slot.id, declaration: declarationNames[slot.declaration], role: roles[slot.role], state: slot.state,
            lastActive: slot.lastActive, conditions: conditions(of: Int32(index)))
        if let stated = sessionValues[Int32(index)] { (session.values, session.templates) = stated }
        if let assumed = assumedBySlot[Int32(index)] { session.assumptions = assumed }
        return session
    }

    /// The activation conditions of the live session in `slot`.
    private func conditions(of slot: Int32) -> ActivationConditions {
        guard slots[Int(slot)].receivesEvents else {
            guard let conditions = unenrolledConditions[slot] else {
                preconditionFailure("a live session that receives no events has its conditions kept")
            }
            return conditions
        }
        guard let canActivate = can.predicate(ofSlot: slot), let prefersToActivate = prefer.predicate(ofSlot: slot) else {
            preconditionFailure("a window is enrolled in both tiers")
        }
        return ActivationConditions(canActivate: canActivate, prefersToActivate: prefersToActivate)
    }

    // MARK: Churn

    /// Appends a session.
    /// - Complexity: O(log n) plus compiling its predicates if no session shares them.
    func open(_ session: SceneSession) throws(SceneAppError) {
        guard !slotByID.contains(session.id) else { throw .duplicateSessionID(session.id) }
        var session = session
        session.bindTemplates(bundleIdentifier: bundleIdentifier)
        guard let declaration = declarationNames.position(of: session.declaration) else {
            throw .unknownDeclaration(sessionID: session.id, declaration: session.declaration)
        }
        let slot: Int32
        let record = SessionSlot(session, sequence: nextSequence, declaration: declaration, role: roles.intern(session.role))
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
        slotByID.insert(slot)
        if !session.values.isEmpty || !session.templates.isEmpty { sessionValues[slot] = (session.values, session.templates) }
        if !session.assumptions.isEmpty { assumedBySlot[slot] = session.assumptions }
        if session.role.receivesEvents {
            enroll(slot, session.conditions)
        } else {
            unenrolledConditions[slot] = session.conditions
        }
        noteState(of: slot)
    }

    /// Removes a session.
    func close(_ id: String) throws(SceneAppError) {
        guard let slot = slotByID.remove(id) else { throw .unknownSession(id) }
        if slots[Int(slot)].receivesEvents { withdraw(slot) } else { unenrolledConditions[slot] = nil }
        sessionValues[slot] = nil
        assumedBySlot[slot] = nil
        keyWindows.remove(slot)
        if slots[Int(slot)].lastActive == newestLastActive { newestLastActive = nil }
        slots[Int(slot)].sequence = -1
        freeSlots.append(slot)
    }

    /// Applies an update in place.
    func update(_ update: SessionUpdate) throws(SceneAppError) {
        guard let slot = slotByID.slot(of: update.id) else { throw .unknownSession(update.id) }
        let wasWindow = slots[Int(slot)].receivesEvents
        if let lastActive = update.lastActive, slots[Int(slot)].lastActive == newestLastActive,
            lastActive < slots[Int(slot)].lastActive
        {
            newestLastActive = nil
        }
        let conditionsChange = update.changesConditions
        // Read before withdrawing: a window's conditions are its tiers' groups.
        var session = session(in: Int(slot))
        update.apply(to: &session)
        if conditionsChange {
            session.bindTemplates(bundleIdentifier: bundleIdentifier)
            sessionValues[slot] = session.values.isEmpty && session.templates.isEmpty ? nil : (session.values, session.templates)
            assumedBySlot[slot] = session.assumptions.isEmpty ? nil : session.assumptions
        }
        if wasWindow && (conditionsChange || update.role != nil) { withdraw(slot) }
        store(session, in: Int(slot))
        let isWindow = slots[Int(slot)].receivesEvents
        if !isWindow {
            unenrolledConditions[slot] = session.conditions
        } else if !wasWindow {
            unenrolledConditions[slot] = nil
            enroll(slot, session.conditions)
        } else if conditionsChange || update.role != nil {
            enroll(slot, session.conditions)
        } else {
            // Only the rank changed: restore heap order in place.
            reposition(slot)
        }
        noteState(of: slot)
    }

    /// Writes `session`, the one in slot `index` as an update (``SessionUpdate/apply(to:)``,
    /// so what an update changes is defined once) left it, back to that slot; it keeps its
    /// place in the list and heap.
    private func store(_ session: SceneSession, in index: Int) {
        var updated = SessionSlot(
            session, sequence: slots[index].sequence, declaration: slots[index].declaration, role: roles.intern(session.role))
        updated.globalPosition = slots[index].globalPosition
        slots[index] = updated
    }

    // MARK: Delivering

    /// Makes the session `id` the key window: the only foregroundActive window, with the
    /// newest `lastActive`; the window that was key becomes foregroundInactive. Nothing
    /// happens if no session has that id.
    func makeKey(sessionID id: String) {
        if let slot = slotByID.slot(of: id) { makeKey(slot) }
    }

    /// Opens a session of declaration `name` (which must be one of ``declarations``) with
    /// its initial conditions, named `new-k` for the first k not in use, and returns its id.
    func openNewSession(of name: String) -> String {
        let id = SessionNaming.nextCreated(after: &creations) { slotByID.contains($0) }
        let declaration = declarations.first { $0.name == name }
        let session =
            declaration?.newSession(id: id, framework: framework)
            ?? SceneSession(id: id, declaration: name, conditions: .defaults(for: framework))
        do {
            try open(session)
        } catch {
            preconditionFailure("a free id and a known declaration cannot be refused: \(error)")
        }
        return id
    }

    /// `Compose-1`, `Compose-2`, …: the first id of that form not in use, for a timeline's
    /// `open` that names no id.
    func firstFreeID(for declaration: String) -> String {
        SessionNaming.firstFree(for: declaration) { slotByID.contains($0) }
    }

    private func makeKey(_ slot: Int32) {
        let latest: Int
        if let newest = newestLastActive {
            latest = newest
        } else {
            latest = slots.withElements { $0.lazy.filter(\.isLive).map(\.lastActive).max() } ?? 0
            newestLastActive = latest
        }
        // Saturates: a session built through the library may already hold Int.max, and the key
        // window still ranks first, being the only foregroundActive one.
        let newest = latest == .max ? latest : latest + 1
        for other in keyWindows where other != slot {
            try? update(SessionUpdate(id: slots[Int(other)].id, state: .foregroundInactive))
        }
        try? update(SessionUpdate(id: slots[Int(slot)].id, state: .foregroundActive, lastActive: newest))
    }

    /// A session's tie-break key, read in place from its slot.
    @inline(__always)
    private func rank(_ slot: Int32) -> RankKey {
        let index = Int(slot)
        return RankKey(
            lastActive: slots[index].lastActive, sequence: slots[index].sequence, state: UInt8(slots[index].state.rank))
    }

    @inline(__always)
    private func ranksBefore(_ a: Int32, _ b: Int32) -> Bool {
        rank(a).ranksBefore(rank(b), recency: tieBreak == .recency)
    }

    private func enroll(_ slot: Int32, _ conditions: ActivationConditions) {
        IndexedHeap.push(slot, into: &globalHeap, before: { self.ranksBefore($0, $1) }) { self.slots[Int($0)].globalPosition = $1 }
        enroll(slot, in: prefer, predicate: conditions.prefersToActivate)
        enroll(slot, in: can, predicate: conditions.canActivate)
    }

    private func enroll(
        _ slot: Int32, in tier: PredicateTier, predicate: ActivationPredicate, preparation: GroupPreparation? = nil
    ) {
        tier.enroll(
            slot, predicate: predicate, preparation: preparation, order: { self.ranksBefore($0, $1) },
            rank: { self.rank($0) })
    }

    private func withdraw(_ slot: Int32) {
        IndexedHeap.remove(at: Int(slots[Int(slot)].globalPosition), from: &globalHeap, before: { self.ranksBefore($0, $1) }) {
            self.slots[Int($0)].globalPosition = $1
        }
        slots[Int(slot)].globalPosition = -1
        prefer.withdraw(slot, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
        can.withdraw(slot, order: { self.ranksBefore($0, $1) }, rank: { self.rank($0) })
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

    /// Where a session's id sits in its slot: resolved once per table and kept in it, since a
    /// lazily initialised static costs each route a `swift_once` check.
    private let sessionIDOffset = MemoryLayout<SessionSlot>.offset(of: \SessionSlot.id) ?? 0

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
                    contest.finish()
                    return (slot: contest.best, budgetExceeded: contest.budgetExceeded, verifications: contest.verifications)
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
    private static func offerCandidates<Visitor: TierCandidateVisitor>(
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

    /// The id of the best-ranked window (by the tie-break policy alone), if any is open.
    var bestWindow: String? { globalHeap.first.map { slots[Int($0)].id } }

    /// The best-ranked window whose `prefersToActivate` matches `identifier`, else the
    /// best-ranked whose `canActivate` does; and whether a regex ran out of its budget.
    func bestMatch(for identifier: String) -> (match: (sessionID: String, prefers: Bool)?, budgetExceeded: Bool) {
        Subject.with(identifier) { subject in
            var budgetExceeded = false
            if let winner = best(in: prefer, for: &subject, budgetExceeded: &budgetExceeded).slot {
                return ((slots[Int(winner)].id, true), budgetExceeded)
            }
            // Most apps' `canActivate` tier is settled: an always-true window ranks first.
            let settled = can.settledWinner
            if settled >= 0 { return ((slots[Int(settled)].id, false), budgetExceeded) }
            if let winner = best(in: can, for: &subject, budgetExceeded: &budgetExceeded).slot {
                return ((slots[Int(winner)].id, false), budgetExceeded)
            }
            return (nil, budgetExceeded)
        }
    }

    /// Approximate heap bytes held by the table.
    var approximateBytes: Int {
        slots.approximateBytes + slotByID.approximateBytes
            + globalHeap.count * 4
            + prefer.approximateBytes + can.approximateBytes
    }
}
