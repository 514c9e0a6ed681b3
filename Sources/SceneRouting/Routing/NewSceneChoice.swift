/// Step 4 for UIKit apps whose app delegate chooses: a decision to create a scene gets the
/// configuration `application(_:configurationForConnecting:options:)` returns for the event.
extension NewSceneRules {
    /// What a rule the import could not read stands for in a decision.
    static let condition = "configurationForConnecting"

    /// Rewrites `decision`, when it creates a scene, with the configuration the rules choose
    /// for `event`. A rule whose condition was not read is passed over, and one whose result
    /// was not read leaves the decision's configuration; either is noted as an assumption.
    /// A rule naming no window declaration of `declarations` is passed over.
    /// - Parameter prepared: the extras of each choice, made once (``preparedChoices()``) so
    ///   that the decision shares them instead of allocating its own.
    func apply(
        to decision: inout RoutingDecision, event: ExternalEvent, declarations: [SceneDeclaration],
        prepared: PreparedChoices? = nil
    ) {
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
            if let shared = prepared?.extras(of: choice.rule) {
                decision.choose(shared)
            } else {
                decision.newSceneChoice = choice
            }
        }
        guard !assumed.isEmpty else { return }
        let room = max(0, Assumption.listedPerDecision - decision.assumptions.count)
        decision.noteAssumptions(
            decision.assumptions + assumed.prefix(room), count: decision.assumptionCount + assumed.count)
    }

    /// The decision extras holding each choice the rules can make: by rule index, and the
    /// choice of `otherwise`.
    struct PreparedChoices: Sendable {
        fileprivate let byRule: [RoutingDecision.Extras?]
        fileprivate let otherwise: RoutingDecision.Extras?

        /// The extras of the choice made by rule `rule` (nil: by `otherwise`).
        func extras(of rule: Int?) -> RoutingDecision.Extras? {
            guard let rule else { return otherwise }
            return byRule.indices.contains(rule) ? byRule[rule] : nil
        }
    }

    /// The extras of every choice ``apply(to:event:declarations:prepared:)`` can make, for a
    /// router to make once.
    func preparedChoices() -> PreparedChoices {
        PreparedChoices(
            byRule: rules.enumerated().map { index, rule in
                rule.configuration.map {
                    RoutingDecision.Extras(
                        .init(newSceneChoice: Choice(rule: index, configuration: $0, source: rule.source)))
                }
            },
            otherwise: otherwise.map {
                RoutingDecision.Extras(.init(newSceneChoice: Choice(rule: nil, configuration: $0, source: source)))
            })
    }
}
