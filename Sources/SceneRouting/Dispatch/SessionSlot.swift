/// A session as the dispatch table keeps it, with its places in the ranked heaps.
struct SessionSlot: Sendable {
    var session: SceneSession
    /// Position in the session list (grows with each open): the `order` tie-break.
    var sequence: Int
    var preferGroup: Int32 = -1
    var canGroup: Int32 = -1
    /// Index in the global heap, the prefer group's heap and the can group's heap (-1: absent).
    var positions: (global: Int32, prefer: Int32, can: Int32) = (-1, -1, -1)

    var isLive: Bool { sequence >= 0 }

    /// Whether this session ranks before `other` under `policy` (SEMANTICS §4).
    @inline(__always)
    func ranksBefore(_ other: SessionSlot, policy: TieBreakPolicy) -> Bool {
        if policy == .recency {
            let (x, y) = (session.state.rank, other.session.state.rank)
            if x != y { return x > y }
            if session.lastActive != other.session.lastActive { return session.lastActive > other.session.lastActive }
        }
        return sequence < other.sequence
    }
}

/// Which of a session's three heaps an operation concerns.
enum HeapKind: Sendable {
    case global, prefer, can
}
