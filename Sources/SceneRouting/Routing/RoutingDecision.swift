/// What routing decided for one event, and why.
public struct RoutingDecision: Sendable, Equatable {
    /// What the system does with the event.
    public enum Action: Sendable, Equatable {
        /// Bring this open session to the foreground.
        case activate(sessionID: String)
        /// Create a new session of this declaration (`sessionID` is set when a replay
        /// actually created it).
        case create(declaration: String, sessionID: String?)
        /// Nothing can handle the event.
        case unhandled
    }

    /// Why: the `reason` of a JSON decision record.
    public enum Reason: String, Sendable, CaseIterable {
        /// The app supports one scene only: its scene handles every event.
        case singleScene = "single-scene"
        /// The event has no identifier: the best-ranked window handles it.
        case noIdentifier = "no-identifier"
        /// A session's `prefersToActivate` matched.
        case prefers
        /// No session prefers the event; a session's `canActivate` matched.
        case can
        /// No open session matched; a declaration's `matching` did.
        case declarationMatching = "declaration-matching"
        /// Nothing matched; the first declaration without `matching` gets a new scene.
        case defaultDeclaration = "default-declaration"
        /// Nothing matched; the app delegate's `configurationForConnecting` chose the new
        /// scene's configuration (``NewSceneRules``).
        case configurationForConnecting = "configuration-for-connecting"
        /// Nothing matched and the app has no default declaration.
        case unhandled
        /// The identifier is longer than ``SceneRouter/maximumIdentifierLength`` bytes: it is
        /// refused (action ``Action/unhandled``) without evaluating any predicate.
        case identifierTooLong = "identifier-too-long"

        /// The reason a window of this strength wins for: nil for ``MatchStrength/neither``.
        package init?(winning strength: MatchStrength) {
            switch strength {
            case .prefers: self = .prefers
            case .can: self = .can
            case .neither: return nil
            }
        }
    }

    // The fields live in a struct built by its memberwise initializer: a hand-written init
    // assigning them one by one was compiled into a temporary that every route copied and
    // destroyed, retaining and releasing its strings.
    private struct Fields: Sendable {
        var identifier: String?
        var action: Action
        var reason: Reason
        var budgetExceeded: Bool
        var extras: Extras?
    }

    private var fields: Fields

    /// What few decisions carry (an explanation, assumptions, the new scene's choice), apart:
    /// inline, they would be 104 of 168 bytes that every route initialises.
    /// Immutable: a change makes a new one, and none when all are empty.
    final class Extras: Sendable {
        let explanation: RoutingExplanation?
        let assumptions: [Assumption]
        let assumptionCount: Int
        let newSceneChoice: NewSceneRules.Choice?

        init(
            explanation: RoutingExplanation? = nil, assumptions: [Assumption] = [], assumptionCount: Int = 0,
            newSceneChoice: NewSceneRules.Choice? = nil
        ) {
            self.explanation = explanation
            self.assumptions = assumptions
            self.assumptionCount = assumptionCount
            self.newSceneChoice = newSceneChoice
        }

        /// Extras holding these, or nil when all are empty.
        static func of(
            explanation: RoutingExplanation?, assumptions: [Assumption], assumptionCount: Int,
            newSceneChoice: NewSceneRules.Choice?
        ) -> Extras? {
            explanation == nil && assumptions.isEmpty && assumptionCount == 0 && newSceneChoice == nil
                ? nil
                : Extras(
                    explanation: explanation, assumptions: assumptions, assumptionCount: assumptionCount,
                    newSceneChoice: newSceneChoice)
        }
    }

    private func withExtras(
        explanation: RoutingExplanation?? = nil, assumptions: [Assumption]? = nil, assumptionCount: Int? = nil,
        newSceneChoice: NewSceneRules.Choice?? = nil
    ) -> Extras? {
        .of(
            explanation: explanation ?? self.explanation, assumptions: assumptions ?? self.assumptions,
            assumptionCount: assumptionCount ?? self.assumptionCount,
            newSceneChoice: newSceneChoice ?? self.newSceneChoice)
    }

    /// The event's target content identifier (nil: none).
    public var identifier: String? {
        get { fields.identifier }
        set { fields.identifier = newValue }
    }

    /// What happens to the event.
    public var action: Action {
        get { fields.action }
        set { fields.action = newValue }
    }

    /// Which routing rule decided.
    public var reason: Reason {
        get { fields.reason }
        set { fields.reason = newValue }
    }

    /// A regular expression hit its match budget while deciding (and counted as no match).
    public var budgetExceeded: Bool {
        get { fields.budgetExceeded }
        set { fields.budgetExceeded = newValue }
    }

    /// Present when an explanation was asked for.
    public var explanation: RoutingExplanation? {
        get { fields.extras?.explanation }
        set { fields.extras = withExtras(explanation: .some(newValue)) }
    }

    /// What the decision rested on that the manifest does not say (the first
    /// ``Assumption/listedPerDecision``, in session order); empty when nothing.
    public var assumptions: [Assumption] {
        get { fields.extras?.assumptions ?? [] }
        set { fields.extras = withExtras(assumptions: newValue) }
    }

    /// How many assumptions the decision rested on, listed or not.
    public var assumptionCount: Int {
        get { fields.extras?.assumptionCount ?? 0 }
        set { fields.extras = withExtras(assumptionCount: newValue) }
    }

    /// How the app delegate chose the configuration of the scene the decision creates
    /// (reason ``Reason/configurationForConnecting``).
    public var newSceneChoice: NewSceneRules.Choice? {
        get { fields.extras?.newSceneChoice }
        set { fields.extras = withExtras(newSceneChoice: .some(newValue)) }
    }

    /// Which extras the decision holds, if any: decisions sharing made-ahead extras hold the
    /// same (for tests).
    var extrasIdentity: ObjectIdentifier? { fields.extras.map(ObjectIdentifier.init) }

    /// Sets ``assumptions`` and ``assumptionCount`` together: one new set of extras, not two.
    mutating func noteAssumptions(_ listed: [Assumption], count: Int) {
        guard count != assumptionCount || listed != assumptions else { return }
        fields.extras = withExtras(assumptions: listed, assumptionCount: count)
    }

    /// Sets ``newSceneChoice`` from extras made ahead that hold that choice alone: a decision
    /// that carries nothing else apart then shares them, allocating nothing.
    mutating func choose(_ prepared: Extras) {
        guard fields.extras != nil else {
            fields.extras = prepared
            return
        }
        newSceneChoice = prepared.newSceneChoice
    }

    /// A decision, as the routers make them.
    public init(
        identifier: String?, action: Action, reason: Reason, budgetExceeded: Bool = false,
        explanation: RoutingExplanation? = nil
    ) {
        fields = Fields(identifier: identifier, action: action, reason: reason, budgetExceeded: budgetExceeded)
        if let explanation { self.explanation = explanation }
    }

    /// Equal when every field is, whether or not the rarely set ones are held apart.
    public static func == (a: RoutingDecision, b: RoutingDecision) -> Bool {
        a.identifier == b.identifier && a.action == b.action && a.reason == b.reason
            && a.budgetExceeded == b.budgetExceeded && a.explanation == b.explanation && a.assumptions == b.assumptions
            && a.assumptionCount == b.assumptionCount && a.newSceneChoice == b.newSceneChoice
    }
}

extension RoutingDecision: CustomStringConvertible {
    /// One line: `"mail.inbox" → activate main-1 (prefers)`, `"x" → create Compose as new-1
    /// (declaration-matching)`, `no identifier → unhandled (unhandled)`. The identifier is in
    /// JSON string syntax, so quotes and control characters in it cannot be misread.
    public var description: String {
        let subject = identifier.map(JSONStringLiteral.quoted) ?? "no identifier"
        let outcome: String
        switch action {
        case .activate(let sessionID): outcome = "activate \(sessionID)"
        case .create(let declaration, let sessionID?): outcome = "create \(declaration) as \(sessionID)"
        case .create(let declaration, nil): outcome = "create \(declaration)"
        case .unhandled: outcome = "unhandled"
        }
        return "\(subject) → \(outcome) (\(reason.rawValue))"
            + (budgetExceeded ? " [a regex hit its match budget]" : "")
    }
}
