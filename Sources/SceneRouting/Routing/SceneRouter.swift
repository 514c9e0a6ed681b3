/// The fast router: an indexed dispatch table over an app's sessions, safe to share.
///
/// Routing cost depends on the identifier and the predicate groups it hits, not on the number
/// of sessions. `open`, `close` and `update` change the table in place (no rebuild).
///
/// **Concurrency**: any number of threads may route at once; a churn operation waits for
/// the routes in progress, and routes that arrive while it waits or applies wait for it (a
/// writer-preferring reader–writer lock), so every route sees the table exactly as it was
/// between two churn operations, and churn is not starved by a steady stream of routes.
/// Decisions equal ``ReferenceRouter``'s on the same sessions.
public final class SceneRouter: Sendable {
    private let table: WriterPreferringLock<DispatchTable>

    /// The longest target content identifier a route accepts, in UTF-8 bytes (64 KiB).
    /// Longer ones are refused with reason ``RoutingDecision/Reason/identifierTooLong``
    /// before any predicate is evaluated, so no identifier makes a route scan, fold or match
    /// more than this many bytes. Real identifiers are far shorter: a whole APNs payload
    /// is at most 4 KiB.
    public static let maximumIdentifierLength = 65_536

    /// Builds the table for `app`'s sessions.
    /// - Complexity: O(sessions · log sessions) plus compiling each distinct predicate once.
    public convenience init(app: SceneApp) {
        self.init(app: app, tuning: .standard)
    }

    /// A router whose table is tuned (tests compact program arenas eagerly).
    init(app: SceneApp, tuning: TableTuning) {
        table = WriterPreferringLock(DispatchTable(app: app, tuning: tuning))
    }

    func reading<Result>(_ body: (DispatchTable) -> Result) -> Result {
        table.read(body)
    }

    /// Runs `body` alone with the table; then compiles the pattern sets its changes made
    /// worthwhile without the lock (routes go on meanwhile, verifying those groups one by
    /// one) and installs them under it.
    func writing<Result, Failure: Error>(_ body: (DispatchTable) throws(Failure) -> Result) throws(Failure) -> Result {
        let (result, requests) = try table.write { table throws(Failure) in
            defer { table.settle() }
            return (try body(table), table.takePatternSetRequests())
        }
        if !requests.isEmpty {
            let compiled = PatternSetRequest.compile(requests, concurrently: false)
            table.write { table in
                table.installPatternSets(compiled)
                table.settle()
            }
        }
        return result
    }

    /// Routes an event by the routing rules, without changing any session.
    /// - Parameters:
    ///   - event: routed by its target content identifier (``ExternalEvent/targetContentIdentifier(for:)``).
    ///   - explain: attach an explanation (see ``RoutingExplanation``); it is computed over
    ///     every session, one by one: a diagnostic path, not a fast one.
    public func route(_ event: ExternalEvent, explain: Bool = false) -> RoutingDecision {
        reading { table in
            let identifier = event.targetContentIdentifier(for: table.framework)
            var decision = table.route(event, identifier: identifier)
            if explain { decision.explanation = RoutingExplanation(identifier: identifier, in: table.snapshot) }
            return decision
        }
    }

    /// Routes a bare identifier (nil: an event without one), without changing any session.
    /// - Parameters:
    ///   - identifier: the target content identifier; nil for an event without one.
    ///   - explain: as in ``route(_:explain:)``.
    /// - Complexity: O(identifier length + distinct key lengths + groups hit); no allocation for
    ///   ASCII identifiers beyond what verifying a non-ASCII path needs.
    public func route(identifier: String?, explain: Bool = false) -> RoutingDecision {
        guard explain else {
            return reading { table in
                guard table.newScenes != nil else { return table.route(identifier: identifier) }
                return table.route(.identifier(identifier), identifier: identifier)
            }
        }
        return route(.identifier(identifier), explain: true)
    }

    /// Routes an event and applies the decision as the system does: the activated session,
    /// or the one created for the event, becomes the key window (the only foregroundActive
    /// window, with the newest `lastActive`); the window that was key becomes
    /// foregroundInactive. A created session is named `new-k`, the first k not in use, and
    /// starts with its declaration's initial conditions. The decision's
    /// ``RoutingDecision/Action/create(declaration:sessionID:)`` carries the new id.
    ///
    /// Routing then applying is atomic: no route or churn sees the table in between.
    /// - Complexity: a route, plus O(log n) per window whose state changes.
    /// - Parameters:
    ///   - event: routed as by ``route(_:explain:)``.
    ///   - explain: attach an explanation of the decision over the sessions as they stood
    ///     before it was applied (computed over every session: a diagnostic path).
    @discardableResult
    public func deliver(_ event: ExternalEvent, explain: Bool = false) -> RoutingDecision {
        writing { table in
            let identifier = event.targetContentIdentifier(for: table.framework)
            let explanation = explain ? RoutingExplanation(identifier: identifier, in: table.snapshot) : nil
            var decision = table.deliver(event, identifier: identifier)
            decision.explanation = explanation
            return decision
        }
    }

    /// Opens a session, appended to the session list.
    /// - Throws: ``SceneAppError/duplicateSessionID(_:)`` if a session with its id is open,
    ///   ``SceneAppError/unknownDeclaration(sessionID:declaration:)`` if it names a declaration
    ///   the app does not have; nothing changes then.
    public func open(_ session: SceneSession) throws(SceneAppError) {
        try writing { table throws(SceneAppError) in try table.open(session) }
    }

    /// Closes a session.
    /// - Throws: ``SceneAppError/unknownSession(_:)`` if no open session has that id.
    public func close(sessionID: String) throws(SceneAppError) {
        try writing { table throws(SceneAppError) in try table.close(sessionID) }
    }

    /// Updates a session in place.
    /// - Throws: ``SceneAppError/unknownSession(_:)`` if no open session has that id.
    public func update(_ update: SessionUpdate) throws(SceneAppError) {
        try writing { table throws(SceneAppError) in try table.update(update) }
    }

    /// The app as the table holds it now (sessions in list order).
    public var snapshot: SceneApp { reading { $0.snapshot } }

    /// How many predicates routing `identifier` evaluates per tier (see
    /// ``DispatchTable/verifications(for:)``).
    func verifications(for identifier: String) -> (prefer: Int, can: Int) {
        reading { $0.verifications(for: identifier) }
    }

    /// The table's shape, as `scene-router compile` prints it.
    public var shape: DispatchShape { reading { DispatchShape($0) } }
}
