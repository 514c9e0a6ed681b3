/// A scene's activation state (`UIScene.ActivationState`).
public enum ActivationState: String, Sendable, CaseIterable, Comparable {
    case foregroundActive
    case foregroundInactive
    case background
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

    public static func < (lhs: ActivationState, rhs: ActivationState) -> Bool { lhs.rank < rhs.rank }
}
