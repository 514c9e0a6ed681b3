/// Step 4 of the routing rules, shared by both routers: when no open session scored, the
/// first declaration whose `matching` matches gets a new session, else the first
/// declaration without `matching`, else the event is unhandled. Only declarations of
/// window-application scenes are considered: an event never creates an external-display or
/// CarPlay scene.
enum CreationRule {
    /// The declarations an event can create a session of, in order.
    static func candidates(_ declarations: [SceneDeclaration]) -> [SceneDeclaration] {
        declarations.filter { $0.role.receivesEvents }
    }

    /// The declaration a single-scene app creates its one scene from.
    static func singleScene(_ declarations: [SceneDeclaration]) -> SceneDeclaration? {
        declarations.first { $0.role.receivesEvents }
    }

    static func decision(
        identifier: String?, declarations: [SceneDeclaration], budgetExceeded: Bool,
        explanation: RoutingExplanation? = nil
    ) -> RoutingDecision {
        var decision = chosen(
            identifier: identifier, declarations: declarations, budgetExceeded: budgetExceeded, explanation: explanation
        )
        // A `matching` the import could not read might have chosen another declaration.
        var listed = decision.assumptions
        var count = decision.assumptionCount
        for declaration in declarations where declaration.role.receivesEvents {
            guard let unread = declaration.unreadMatching else { continue }
            if listed.count < Assumption.listedPerDecision { listed.append(unread) }
            count += 1
        }
        decision.noteAssumptions(listed, count: count)
        return decision
    }

    private static func chosen(
        identifier: String?, declarations: [SceneDeclaration], budgetExceeded: Bool, explanation: RoutingExplanation?
    ) -> RoutingDecision {
        var budgetExceeded = budgetExceeded
        // Filtered in place: a filtered copy would allocate on every route that creates.
        for declaration in declarations where declaration.role.receivesEvents {
            guard let matching = declaration.matching else { continue }
            let result = matching.evaluateReportingBudget(identifier)
            budgetExceeded = budgetExceeded || result.budgetExceeded
            if result.matches {
                return RoutingDecision(
                    identifier: identifier, action: .create(declaration: declaration.name, sessionID: nil),
                    reason: .declarationMatching, budgetExceeded: budgetExceeded, explanation: explanation)
            }
        }
        if let fallback = declarations.first(where: { $0.role.receivesEvents && $0.matching == nil }) {
            return RoutingDecision(
                identifier: identifier, action: .create(declaration: fallback.name, sessionID: nil),
                reason: .defaultDeclaration, budgetExceeded: budgetExceeded, explanation: explanation)
        }
        return RoutingDecision(
            identifier: identifier, action: .unhandled, reason: .unhandled, budgetExceeded: budgetExceeded,
            explanation: explanation)
    }
}
