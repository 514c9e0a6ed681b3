/// An open scene session and what routing needs to know about it.
public struct SceneSession: Sendable {
    public var id: String
    /// The name of the ``SceneDeclaration`` it was created from.
    public var declaration: String
    public var role: SessionRole
    public var state: ActivationState
    /// A counter that grows with each activation: larger is more recent. Manifests and
    /// timelines may state values in ``statedLastActiveRange``.
    public var lastActive: Int
    public var conditions: ActivationConditions

    /// The `lastActive` values a manifest or timeline may state: the integers a JSON number
    /// holds exactly (±(2⁵³ − 1)). Replaying adds one per activation, which this leaves
    /// room for beyond any timeline's length.
    public static let statedLastActiveRange = -9_007_199_254_740_991...9_007_199_254_740_991

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
}
