/// The routing rules over the dispatch table: the same steps as ``ReferenceRouter``, with
/// the table answering which window ranks best overall or matches best.
extension DispatchTable {
    /// Decides which session `identifier` activates, or which declaration gets a new one.
    /// - Complexity: O(identifier length + distinct key lengths + groups hit).
    func route(identifier: String?) -> RoutingDecision {
        guard assumedBySlot.isEmpty else { return routeNotingAssumptions(identifier: identifier) }
        return routeByConditions(identifier: identifier)
    }

    /// A route in a table where some session rests on assumptions: the decision notes those
    /// that matter to it, in session order. Out of line: most tables have none.
    @inline(never)
    private func routeNotingAssumptions(identifier: String?) -> RoutingDecision {
        var decision = routeByConditions(identifier: identifier)
        let slots = assumedBySlot.keys.sorted { sequence(ofSlot: $0) < sequence(ofSlot: $1) }
        Assumption.note(on: &decision, from: slots.lazy.map { self.assumedBySlot[$0] ?? [] })
        return decision
    }

    private func routeByConditions(identifier: String?) -> RoutingDecision {
        guard let identifier, supportsMultipleScenes, !ReferenceRouter.refuses(identifier) else {
            return routeWithoutMatching(identifier)
        }
        // 3. The best window that prefers the identifier, else the best that can take it.
        let (match, budgetExceeded) = bestMatch(for: identifier)
        if let match, let reason = RoutingDecision.Reason(winning: match.strength) {
            return RoutingDecision(
                identifier: identifier, action: .activate(sessionID: match.sessionID), reason: reason,
                budgetExceeded: budgetExceeded)
        }
        // 4. A new scene.
        return CreationRule.decision(identifier: identifier, declarations: declarations, budgetExceeded: budgetExceeded)
    }

    /// The routes no activation condition decides: a refused identifier, a single-scene app,
    /// an event without an identifier. Out of line, so the common route builds its decision
    /// in place instead of in a temporary that the branches here would make it copy.
    @inline(never)
    private func routeWithoutMatching(_ identifier: String?) -> RoutingDecision {
        if let refused = ReferenceRouter.refusal(of: identifier) { return refused }
        // 1. Single-scene apps always reuse their one scene.
        if !supportsMultipleScenes {
            if let window = bestWindow {
                return RoutingDecision(
                    identifier: identifier, action: .activate(sessionID: window), reason: .singleScene)
            }
            guard let first = CreationRule.singleScene(declarations) else {
                return RoutingDecision(identifier: identifier, action: .unhandled, reason: .unhandled)
            }
            return RoutingDecision(
                identifier: identifier, action: .create(declaration: first.name, sessionID: nil), reason: .singleScene)
        }
        // 2. Without an identifier, the best-ranked window.
        precondition(identifier == nil, "route(identifier:) matches every identifier it does not refuse")
        if let window = bestWindow {
            return RoutingDecision(identifier: nil, action: .activate(sessionID: window), reason: .noIdentifier)
        }
        return CreationRule.decision(identifier: nil, declarations: declarations, budgetExceeded: false)
    }

    /// Routes `event`, whose identifier is `identifier`: a new scene's configuration is the
    /// one the app delegate chooses for the event.
    func route(_ event: ExternalEvent, identifier: String?) -> RoutingDecision {
        var decision = route(identifier: identifier)
        if let newScenes {
            newScenes.apply(to: &decision, event: event, declarations: declarations, prepared: newSceneChoices)
        }
        return decision
    }

    /// Routes and applies the decision as the system does: the activated or created session
    /// becomes the key window; a created session is named `new-k`, the first k not in use.
    func deliver(_ event: ExternalEvent, identifier: String?) -> RoutingDecision {
        var decision = route(event, identifier: identifier)
        switch decision.action {
        case .activate(let sessionID):
            makeKey(sessionID: sessionID)
        case .create(let name, _):
            let id = openNewSession(of: name)
            makeKey(sessionID: id)
            decision.action = .create(declaration: name, sessionID: id)
        case .unhandled:
            break
        }
        return decision
    }
}
