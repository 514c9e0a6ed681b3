/// A kind of scene the app can create (a `WindowGroup`, or a scene configuration).
public struct SceneDeclaration: Sendable {
    /// Unique among the app's declarations: sessions and decisions name it.
    public var name: String
    /// `handlesExternalEvents(matching:)`: when a new scene of this kind handles an event.
    /// nil marks a default declaration.
    public var matching: ActivationPredicate?
    /// The conditions a newly created session of this kind starts with (nil: framework defaults).
    public var initialConditions: ActivationConditions?
    /// The role of its sessions: only ``SessionRole/windowApplication`` declarations get new
    /// sessions for events (an external-display configuration is never created for one).
    public var role: SessionRole
    /// `UISceneDelegateClassName` of a scene configuration.
    public var delegateClass: String?
    /// `UISceneStoryboardFile` of a scene configuration.
    public var storyboard: String?
    /// Where the app declares it (its Info.plist entry, or its SwiftUI scene).
    public var source: SourceLocation?
    /// The values its initial conditions use, as the import read them.
    public var values: [SessionValue] = []
    /// Its initial conditions that use values: each new session binds them with its own.
    public var conditionTemplates = ConditionTemplates()
    /// Its `matching`, when the app computes it in code the import could not read: routing
    /// treats the declaration as a default one, and a decision to create a scene says so
    /// (set from ``SceneApp/unresolvedConditions``).
    public internal(set) var unreadMatching: Assumption?
    /// Lint codes `check` accepts for this declaration (the manifest's `accept`).
    public var acceptedWarnings: [String] = []

    /// A declaration; without `matching` it is a default declaration.
    public init(
        name: String, matching: ActivationPredicate? = nil, initialConditions: ActivationConditions? = nil,
        role: SessionRole = .windowApplication, delegateClass: String? = nil, storyboard: String? = nil,
        source: SourceLocation? = nil
    ) {
        self.name = name
        self.matching = matching
        self.initialConditions = initialConditions
        self.role = role
        self.delegateClass = delegateClass
        self.storyboard = storyboard
        self.source = source
    }

    /// A SwiftUI `WindowGroup` with `.handlesExternalEvents(matching:)`: a new scene of this
    /// kind handles an identifier containing one of `matching` (ignoring case and
    /// diacritics); `"*"` handles every identifier.
    public init(name: String, handlesExternalEvents matching: Set<String>) {
        self.init(name: name, matching: ActivationPredicate(swiftUISet: matching.sorted()))
    }

    /// A new session of this kind, named `id`, with `values`: its initial conditions (or the
    /// framework's defaults), and its templates, which opening it binds.
    public func newSession(id: String, values: [String: String] = [:], framework: AppFramework) -> SceneSession {
        var session = SceneSession(
            id: id, declaration: name, role: role, conditions: initialConditions ?? .defaults(for: framework))
        session.values = values
        session.templates = conditionTemplates
        return session
    }
}
