/// Step 4 for UIKit apps whose app delegate chooses: a decision to create a scene gets the
/// configuration `application(_:configurationForConnecting:options:)` returns for the event.
extension NewSceneRules {
    /// What a rule the import could not read stands for in a decision.
    static let condition = "configurationForConnecting"

    /// Rewrites `decision`, when it creates a scene, with the configuration the rules choose
    /// for `event`. A rule whose condition was not read is passed over, and one whose result
    /// was not read leaves the decision's configuration; either is noted as an assumption.
    /// A rule naming no window declaration of `declarations` is passed over.
    func apply(to decision: inout RoutingDecision, event: ExternalEvent, declarations: [SceneDeclaration]) {
        guard case .create(let fallback, let sessionID) = decision.action else { return }
        func isWindow(_ name: String) -> Bool { declarations.contains { $0.name == name && $0.role.receivesEvents } }
        var assumed: [Assumption] = []
        var choice: Choice?
        // A branch whose result was not read ends the search: what it returns is unknown.
        var resultUnread = false
        for (index, rule) in rules.enumerated() where rule.holds(for: event) {
            if let unread = rule.unread {
                if let configuration = rule.configuration {
                    assumed.append(
                        Assumption(
                            declaration: configuration, condition: Self.condition, used: "its branch not taken",
                            reason: "returns it when \(unread), which the import did not read", source: rule.source))
                    continue
                }
                assumed.append(
                    Assumption(
                        declaration: fallback, condition: Self.condition, used: "the first configuration",
                        reason: "returns \(unread) here, which the import did not read", source: rule.source))
                resultUnread = true
                break
            }
            guard let configuration = rule.configuration, isWindow(configuration) else { continue }
            choice = Choice(rule: index, configuration: configuration, source: rule.source)
            break
        }
        if choice == nil, !resultUnread, let otherwise, isWindow(otherwise) {
            choice = Choice(rule: nil, configuration: otherwise, source: source)
        }
        if let choice {
            decision.action = .create(declaration: choice.configuration, sessionID: sessionID)
            decision.reason = .configurationForConnecting
            decision.newSceneChoice = choice
        }
        guard !assumed.isEmpty else { return }
        let room = max(0, Assumption.listedPerDecision - decision.assumptions.count)
        decision.assumptions += assumed.prefix(room)
        decision.assumptionCount += assumed.count
    }
}
