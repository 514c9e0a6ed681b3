/// Replays a timeline: routes each event against the sessions as they stand, then applies
/// the decision (the activated or created session becomes the key window) and any lifecycle operations.
public struct TimelineReplayer: Sendable {
    /// The app as it stands now.
    public private(set) var app: SceneApp
    /// How many `new-k` ids have been handed out or skipped; the next candidate is k + 1.
    private var creations = 0
    /// The ids of `app.sessions`, so that opening and naming new sessions costs a lookup.
    private var openIDs: Set<String>

    /// A replayer starting from `app` as it stands.
    public init(app: SceneApp) {
        var app = app
        for index in app.sessions.indices where app.sessions[index].needsBinding {
            app.sessions[index].bindTemplates(bundleIdentifier: app.bundleIdentifier)
        }
        self.app = app
        openIDs = Set(app.sessions.map(\.id))
    }

    /// A lifecycle operation that cannot be applied.
    public struct ReplayError: Error, Sendable {
        /// What was wrong, e.g. naming an id that is not open.
        public var message: String
    }

    /// Routes `event` and applies the decision: the activated or created session becomes the
    /// only foregroundActive one, with the newest `lastActive`.
    public mutating func route(_ event: ExternalEvent, explain: Bool = false) -> RoutingDecision {
        var decision = ReferenceRouter.route(event, in: app, explain: explain)
        switch decision.action {
        case .activate(let sessionID):
            guard let index = app.sessions.firstIndex(where: { $0.id == sessionID }) else { break }
            makeKey(index)
        case .create(let declarationName, _):
            let declaration = app.declaration(named: declarationName)
            let id = SessionNaming.nextCreated(after: &creations) { openIDs.contains($0) }
            openIDs.insert(id)
            var session =
                declaration?.newSession(id: id, framework: app.framework)
                ?? SceneSession(id: id, declaration: declarationName, conditions: .defaults(for: app.framework))
            session.bindTemplates(bundleIdentifier: app.bundleIdentifier)
            app.sessions.append(session)
            makeKey(app.sessions.count - 1)
            decision.action = .create(declaration: declarationName, sessionID: id)
        case .unhandled:
            break
        }
        return decision
    }

    private mutating func makeKey(_ index: Int) {
        // Saturates rather than overflowing: a session built through the library may already
        // hold Int.max. The key window still ranks first, being the only foregroundActive one.
        let latest = app.sessions.map(\.lastActive).max() ?? 0
        let newest = latest == .max ? latest : latest + 1
        // One key window at a time among interactive windows; an external display stays lit.
        for other in app.sessions.indices
        where app.sessions[other].state == .foregroundActive && app.sessions[other].role.receivesEvents {
            app.sessions[other].state = .foregroundInactive
        }
        app.sessions[index].state = .foregroundActive
        app.sessions[index].lastActive = newest
    }

    /// Applies `open`, `close` or `update`; events go through ``route(_:explain:)``. An `open`
    /// without an id gets `DECLARATION-k`, the first k not in use.
    public mutating func apply(_ entry: TimelineEntry) throws(ReplayError) {
        switch entry {
        case .event:
            throw ReplayError(message: "events are routed with route(_:), not applied")
        case .open(var session):
            if session.id.isEmpty {
                session.id = SessionNaming.firstFree(for: session.declaration) { openIDs.contains($0) }
            }
            guard openIDs.insert(session.id).inserted else {
                throw ReplayError(message: "cannot open '\(session.id)': a session with that id is already open")
            }
            session.bindTemplates(bundleIdentifier: app.bundleIdentifier)
            app.sessions.append(session)
        case .close(let id):
            guard let index = app.sessions.firstIndex(where: { $0.id == id }) else {
                throw ReplayError(message: "cannot close '\(id)': no open session has that id")
            }
            openIDs.remove(id)
            app.sessions.remove(at: index)
        case .update(let update):
            guard let index = app.sessions.firstIndex(where: { $0.id == update.id }) else {
                throw ReplayError(message: "cannot update '\(update.id)': no open session has that id")
            }
            update.apply(to: &app.sessions[index])
            if update.changesConditions { app.sessions[index].bindTemplates(bundleIdentifier: app.bundleIdentifier) }
        }
    }
}
