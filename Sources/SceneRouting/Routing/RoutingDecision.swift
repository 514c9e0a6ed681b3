/// What routing decided for one event, and why.
public struct RoutingDecision: Sendable, Equatable {
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
        case singleScene = "single-scene"
        case noIdentifier = "no-identifier"
        case prefers
        case can
        case declarationMatching = "declaration-matching"
        case defaultDeclaration = "default-declaration"
        case unhandled
        /// The identifier is longer than ``SceneRouter/maximumIdentifierLength`` bytes: it is
        /// refused (action ``Action/unhandled``) without evaluating any predicate.
        case identifierTooLong = "identifier-too-long"
    }

    /// The event's target content identifier (nil: none).
    public var identifier: String?
    public var action: Action
    public var reason: Reason
    /// A regular expression hit its match budget while deciding (and counted as no match).
    public var budgetExceeded: Bool = false
    /// Present when an explanation was asked for.
    public var explanation: RoutingExplanation?

    public init(identifier: String?, action: Action, reason: Reason, budgetExceeded: Bool = false,
                explanation: RoutingExplanation? = nil) {
        self.identifier = identifier
        self.action = action
        self.reason = reason
        self.budgetExceeded = budgetExceeded
        self.explanation = explanation
    }
}

/// The sessions that competed for an event, best first.
public struct RoutingExplanation: Sendable, Equatable {
    public struct Candidate: Sendable, Equatable {
        public var sessionID: String
        /// 2 prefers, 1 can, 0 neither; nil when predicates were not evaluated (no identifier,
        /// single-scene app).
        public var score: Int?
        public var state: ActivationState
        public var lastActive: Int
    }

    /// At most ``RoutingExplanation/limit`` candidates, in the order routing ranks them.
    public var candidates: [Candidate]
    /// How many sessions routing examined.
    public var considered: Int

    /// How many candidates an explanation lists.
    public static let limit = 5
}
