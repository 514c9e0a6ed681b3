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
    /// Values to bind (added to the session's, replacing those of the same name); its
    /// templates are bound again with them.
    public var values: [String: String]?
    /// New conditions that use values.
    public var templates = ConditionTemplates()

    /// An update of session `id`; fields left nil keep their value.
    public init(
        id: String, state: ActivationState? = nil, lastActive: Int? = nil, role: SessionRole? = nil,
        canActivate: ActivationPredicate? = nil, prefersToActivate: ActivationPredicate? = nil,
        values: [String: String]? = nil
    ) {
        self.values = values
        self.id = id
        self.state = state
        self.lastActive = lastActive
        self.role = role
        self.canActivate = canActivate
        self.prefersToActivate = prefersToActivate
    }

    /// Whether it changes what the session's conditions are (stated conditions, templates or
    /// values).
    public var changesConditions: Bool {
        canActivate != nil || prefersToActivate != nil || !templates.isEmpty || values != nil
    }

    /// Applies the update to `session` (binding its templates is the opener's part:
    /// ``SceneSession/bindTemplates(bundleIdentifier:)``).
    public func apply(to session: inout SceneSession) {
        if let state { session.state = state }
        if let lastActive { session.lastActive = lastActive }
        if let role { session.role = role }
        if let canActivate {
            session.conditions.canActivate = canActivate
            session.templates.canActivate = nil
        }
        if let prefersToActivate {
            session.conditions.prefersToActivate = prefersToActivate
            session.templates.prefersToActivate = nil
        }
        if let template = templates.canActivate { session.templates.canActivate = template }
        if let template = templates.prefersToActivate { session.templates.prefersToActivate = template }
        if let values { session.values.merge(values) { _, new in new } }
    }
}
