/// The obviously correct router: evaluates every session, one by one, exactly as
/// the routing rules read. Faster routers are checked against it.
public enum ReferenceRouter {
    /// Decides which session `event` activates in `app`, or which declaration gets a new
    /// session.
    /// - Parameters:
    ///   - event: routed by its target content identifier (``ExternalEvent/targetContentIdentifier(for:)``).
    ///   - app: the declarations and open sessions, their ``SceneSession/conditions`` as they
    ///     are (templates already bound: ``SceneSession/bindTemplates(bundleIdentifier:)``).
    ///   - explain: attach a ``RoutingExplanation``.
    /// - Complexity: O(sessions × predicate cost).
    public static func route(_ event: ExternalEvent, in app: SceneApp, explain: Bool = false) -> RoutingDecision {
        var decision = route(
            identifier: event.targetContentIdentifier(for: app.framework), in: app, explain: explain, newSceneFor: nil)
        app.newScenes?.apply(to: &decision, event: event, declarations: app.declarations)
        return decision
    }

    /// Routes a bare target content identifier (nil: an event without one).
    public static func route(identifier: String?, in app: SceneApp, explain: Bool = false) -> RoutingDecision {
        route(identifier: identifier, in: app, explain: explain, newSceneFor: .identifier(identifier))
    }

    /// A route whose new scene, if any, the app delegate chooses for `event` (nil: the caller does).
    private static func route(identifier: String?, in app: SceneApp, explain: Bool, newSceneFor event: ExternalEvent?)
        -> RoutingDecision
    {
        var decision = routeByConditions(identifier: identifier, in: app, explain: explain)
        if app.sessions.contains(where: { !$0.assumptions.isEmpty }) {
            Assumption.note(on: &decision, from: app.sessions.lazy.map(\.assumptions))
        }
        if let event { app.newScenes?.apply(to: &decision, event: event, declarations: app.declarations) }
        return decision
    }

    private static func routeByConditions(identifier: String?, in app: SceneApp, explain: Bool) -> RoutingDecision {
        if let refused = refusal(of: identifier) { return refused }
        let sessions = app.sessions
        let candidates = sessions.indices.filter { sessions[$0].role.receivesEvents }
        let ranked = { (indices: [Int]) in
            indices.sorted { SessionRanking.precedes($0, $1, in: sessions, policy: app.tieBreak) }
        }
        let details = explain ? RoutingExplanation(identifier: identifier, in: app) : nil

        // 1. Single-scene apps always reuse their one scene.
        if !app.supportsMultipleScenes {
            let order = ranked(candidates)
            if let best = order.first {
                return RoutingDecision(
                    identifier: identifier, action: .activate(sessionID: sessions[best].id), reason: .singleScene,
                    explanation: details)
            }
            guard let first = CreationRule.singleScene(app.declarations) else {
                return RoutingDecision(
                    identifier: identifier, action: .unhandled, reason: .unhandled, explanation: details)
            }
            return RoutingDecision(
                identifier: identifier, action: .create(declaration: first.name, sessionID: nil), reason: .singleScene,
                explanation: details)
        }

        // 2. Without an identifier predicates are not evaluated: the best-ranked window.
        guard let identifier else {
            if let best = ranked(candidates).first {
                return RoutingDecision(
                    identifier: nil, action: .activate(sessionID: sessions[best].id), reason: .noIdentifier,
                    explanation: details)
            }
            return CreationRule.decision(
                identifier: nil, declarations: app.declarations, budgetExceeded: false, explanation: details)
        }
        // 3. Every candidate's strength (prefers, can, neither), each from the identifier
        // afresh; the strongest wins, then the tie-break.
        var budgetExceeded = false
        let scored = candidates.map { index in
            (
                index: index,
                strength: sessions[index].conditions.strength(for: identifier, budgetExceeded: &budgetExceeded)
            )
        }.sorted { a, b in
            a.strength != b.strength
                ? a.strength > b.strength
                : SessionRanking.precedes(a.index, b.index, in: sessions, policy: app.tieBreak)
        }
        if let best = scored.first, let reason = RoutingDecision.Reason(winning: best.strength) {
            return RoutingDecision(
                identifier: identifier, action: .activate(sessionID: sessions[best.index].id), reason: reason,
                budgetExceeded: budgetExceeded, explanation: details)
        }
        // 4. A new scene.
        return CreationRule.decision(
            identifier: identifier, declarations: app.declarations, budgetExceeded: budgetExceeded, explanation: details
        )
    }

    /// Whether `identifier` is longer than ``SceneRouter/maximumIdentifierLength`` bytes,
    /// which no route matches.
    static func refuses(_ identifier: String) -> Bool {
        identifier.utf8.count > SceneRouter.maximumIdentifierLength
    }

    /// The decision for an identifier ``refuses(_:)`` names, or nil for any other.
    static func refusal(of identifier: String?) -> RoutingDecision? {
        guard let identifier, refuses(identifier) else { return nil }
        return RoutingDecision(identifier: identifier, action: .unhandled, reason: .identifierTooLong)
    }
}
