/// Step 4 of the routing rules, shared by both routers: when no open session scored, the
/// first declaration whose `matching` matches gets a new session, else the first
/// declaration without `matching`, else the event is unhandled.
enum CreationRule {
    static func decision(
        identifier: String?, declarations: [SceneDeclaration], budgetExceeded: Bool, explanation: RoutingExplanation? = nil
    ) -> RoutingDecision {
        var budgetExceeded = budgetExceeded
        for declaration in declarations {
            guard let matching = declaration.matching else { continue }
            let result = matching.evaluateReportingBudget(identifier)
            budgetExceeded = budgetExceeded || result.budgetExceeded
            if result.matches {
                return RoutingDecision(
                    identifier: identifier, action: .create(declaration: declaration.name, sessionID: nil),
                    reason: .declarationMatching, budgetExceeded: budgetExceeded, explanation: explanation)
            }
        }
        if let fallback = declarations.first(where: { $0.matching == nil }) {
            return RoutingDecision(
                identifier: identifier, action: .create(declaration: fallback.name, sessionID: nil),
                reason: .defaultDeclaration, budgetExceeded: budgetExceeded, explanation: explanation)
        }
        return RoutingDecision(
            identifier: identifier, action: .unhandled, reason: .unhandled, budgetExceeded: budgetExceeded,
            explanation: explanation)
    }
}
