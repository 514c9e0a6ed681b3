/// Which assumptions a decision rested on.
extension Assumption {
    /// Whether the decision could have gone otherwise had the condition been known: a
    /// preference or a `FALSE` default could have taken the event; a `TRUE` default matters
    /// only for the session it activated.
    static func matters(_ assumption: Assumption, to decision: RoutingDecision) -> Bool {
        switch decision.reason {
        case .prefers, .can, .declarationMatching, .defaultDeclaration, .configurationForConnecting, .unhandled: break
        case .singleScene, .noIdentifier, .identifierTooLong: return false
        }
        if assumption.condition == "prefersToActivate" || assumption.used == "FALSEPREDICATE" { return true }
        guard let session = assumption.session else { return true }
        return decision.reason == .can && decision.action == .activate(sessionID: session)
    }

    /// Notes on `decision`, after what it already lists, what it rested on of the sessions'
    /// assumptions in list order.
    static func note(on decision: inout RoutingDecision, from sessions: some Sequence<[Assumption]>) {
        var listed = decision.assumptions
        var count = decision.assumptionCount
        for assumptions in sessions {
            for assumption in assumptions where matters(assumption, to: decision) {
                count += 1
                if listed.count < listedPerDecision { listed.append(assumption) }
            }
        }
        decision.noteAssumptions(listed, count: count)
    }
}
