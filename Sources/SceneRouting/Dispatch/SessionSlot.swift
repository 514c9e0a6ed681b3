/// A session as the dispatch table keeps it, with its places in the ranked heaps.
struct SessionSlot: Sendable {
    var session: SceneSession
    /// Position in the session list (grows with each open): the `order` tie-break; -1 for a
    /// free slot.
    var sequence: Int
    var preferGroup: Int32 = -1
    var canGroup: Int32 = -1
    /// Index in the global heap, the prefer group's heap and the can group's heap (-1: absent).
    var positions: (global: Int32, prefer: Int32, can: Int32) = (-1, -1, -1)

    var isLive: Bool { sequence >= 0 }
}
