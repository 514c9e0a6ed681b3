import PredicateSyntax
import SceneRouting

/// A decision as its JSON Lines record (keys sorted on output).
struct DecisionRecord: Encodable {
    var event: Int
    var identifier: String?
    var action: String
    var session: String?
    var declaration: String?
    var reason: String
    var budgetExceeded: Bool?
    var candidates: [RoutingExplanation.Candidate]?
    /// Candidates not listed (`--explain` lists ``explainedCandidates``; `--explain-all` all).
    var omitted: Int?
    var considered: Int?
    var declarations: [RoutingExplanation.DeclarationCheck]?
    /// The explanation the text output renders (declarations left out when the app
    /// delegate chose); not encoded: its parts are.
    var explanation: RoutingExplanation?
    /// What the decision rested on that the manifest does not say.
    var assumptions: [AssumptionRecord]?
    /// All of them, when more than are listed.
    var assumptionCount: Int?
    /// The app delegate's branch that chose a new scene's configuration (with `--explain`).
    var newSceneRule: NewSceneRuleRecord?

    struct NewSceneRuleRecord: Encodable {
        /// Its index in `newScenes.rules`; nil: `otherwise`.
        var rule: Int?
        var configuration: String
        var source: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule, forKey: .rule) // null: the otherwise branch
            try container.encode(configuration, forKey: .configuration)
            try container.encodeIfPresent(source, forKey: .source)
        }

        enum CodingKeys: String, CodingKey { case rule, configuration, source }
    }

    struct AssumptionRecord: Encodable {
        var session: String?
        var declaration: String
        var condition: String
        var used: String
        var reason: String
        var source: String?
    }

    /// How many candidates `--explain` lists.
    static let explainedCandidates = 10

    init(event: Int, decision: RoutingDecision, allCandidates: Bool = false) {
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
        if !decision.assumptions.isEmpty {
            assumptions = decision.assumptions.map {
                AssumptionRecord(
                    session: $0.session, declaration: $0.declaration, condition: $0.condition, used: $0.used,
                    reason: $0.reason,
                    source: $0.source?.description)
            }
            if decision.assumptionCount > decision.assumptions.count { assumptionCount = decision.assumptionCount }
        }
        if let explanation = decision.explanation {
            newSceneRule = decision.newSceneChoice.map {
                NewSceneRuleRecord(rule: $0.rule, configuration: $0.configuration, source: $0.source?.description)
            }
            var explained = explanation
            // The app delegate chose: which declarations are defaults did not decide.
            if decision.newSceneChoice != nil { explained.declarations = [] }
            let shown =
                allCandidates ? explanation.candidates[...] : explanation.candidates.prefix(Self.explainedCandidates)
            candidates = Array(shown)
            omitted = explanation.candidates.count - shown.count
            considered = explanation.considered
            declarations = decision.newSceneChoice != nil ? nil : explanation.declarations
            self.explanation = explained
        }
    }

    /// Why a route refused its identifier, or nil when it decided.
    static func refusal(of decision: RoutingDecision) -> String? {
        guard decision.reason == .identifierTooLong, let identifier = decision.identifier else { return nil }
        return
            "the identifier is \(identifier.utf8.count) bytes long; routes accept at most \(SceneRouter.maximumIdentifierLength) bytes"
    }

    enum CodingKeys: String, CodingKey {
        case event, identifier, action, session, declaration, reason, budgetExceeded, assumptions, assumptionCount,
            candidates, omitted
        case considered, declarations, newSceneRule
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        try container.encode(identifier, forKey: .identifier) // null stays visible
        try container.encode(action, forKey: .action)
        try container.encodeIfPresent(session, forKey: .session)
        try container.encodeIfPresent(declaration, forKey: .declaration)
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(budgetExceeded, forKey: .budgetExceeded)
        try container.encodeIfPresent(assumptions, forKey: .assumptions)
        try container.encodeIfPresent(assumptionCount, forKey: .assumptionCount)
        try container.encodeIfPresent(candidates, forKey: .candidates)
        try container.encodeIfPresent(omitted, forKey: .omitted)
        try container.encodeIfPresent(considered, forKey: .considered)
        try container.encodeIfPresent(declarations, forKey: .declarations)
        try container.encodeIfPresent(newSceneRule, forKey: .newSceneRule)
    }

    /// One line for people: `0  "mail.inbox"  activate S1  (prefers)`, plus the explanation.
    var text: String {
        let shown = identifier.map(JSONLines.quoted) ?? "(no identifier)"
        var outcome: String
        switch action {
        case "activate": outcome = "activate \(JSONLines.name(session ?? "?"))"
        case "create":
            outcome =
                "create \(JSONLines.name(declaration ?? "?"))" + (session.map { " as \(JSONLines.name($0))" } ?? "")
        default: outcome = "unhandled"
        }
        if budgetExceeded == true { outcome += " [a regex hit its match budget]" }
        if let assumptions { outcome += "  [assumed: \(assumptionCount ?? assumptions.count)]" }
        var lines = ["\(event)  \(shown)  \(outcome)  (\(reason))"]
        if candidates != nil, let assumptions {
            for assumption in assumptions {
                let place = assumption.source.map { "  (\(Diagnostic.printable($0)))" } ?? ""
                guard let session = assumption.session else {
                    // A branch of the app delegate's choice of a new scene.
                    lines.append(
                        "  assumed: \(assumption.condition) \(Diagnostic.printable(assumption.used)): it "
                            + Diagnostic.printable(assumption.reason) + place)
                    continue
                }
                lines.append(
                    "  assumed: \(JSONLines.name(session)) \(assumption.condition) is \(Diagnostic.printable(assumption.used)), "
                        + "as its condition " + Diagnostic.printable(assumption.reason) + place)
            }
            if let count = assumptionCount, count > assumptions.count {
                lines.append("  … \(count - assumptions.count) more assumed")
            }
        }
        if let explanation {
            let limit = candidates?.count
            lines += explanation.lines(listing: limit, omittedHint: " (--explain-all lists every candidate)").map {
                "  " + $0
            }
            if let rule = newSceneRule {
                let branch = rule.rule.map { "rule \($0)" } ?? "its otherwise branch"
                lines.append(
                    "  configurationForConnecting: \(branch) chose \(JSONLines.name(rule.configuration))"
                        + (rule.source.map { "  at \($0)" } ?? ""))
            }
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
