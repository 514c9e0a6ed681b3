/// An open scene session and what routing needs to know about it.
public struct SceneSession: Sendable {
    /// Unique among the app's sessions: decisions and churn name sessions by it.
    public var id: String
    /// The name of the ``SceneDeclaration`` it was created from.
    public var declaration: String
    /// Only ``SessionRole/windowApplication`` sessions receive events.
    public var role: SessionRole
    /// A counter that grows with each activation: larger is more recent. Manifests and
    /// timelines may state values in ``statedLastActiveRange``.
    public var lastActive: Int
    /// When this session can or prefers to handle an event.
    public var conditions: ActivationConditions
    /// Its conditions that use values; opening the session binds them into ``conditions``.
    public var templates = ConditionTemplates() {
        didSet { needsBinding = !templates.isEmpty }
    }
    /// The first key of the `recency` tie-break. Stored after the wider fields, in the room
    /// their alignment leaves.
    public var state: ActivationState
    /// Whether ``templates`` or ``values`` changed since the templates were last bound: a
    /// session bound once (by the loader) is not bound again by the table that opens it.
    var needsBinding = false
    /// What few sessions have (values, assumptions, accepted warnings), apart: a million
    /// sessions without them do not each carry the 24 bytes they take (the record is 112
    /// bytes). Immutable: a change makes a new one, and none when all are empty.
    private var extras: Extras?

    private final class Extras: Sendable {
        let values: [String: String]
        let assumptions: [Assumption]
        let acceptedWarnings: [String]

        private init(values: [String: String], assumptions: [Assumption], acceptedWarnings: [String]) {
            self.values = values
            self.assumptions = assumptions
            self.acceptedWarnings = acceptedWarnings
        }

        /// Extras holding these, or nil when all are empty.
        static func of(values: [String: String], assumptions: [Assumption], acceptedWarnings: [String]) -> Extras? {
            values.isEmpty && assumptions.isEmpty && acceptedWarnings.isEmpty
                ? nil : Extras(values: values, assumptions: assumptions, acceptedWarnings: acceptedWarnings)
        }
    }

    /// The values its conditions use (``ValueTemplate``), by name: `{"windowId": "W1"}`.
    /// `persistentIdentifier` defaults to ``id``.
    public var values: [String: String] {
        get { extras?.values ?? [:] }
        set {
            extras = .of(values: newValue, assumptions: assumptions, acceptedWarnings: acceptedWarnings)
            needsBinding = !templates.isEmpty
        }
    }
    /// Its conditions routing does not know and replaces with the default: those whose values
    /// it does not bind (set when its templates are bound).
    public internal(set) var assumptions: [Assumption] {
        get { extras?.assumptions ?? [] }
        set { extras = .of(values: values, assumptions: newValue, acceptedWarnings: acceptedWarnings) }
    }
    /// Lint codes `check` accepts for this session (the manifest's `accept`).
    public var acceptedWarnings: [String] {
        get { extras?.acceptedWarnings ?? [] }
        set { extras = .of(values: values, assumptions: assumptions, acceptedWarnings: newValue) }
    }

    /// The `lastActive` values a manifest or timeline may state: the integers a JSON number
    /// holds exactly (±(2⁵³ − 1)). Replaying adds one per activation, which this leaves
    /// room for beyond any timeline's length.
    public static let statedLastActiveRange = -9_007_199_254_740_991...9_007_199_254_740_991

    /// A session; its role defaults to an application window in the background.
    public init(
        id: String, declaration: String, role: SessionRole = .windowApplication, state: ActivationState = .background,
        lastActive: Int = 0, conditions: ActivationConditions
    ) {
        self.id = id
        self.declaration = declaration
        self.role = role
        self.state = state
        self.lastActive = lastActive
        self.conditions = conditions
    }

    /// The values its templates are bound with: its own, `persistentIdentifier` (its id unless
    /// it binds one) and `bundleIdentifier` (the app's, when known).
    public func boundValues(bundleIdentifier: String?) -> [String: String] {
        var bound = values
        if bound["persistentIdentifier"] == nil { bound["persistentIdentifier"] = id }
        if bound["bundleIdentifier"] == nil, let bundleIdentifier { bound["bundleIdentifier"] = bundleIdentifier }
        return bound
    }

    /// Binds ``templates`` into ``conditions``. A condition whose values are not all bound,
    /// or that does not compile once bound, keeps what ``conditions`` held (the framework's
    /// default for a new window); its problem is returned.
    @discardableResult
    public mutating func bindTemplates(bundleIdentifier: String?) -> [Assumption] {
        needsBinding = false
        guard !templates.isEmpty else {
            assumptions = []
            return []
        }
        // Gathered here and stored once: each store makes the session's extras anew.
        var assumptions: [Assumption] = []
        defer { self.assumptions = assumptions }
        let bound = boundValues(bundleIdentifier: bundleIdentifier)
        func bind(_ template: ConditionTemplate?, _ name: String, current: ActivationPredicate) -> ActivationPredicate?
        {
            guard let template else { return nil }
            let reason: String
            do {
                if let predicate = try template.predicate(with: bound) { return predicate }
                let missing = template.valueNames.filter { bound[$0] == nil }
                reason = "uses \(missing.map { "${\($0)}" }.joined(separator: ", ")), which '\(id)' does not bind"
            } catch {
                reason = "does not compile with the values of '\(id)': \(error.message)"
            }
            assumptions.append(
                Assumption(
                    session: id, declaration: declaration, condition: name, used: current.format, reason: reason,
                    source: template.source))
            return nil
        }
        if let predicate = bind(templates.canActivate, "canActivate", current: conditions.canActivate) {
            conditions.canActivate = predicate
        }
        if let predicate = bind(templates.prefersToActivate, "prefersToActivate", current: conditions.prefersToActivate)
        {
            conditions.prefersToActivate = predicate
        }
        // A condition the import could not read, still the default in its place.
        for unread in templates.unread {
            let current = unread.condition == "canActivate" ? conditions.canActivate : conditions.prefersToActivate
            let template = unread.condition == "canActivate" ? templates.canActivate : templates.prefersToActivate
            guard template == nil, current.format == unread.used, current.arguments.isEmpty else { continue }
            var assumed = unread
            assumed.session = id
            assumed.declaration = declaration
            assumptions.append(assumed)
        }
        return assumptions
    }
}
