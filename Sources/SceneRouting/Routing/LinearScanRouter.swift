/// The router an app author would write without an index: each event evaluates every
/// window's compiled conditions in list order, keeping the best by score and then by the
/// tie-break, with one reading of the identifier for all of them. It decides as
/// ``ReferenceRouter`` does (the rules are the same) at the cost a careful linear scan pays,
/// which is what `scene-router bench --engines linear` sets beside the table.
package final class LinearScanRouter: Sendable {
    package let app: SceneApp
    /// The sessions that receive events, by index into `app.sessions`.
    package let windows: [Int]
    private let hasAssumptions: Bool

    package init(app: SceneApp) {
        self.app = app
        windows = app.sessions.indices.filter { app.sessions[$0].role.receivesEvents }
        hasAssumptions = app.sessions.contains { !$0.assumptions.isEmpty }
    }

    /// Routes a bare identifier (nil: an event without one).
    package func route(identifier: String?) -> RoutingDecision {
        // Apps of one scene and refused identifiers evaluate no predicate: the reference's
        // path is as fast as any. An event without an identifier goes to the best-ranked
        // window, found in one pass (the reference sorts them all).
        if app.supportsMultipleScenes && identifier == nil { return routeWithoutIdentifier() }
        guard evaluatesConditions(for: identifier), let identifier else {
            return ReferenceRouter.route(identifier: identifier, in: app)
        }
        let sessions = app.sessions
        let policy = app.tieBreak
        var best = -1
        var bestStrength = MatchStrength.neither
        var budgetExceeded = false
        Subject.with(identifier) { subject in
            for index in windows {
                let strength = sessions[index].conditions.strength(for: &subject, budgetExceeded: &budgetExceeded)
                guard strength != .neither else { continue }
                if strength > bestStrength
                    || (strength == bestStrength && SessionRanking.precedes(index, best, in: sessions, policy: policy))
                {
                    best = index
                    bestStrength = strength
                }
            }
        }
        return decision(
            identifier: identifier, best: best >= 0 ? best : nil, strength: bestStrength,
            budgetExceeded: budgetExceeded)
    }

    private func routeWithoutIdentifier() -> RoutingDecision {
        var best: Int?
        for index in windows where best == nil || ranks(index, before: best!) { best = index }
        var decision =
            if let best {
                RoutingDecision(
                    identifier: nil, action: .activate(sessionID: app.sessions[best].id), reason: .noIdentifier)
            } else {
                CreationRule.decision(identifier: nil, declarations: app.declarations, budgetExceeded: false)
            }
        applyAppRules(to: &decision, identifier: nil)
        return decision
    }

    /// Whether an identifier takes the path that evaluates windows' conditions: the app
    /// supports several scenes and the identifier is there and not refused. Other events
    /// are decided by ``route(identifier:)`` without evaluating any.
    package func evaluatesConditions(for identifier: String?) -> Bool {
        guard app.supportsMultipleScenes, let identifier else { return false }
        return !ReferenceRouter.refuses(identifier)
    }

    /// Whether the session at `a` wins a tie of scores with the one at `b` (indices into the
    /// app's sessions), by the app's tie-break.
    package func ranks(_ a: Int, before b: Int) -> Bool {
        SessionRanking.precedes(a, b, in: app.sessions, policy: app.tieBreak)
    }

    /// The decision once the best window is known (an index into the app's sessions, nil for
    /// none; `strength` the strength it won by): the creation rule when there is none, then
    /// the app's assumptions and new-scene rules, as every router applies them.
    package func decision(identifier: String, best: Int?, strength: MatchStrength, budgetExceeded: Bool)
        -> RoutingDecision
    {
        let sessions = app.sessions
        var decision =
            if let best, let reason = RoutingDecision.Reason(winning: strength) {
                RoutingDecision(
                    identifier: identifier, action: .activate(sessionID: sessions[best].id), reason: reason,
                    budgetExceeded: budgetExceeded)
            } else {
                CreationRule.decision(
                    identifier: identifier, declarations: app.declarations, budgetExceeded: budgetExceeded)
            }
        applyAppRules(to: &decision, identifier: identifier)
        return decision
    }

    /// The app's assumptions and new-scene rules, which every router applies last.
    private func applyAppRules(to decision: inout RoutingDecision, identifier: String?) {
        if hasAssumptions { Assumption.note(on: &decision, from: app.sessions.lazy.map(\.assumptions)) }
        app.newScenes?.apply(to: &decision, event: .identifier(identifier), declarations: app.declarations)
    }
}
