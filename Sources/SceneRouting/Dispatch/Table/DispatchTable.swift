/// The indexed form of a ``SceneApp``: routes an event in time that depends on the identifier
/// and the groups it hits, not on the number of sessions, and absorbs open/close/update
/// without rebuilding.
///
/// Not thread-safe by itself; ``SceneRouter`` wraps it with a reader–writer lock, which is
/// why hot properties skip dynamic exclusivity checks. `@unchecked Sendable` for the build:
/// `init` fills its id map, global heap and two tiers on concurrent threads, each task
/// writing memory no other task touches.
///
/// This file holds the storage and what reads it whole; `+Build` fills it, `+Churn` opens,
/// closes and updates sessions, and `+Route` finds a tier's best window for an identifier.
/// The routing rules over that search are in the Routing folder (``route(identifier:)``).
final class DispatchTable: @unchecked Sendable {
    @exclusivity(unchecked) private(set) var framework: AppFramework
    @exclusivity(unchecked) private(set) var supportsMultipleScenes: Bool
    @exclusivity(unchecked) private(set) var tieBreak: TieBreakPolicy
    @exclusivity(unchecked) private(set) var declarations: [SceneDeclaration]
    /// What slots' ``SessionSlot/declaration`` and ``SessionSlot/role`` positions name.
    let declarationNames: InternedNames<String>
    var roles: InternedNames<SessionRole>

    let slots = TableArray<SessionSlot>()
    /// The activation conditions of live sessions that receive no events (not enrolled in
    /// either tier, which hold every window's), by slot.
    var unenrolledConditions: [Int32: ActivationConditions] = [:]
    /// The values and condition templates of the sessions that have any (few do), by slot:
    /// an update of values binds the templates again.
    var sessionValues: [Int32: (values: [String: String], templates: ConditionTemplates)] = [:]
    /// The assumptions of the sessions that rest on any (``SceneSession/assumptions``), by
    /// slot: decisions note those that matter to them. Every route asks whether it is empty.
    @exclusivity(unchecked) var assumedBySlot: [Int32: [Assumption]] = [:]
    /// `${bundleIdentifier}` in a template.
    private(set) var bundleIdentifier: String?
    /// The app delegate's choice of a new scene's configuration.
    private(set) var newScenes: NewSceneRules?
    /// What decisions whose new scene `newScenes` chooses share (``NewSceneRules/preparedChoices()``).
    private(set) var newSceneChoices: NewSceneRules.PreparedChoices?
    var freeSlots: [Int32] = []
    let slotByID: SessionDirectory
    var nextSequence = 0
    /// Every window session, best first: events without an identifier, single-scene apps.
    @exclusivity(unchecked) var globalHeap: [Int32] = []
    /// Window sessions in state foregroundActive: the ones delivering an event demotes.
    var keyWindows = Set<Int32>()
    /// The largest `lastActive` of any session, or nil when it must be recomputed (the
    /// session holding it closed or moved back).
    var newestLastActive: Int?
    /// How many `new-k` ids ``openNewSession(of:)`` has handed out or skipped.
    var creations = 0
    let prefer: PredicateTier
    let can: PredicateTier
    /// Where a session's id sits in its slot: resolved once per table and kept in it, since a
    /// lazily initialised static costs each route a `swift_once` check.
    let sessionIDOffset = MemoryLayout<SessionSlot>.offset(of: \SessionSlot.id) ?? 0

    init(app: SceneApp, tuning: TableTuning = .standard) {
        let app = Self.bindingTemplates(of: app)
        slotByID = SessionDirectory(slots: slots)
        prefer = PredicateTier(tuning: tuning, recency: app.tieBreak == .recency)
        can = PredicateTier(tuning: tuning, recency: app.tieBreak == .recency)
        framework = app.framework
        bundleIdentifier = app.bundleIdentifier
        newScenes = app.newScenes
        newSceneChoices = app.newScenes?.preparedChoices()
        supportsMultipleScenes = app.supportsMultipleScenes
        tieBreak = app.tieBreak
        declarations = app.declarations
        declarationNames = InternedNames(app.declarations.map(\.name))
        roles = InternedNames([SessionRole.windowApplication])
        build(from: app, tuning: tuning)
    }

    func isWindow(_ slot: Int32) -> Bool { slots[Int(slot)].receivesEvents }

    var sessionCount: Int { slotByID.count }

    /// The app as it stands, sessions in list order.
    var snapshot: SceneApp {
        let sessions = (0..<slots.count).filter { slots[$0].isLive }.sorted { slots[$0].sequence < slots[$1].sequence }
            .map { session(in: $0) }
        var app = SceneApp(
            validatedFramework: framework, supportsMultipleScenes: supportsMultipleScenes, tieBreak: tieBreak,
            declarations: declarations, sessions: sessions)
        app.bundleIdentifier = bundleIdentifier
        app.newScenes = newScenes
        return app
    }

    /// Where the session in `slot` stands in the session list (smaller is earlier).
    func sequence(ofSlot slot: Int32) -> Int { slots[Int(slot)].sequence }

    /// The session in slot `index`, its names and conditions looked up (or, given
    /// `conditions`, those in their place).
    func session(in index: Int, conditions stated: ActivationConditions? = nil) -> SceneSession {
        let slot = slots[index]
        var session = SceneSession(
            id: slot.id, declaration: declarationNames[slot.declaration], role: roles[slot.role], state: slot.state,
            lastActive: slot.lastActive, conditions: stated ?? conditions(of: Int32(index)))
        if let stated = sessionValues[Int32(index)] { (session.values, session.templates) = stated }
        if let assumed = assumedBySlot[Int32(index)] { session.assumptions = assumed }
        return session
    }

    /// The activation conditions of the live session in `slot`.
    func conditions(of slot: Int32) -> ActivationConditions {
        guard slots[Int(slot)].receivesEvents else {
            guard let conditions = unenrolledConditions[slot] else {
                preconditionFailure("a live session that receives no events has its conditions kept")
            }
            return conditions
        }
        guard let canActivate = can.predicate(ofSlot: slot), let prefersToActivate = prefer.predicate(ofSlot: slot)
        else {
            preconditionFailure("a window is enrolled in both tiers")
        }
        return ActivationConditions(canActivate: canActivate, prefersToActivate: prefersToActivate)
    }

    /// A session's tie-break key, read in place from its slot.
    @inline(__always)
    func rank(_ slot: Int32) -> RankKey {
        let index = Int(slot)
        return RankKey(
            lastActive: slots[index].lastActive, sequence: slots[index].sequence, state: UInt8(slots[index].state.rank))
    }

    @inline(__always)
    func ranksBefore(_ a: Int32, _ b: Int32) -> Bool {
        rank(a).ranksBefore(rank(b), recency: tieBreak == .recency)
    }

    /// The id of the best-ranked window (by the tie-break policy alone), if any is open.
    var bestWindow: String? { globalHeap.first.map { slots[Int($0)].id } }

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

    /// Approximate heap bytes held by the table.
    var approximateBytes: Int {
        slots.approximateBytes + slotByID.approximateBytes
            + globalHeap.count * 4
            + prefer.approximateBytes + can.approximateBytes
    }
}
