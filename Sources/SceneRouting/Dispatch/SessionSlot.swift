/// A session as the dispatch table keeps it, with its place in the global heap.
struct SessionSlot: Sendable {
    var session: SceneSession
    /// Position in the session list (grows with each open): the `order` tie-break; -1 for a
    /// free slot.
    var sequence: Int
    /// Index in the global heap of window sessions (-1: absent). Group memberships live in
    /// the tiers (``PredicateTier``).
    var globalPosition: Int32 = -1

    var isLive: Bool { sequence >= 0 }
}
