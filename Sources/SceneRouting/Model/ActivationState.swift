/// A scene's activation state (`UIScene.ActivationState`).
public enum ActivationState: String, Sendable, CaseIterable, Comparable {
    /// On screen and receiving input: the key window.
    case foregroundActive
    /// On screen, not receiving input (another window is key, or an alert is up).
    case foregroundInactive
    /// Off screen but still connected.
    case background
    /// Disconnected from its session, which the system keeps for later.
    case unattached

    /// The recency tie-break rank: 3 for foregroundActive down to 0 for unattached.
    public var rank: Int {
        switch self {
        case .foregroundActive: 3
        case .foregroundInactive: 2
        case .background: 1
        case .unattached: 0
        }
    }

    /// Orders states by ``rank``: unattached first, foregroundActive last.
    public static func < (lhs: ActivationState, rhs: ActivationState) -> Bool { lhs.rank < rhs.rank }
}
