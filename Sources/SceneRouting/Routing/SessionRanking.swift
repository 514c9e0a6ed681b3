/// The tie-break order between sessions (``TieBreakPolicy``).
enum SessionRanking {
    /// Whether the session at `a` ranks before the one at `b` (indices into the session list).
    static func precedes(_ a: Int, _ b: Int, in sessions: [SceneSession], policy: TieBreakPolicy) -> Bool {
        switch policy {
        case .order:
            return a < b
        case .recency:
            let x = sessions[a]
            let y = sessions[b]
            if x.state.rank != y.state.rank { return x.state.rank > y.state.rank }
            if x.lastActive != y.lastActive { return x.lastActive > y.lastActive }
            return a < b
        }
    }
}
