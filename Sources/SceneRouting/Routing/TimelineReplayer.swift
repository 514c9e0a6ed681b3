/// Replays a timeline: routes each event against the sessions as they stand, then applies
/// the decision (SEMANTICS §5) and any lifecycle operations.
public struct TimelineReplayer: Sendable {
    /// The app as it stands now.
    public private(set) var app: SceneApp
    private var creations = 0

    public init(app: SceneApp) {
        self.app = app
    }

    /// A lifecycle operation that cannot be applied.
    public struct ReplayError: Error, Sendable {
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
            creations += 1
            var id = "new-\(creations)"
            while app.sessions.contains(where: { $0.id == id }) {
                creations += 1
                id = "new-\(creations)"
            }
            app.sessions.append(
                SceneSession(
                    id: id, declaration: declarationName,
                    conditions: declaration?.initialConditions ?? .defaults(for: app.framework)))
            makeKey(app.sessions.count - 1)
            decision.action = .create(declaration: declarationName, sessionID: id)
        case .unhandled:
            break
        }
        return decision
    }

    private mutating func makeKey(_ index: Int) {
        let newest = (app.sessions.map(\.lastActive).max() ?? 0) + 1
        // One key window at a time among interactive windows; an external display stays lit.
        for other in app.sessions.indices
        where app.sessions[other].state == .foregroundActive && app.sessions[other].role.receivesEvents {
            app.sessions[other].state = .foregroundInactive
        }
        app.sessions[index].state = .foregroundActive
        app.sessions[index].lastActive = newest
    }

    /// Applies `open`, `close` or `update`; events go through ``route(_:explain:)``.
    public mutating func apply(_ entry: TimelineEntry) throws(ReplayError) {
        switch entry {
        case .event:
            throw ReplayError(message: "events are routed with route(_:), not applied")
        case .open(let session):
            guard !app.sessions.contains(where: { $0.id == session.id }) else {
                throw ReplayError(message: "cannot open '\(session.id)': a session with that id is already open")
            }
            app.sessions.append(session)
        case .close(let id):
            guard let index = app.sessions.firstIndex(where: { $0.id == id }) else {
                throw ReplayError(message: "cannot close '\(id)': no open session has that id")
            }
            app.sessions.remove(at: index)
        case .update(let update):
            guard let index = app.sessions.firstIndex(where: { $0.id == update.id }) else {
                throw ReplayError(message: "cannot update '\(update.id)': no open session has that id")
            }
            update.apply(to: &app.sessions[index])
        }
    }
}
