/// The router an app author would write without an index: each event evaluates every
/// window's compiled conditions in list order, keeping the best by score and then by the
/// tie-break, with one reading of the identifier for all of them. It decides as
/// ``ReferenceRouter`` does (the rules are the same) at the cost a careful linear scan pays,
/// which is what `scene-router bench --engines linear` sets beside the table.
package final class LinearScanRouter: Sendable {
    private let app: SceneApp
    /// The sessions that receive events, by index into `app.sessions`.
    private let windows: [Int]
    private let hasAssumptions: Bool

    package init(app: SceneApp) {
        self.app = app
        windows = app.sessions.indices.filter { app.sessions[$0].role.receivesEvents }
        hasAssumptions = app.sessions.contains { !$0.assumptions.isEmpty }
    }

    /// Routes a bare identifier (nil: an event without one).
    package func route(identifier: String?) -> RoutingDecision {
        // Apps of one scene, events without an identifier and refused identifiers evaluate
        // no predicate: the reference's path is as fast as any.
        guard app.supportsMultipleScenes, let identifier, !ReferenceRouter.refuses(identifier) else {
            return ReferenceRouter.route(identifier: identifier, in: app)
        }
        let sessions = app.sessions
        let policy = app.tieBreak
        var best = -1
        var bestScore = 0
        var budgetExceeded = false
        Subject.with(identifier) { subject in
            for index in windows {
                let conditions = sessions[index].conditions
                let score =
                    conditions.prefersToActivate.root.evaluate(&subject, budgetExceeded: &budgetExceeded)
                    ? 2 : conditions.canActivate.root.evaluate(&subject, budgetExceeded: &budgetExceeded) ? 1 : 0
                guard score > 0 else { continue }
                if score > bestScore || (score == bestScore && SessionRanking.precedes(index, best, in: sessions, policy: policy)) {
                    best = index
                    bestScore = score
                }
            }
        }
        var decision =
            best >= 0
            ? RoutingDecision(
                identifier: identifier, action: .activate(sessionID: sessions[best].id), reason: bestScore == 2 ? .prefers : .can,
                budgetExceeded: budgetExceeded)
            : CreationRule.decision(identifier: identifier, declarations: app.declarations, budgetExceeded: budgetExceeded)
        if hasAssumptions { Assumption.note(on: &decision, from: sessions.lazy.map(\.assumptions)) }
        app.newScenes?.apply(to: &decision, event: .identifier(identifier), declarations: app.declarations)
        return decision
    }
}
