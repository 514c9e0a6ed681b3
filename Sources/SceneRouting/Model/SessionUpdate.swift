/// A change to an open session (``SceneRouter/update(_:)``, a timeline's `update` line):
/// its state, activation counter, role or conditions; nil leaves a field as it is.
public struct SessionUpdate: Sendable {
    /// The session to change.
    public var id: String
    /// The new activation state.
    public var state: ActivationState?
    /// The new activation counter.
    public var lastActive: Int?
    /// The new role.
    public var role: SessionRole?
    /// The new `canActivate` condition.
    public var canActivate: ActivationPredicate?
    /// The new `prefersToActivate` condition.
    public var prefersToActivate: ActivationPredicate?

    /// An update of session `id`; fields left nil keep their value.
    public init(
        id: String, state: ActivationState? = nil, lastActive: Int? = nil, role: SessionRole? = nil,
        canActivate: ActivationPredicate? = nil, prefersToActivate: ActivationPredicate? = nil
    ) {
        self.id = id
        self.state = state
        self.lastActive = lastActive
        self.role = role
        self.canActivate = canActivate
        self.prefersToActivate = prefersToActivate
    }

    /// Applies the update to `session`.
    public func apply(to session: inout SceneSession) {
        if let state { session.state = state }
        if let lastActive { session.lastActive = lastActive }
        if let role { session.role = role }
        if let canActivate { session.conditions.canActivate = canActivate }
        if let prefersToActivate { session.conditions.prefersToActivate = prefersToActivate }
    }
}
