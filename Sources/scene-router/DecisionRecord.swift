import SceneRouting

/// A decision as its JSON Lines record (keys sorted on output).
struct DecisionRecord: Encodable {
    struct Candidate: Encodable {
        var session: String
        var score: Int?
        var state: String
        var lastActive: Int
    }

    var event: Int
    var identifier: String?
    var action: String
    var session: String?
    var declaration: String?
    var reason: String
    var budgetExceeded: Bool?
    var candidates: [Candidate]?
    var considered: Int?

    init(event: Int, decision: RoutingDecision) {
        self.event = event
        identifier = decision.identifier
        reason = decision.reason.rawValue
        switch decision.action {
        case .activate(let sessionID):
            action = "activate"
            session = sessionID
        case .create(let declarationName, let sessionID):
            action = "create"
            declaration = declarationName
            session = sessionID
        case .unhandled:
            action = "unhandled"
        }
        budgetExceeded = decision.budgetExceeded ? true : nil
        if let explanation = decision.explanation {
            candidates = explanation.candidates.map {
                Candidate(session: $0.sessionID, score: $0.score, state: $0.state.rawValue, lastActive: $0.lastActive)
            }
            considered = explanation.considered
        }
    }

    /// Why a route refused its identifier, or nil when it decided.
    static func refusal(of decision: RoutingDecision) -> String? {
        guard decision.reason == .identifierTooLong, let identifier = decision.identifier else { return nil }
        return "the identifier is \(identifier.utf8.count) bytes long; routes accept at most \(SceneRouter.maximumIdentifierLength) bytes"
    }

    enum CodingKeys: String, CodingKey {
        case event, identifier, action, session, declaration, reason, budgetExceeded, candidates, considered
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        try container.encode(identifier, forKey: .identifier)  // null stays visible
        try container.encode(action, forKey: .action)
        try container.encodeIfPresent(session, forKey: .session)
        try container.encodeIfPresent(declaration, forKey: .declaration)
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(budgetExceeded, forKey: .budgetExceeded)
        try container.encodeIfPresent(candidates, forKey: .candidates)
        try container.encodeIfPresent(considered, forKey: .considered)
    }

    /// One line for people: `0  "mail.inbox"  activate S1  (prefers)`, plus the explanation.
    var text: String {
        let shown = identifier.map(JSONLines.quoted) ?? "(no identifier)"
        var outcome: String
        switch action {
        case "activate": outcome = "activate \(JSONLines.name(session ?? "?"))"
        case "create": outcome = "create \(JSONLines.name(declaration ?? "?"))" + (session.map { " as \(JSONLines.name($0))" } ?? "")
        default: outcome = "unhandled"
        }
        if budgetExceeded == true { outcome += " [a regex hit its match budget]" }
        var lines = ["\(event)  \(shown)  \(outcome)  (\(reason))"]
        if let candidates {
            for candidate in candidates {
                let score = candidate.score.map { "score \($0)" } ?? "not scored"
                lines.append("    \(JSONLines.name(candidate.session))  \(score)  \(candidate.state)  lastActive \(candidate.lastActive)")
            }
            lines.append("    considered \(considered ?? 0) session\(considered == 1 ? "" : "s")")
        }
        return lines.joined(separator: "\n")
    }
}

/// A bad input line in a batch: reported in place, the rest is still answered.
struct LineErrorRecord: Encodable {
    var event: Int?
    var error: String
    var line: Int?
}
