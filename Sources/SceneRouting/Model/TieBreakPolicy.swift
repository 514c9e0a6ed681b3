/// How equally scored sessions are ordered (Apple documents no rule).
public enum TieBreakPolicy: String, Sendable, CaseIterable {
    /// Higher activation state first (foregroundActive > foregroundInactive > background >
    /// unattached), then larger `lastActive`, then earlier position in the session list.
    case recency
    /// Earlier position in the session list only.
    case order
}
