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

    /// What few decisions carry, apart: inline, they would be 104 of 168 bytes that every
    /// route initialises.
    struct Details: Sendable, Equatable {
        var explanation: RoutingExplanation?
        var assumptions: [Assumption] = []
        var assumptionCount = 0
        var newSceneChoice: NewSceneRules.Choice?
    }

    /// Details held apart. Immutable: a change makes a new one, and none when all are empty.
    final class Extras: Sendable {
        let details: Details

        init(_ details: Details) { self.details = details }
    }

    private var details: Details { fields.extras?.details ?? Details() }

    private mutating func changeDetails(_ change: (inout Details) -> Void) {
        var changed = details
        change(&changed)
        fields.extras = changed == Details() ? nil : Extras(changed)
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
        get { fields.extras?.details.explanation }
        set { changeDetails { $0.explanation = newValue } }
    }

    /// What the decision rested on that the manifest does not say (the first
    /// ``Assumption/listedPerDecision``, in session order); empty when nothing.
    public var assumptions: [Assumption] {
        get { fields.extras?.details.assumptions ?? [] }
        set { changeDetails { $0.assumptions = newValue } }
    }

    /// How many assumptions the decision rested on, listed or not.
    public var assumptionCount: Int {
        get { fields.extras?.details.assumptionCount ?? 0 }
        set { changeDetails { $0.assumptionCount = newValue } }
    }

    /// How the app delegate chose the configuration of the scene the decision creates
    /// (reason ``Reason/configurationForConnecting``).
    public var newSceneChoice: NewSceneRules.Choice? {
        get { fields.extras?.details.newSceneChoice }
        set { changeDetails { $0.newSceneChoice = newValue } }
    }

    /// Which extras the decision holds, if any: decisions sharing made-ahead extras hold the
    /// same (for tests).
    var extrasIdentity: ObjectIdentifier? { fields.extras.map(ObjectIdentifier.init) }

    /// Sets ``assumptions`` and ``assumptionCount`` together: one new set of extras, not two.
    mutating func noteAssumptions(_ listed: [Assumption], count: Int) {
        guard count != assumptionCount || listed != assumptions else { return }
        changeDetails { ($0.assumptions, $0.assumptionCount) = (listed, count) }
    }

    /// Sets ``newSceneChoice`` from extras made ahead that hold that choice alone: a decision
    /// that carries nothing else apart then shares them, allocating nothing.
    mutating func choose(_ prepared: Extras) {
        guard fields.extras != nil else {
            fields.extras = prepared
            return
        }
        newSceneChoice = prepared.details.newSceneChoice
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
            && a.budgetExceeded == b.budgetExceeded && a.details == b.details
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
