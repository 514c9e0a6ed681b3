/// An open scene session and what routing needs to know about it.
public struct SceneSession: Sendable {
    /// Unique among the app's sessions: decisions and churn name sessions by it.
    public var id: String
    /// The name of the ``SceneDeclaration`` it was created from.
    public var declaration: String
    /// Only ``SessionRole/windowApplication`` sessions receive events.
    public var role: SessionRole
    /// The first key of the `recency` tie-break.
    public var state: ActivationState
    /// A counter that grows with each activation: larger is more recent. Manifests and
    /// timelines may state values in ``statedLastActiveRange``.
    public var lastActive: Int
    /// When this session can or prefers to handle an event.
    public var conditions: ActivationConditions

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
}
