internal import CMemoryHints
import Dispatch

/// Filling a new table from an app: the slots, then three tasks that share nothing they
/// write, on as many threads as there are cores, then what the tasks left for one thread.
extension DispatchTable {
    /// The build's concurrent tasks. The prefer tier (a group per window, at scale) is the
    /// longest: the other two prepare its groups once their own work is done.
    enum BuildTask: Int, CaseIterable {
        /// The prefer tier, with the groups the other tasks prepared.
        case preferTier
        /// The global heap and the can tier.
        case globalHeapAndCanTier
        /// The id map, the key windows, and the conditions of sessions that are no windows.
        case directory
    }

    /// Session counts from which the build runs its tasks on separate threads: small tables
    /// (most apps have tens of windows) are built on one, since handing work to other
    /// threads costs more than it saves.
    static let parallelBuildThreshold: Int32 = 4_096
    /// How many sessions ahead the build starts fetching a session's group.
    private static let buildPrefetchDistance = 8

    /// `app` with every session's templates bound (the manifest loader binds them already;
    /// sessions built through the library may not be).
    static func bindingTemplates(of app: SceneApp) -> SceneApp {
        guard app.sessions.contains(where: \.needsBinding) else { return app }
        var app = app
        for index in app.sessions.indices where app.sessions[index].needsBinding {
            app.sessions[index].bindTemplates(bundleIdentifier: app.bundleIdentifier)
        }
        return app
    }

    /// Fills the table, just initialised with `app`'s settings, with `app`'s sessions.
    func build(from app: SceneApp, tuning: TableTuning) {
        reserveCapacity(app.sessions.count)
        let parallel = Int32(clamping: app.sessions.count) >= Self.parallelBuildThreshold
        fillSlots(from: app.sessions, concurrently: parallel)
        keepValuesAndAssumptions(of: app.sessions)
        let duplicates = runBuildTasks(app, tuning: tuning, concurrently: parallel)
        drop(duplicates)
        // Crowded buckets of regexes become pattern sets before the first route.
        let requests = takePatternSetRequests()
        if !requests.isEmpty { installPatternSets(PatternSetRequest.compile(requests, concurrently: parallel)) }
        prefer.endBuild()
        can.endBuild()
        settle()
    }

    private func reserveCapacity(_ sessionCount: Int) {
        slots.reserveCapacity(sessionCount)
        slotByID.reserveCapacity(sessionCount)
        prefer.reserveCapacity(sessionCount)
        can.reserveCapacity(min(sessionCount, 1_024))
    }

    /// A slot per session, in list order.
    private func fillSlots(from sessions: [SceneSession], concurrently parallel: Bool) {
        // Every role first (apps use a few, mostly in runs), so the slots can be filled
        // concurrently with lookups alone.
        var previousRole = SessionRole.windowApplication
        for session in sessions where session.role != previousRole {
            roles.intern(session.role)
            previousRole = session.role
        }
        let (declarationNames, roles) = (declarationNames, roles)
        sessions.withUnsafeBufferPointer { sessions in
            nonisolated(unsafe) let sessions = sessions
            slots.append(count: sessions.count, concurrently: parallel) { index in
                // Read in place: a copy of the session would retain every field it has.
                let session = sessions.baseAddress! + index
                guard let declaration = declarationNames.position(of: session.pointee.declaration),
                    let role = roles.position(of: session.pointee.role)
                else { preconditionFailure("a SceneApp's sessions name its declarations, and every role was interned") }
                return SessionSlot(session.pointee, sequence: index, declaration: declaration, role: role)
            }
        }
        nextSequence = sessions.count
    }

    private func keepValuesAndAssumptions(of sessions: [SceneSession]) {
        for (index, session) in sessions.enumerated() where !session.values.isEmpty || !session.templates.isEmpty {
            sessionValues[Int32(index)] = (session.values, session.templates)
            if !session.assumptions.isEmpty { assumedBySlot[Int32(index)] = session.assumptions }
        }
    }

    /// Runs the ``BuildTask``s, on separate threads when `parallel`; returns the slots whose
    /// session id an earlier session already took.
    private func runBuildTasks(_ app: SceneApp, tuning: TableTuning, concurrently parallel: Bool) -> [Int32] {
        let count = Int32(slots.count)
        var duplicates: [Int32] = []
        // Kept by the directory task as it notes each session (duplicates aside).
        newestLastActive = count > 0 ? .min : 0
        let pipeline =
            parallel
            ? PreparationPipeline(sessionCount: Int(count)) { index, programs in
                guard self.isWindow(Int32(index)) else { return nil }
                return GroupPreparation(app.sessions[index].conditions.prefersToActivate.root, programs: &programs)
            } : nil
        if tuning.preparesEveryGroupFirst { pipeline?.help() }
        withUnsafeMutablePointer(to: &duplicates) { duplicatesPointer in
            nonisolated(unsafe) let duplicatesPointer = duplicatesPointer
            let run: @Sendable (Int) -> Void = { index in
                switch BuildTask(rawValue: index)! {
                case .preferTier:
                    self.prefer.coverSlots(Int(count))
                    self.fillPreferTier(from: app.sessions, pipeline: pipeline)
                case .globalHeapAndCanTier:
                    self.can.coverSlots(Int(count))
                    for slot in 0..<count where self.isWindow(slot) {
                        self.pushToGlobalHeap(slot)
                        self.enroll(slot, in: self.can, predicate: app.sessions[Int(slot)].conditions.canActivate)
                    }
                    pipeline?.help()
                case .directory:
                    // A session whose id is already taken is dropped after the tasks, so it
                    // is not noted.
                    for slot in 0..<count {
                        if self.slotByID.insert(slot) {
                            self.noteState(of: slot)
                            if !self.isWindow(slot) {
                                self.unenrolledConditions[slot] = app.sessions[Int(slot)].conditions
                            }
                        } else {
                            duplicatesPointer.pointee.append(slot)
                        }
                    }
                    pipeline?.help()
                }
            }
            if parallel {
                DispatchQueue.concurrentPerform(iterations: BuildTask.allCases.count, execute: run)
            } else {
                for task in BuildTask.allCases { run(task.rawValue) }
            }
        }
        return duplicates
    }

    /// Frees the slots of sessions whose id was taken. A valid app has no repeated ids;
    /// should one get here, the first session keeps it, as `open` would refuse the second.
    private func drop(_ duplicates: [Int32]) {
        for slot in duplicates {
            if isWindow(slot) { withdraw(slot) }
            slots[Int(slot)].sequence = -1
            freeSlots.append(slot)
        }
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
                        at: UnsafeRawPointer(sessions.baseAddress! + ahead + Self.buildPrefetchDistance)
                            + predicateOffset)
                }
                if ahead < count { prefer.prefetchGroup(of: sessions[ahead].conditions.prefersToActivate) }
                if isWindow(slot) {
                    self.enroll(
                        slot, in: prefer, predicate: sessions[Int(slot)].conditions.prefersToActivate,
                        preparation: preparation)
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
    static let sessionPredicateOffset = MemoryLayout<SceneSession>.offset(
        of: \SceneSession.conditions.prefersToActivate.storage)

    /// Starts fetching the predicate object whose reference is stored at `field` (its header
    /// and the line after, with the intern hash). The reference is read as plain bits:
    /// retaining it would wait for the very miss the fetch is for.
    @inline(__always)
    private static func prefetchPredicate(at field: UnsafeRawPointer) {
        let object = field.load(as: UnsafeRawPointer.self)
        scene_router_prefetch(object)
        scene_router_prefetch(object + 64)
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
}
