/// A session as the dispatch table keeps it, in 48 bytes: the fields routing and ranking read
/// in place, with its declaration and role as positions in the table's name lists
/// (``InternedNames``) rather than strings of their own. Its activation conditions are not
/// here: a window's are its groups' predicates in the two tiers, which hold them anyway,
/// and the table keeps the few other sessions' beside the slots.
struct SessionSlot: Sendable {
    /// Unique among live slots; first, so a route reads the winner's id at offset 0.
    var id: String
    var lastActive: Int
    /// Position in the session list (grows with each open): the `order` tie-break; -1 for a
    /// free slot.
    var sequence: Int
    /// Index in the global heap of window sessions (-1: absent). Group memberships live in
    /// the tiers (``PredicateTier``).
    var globalPosition: Int32 = -1
    /// Position in the table's declaration names.
    var declaration: UInt32
    /// Position in the table's roles; ``windowRole`` for the sessions that receive events.
    var role: UInt32
    var state: ActivationState

    /// The position of ``SessionRole/windowApplication`` in every table's role list.
    static let windowRole: UInt32 = 0

    init(_ session: SceneSession, sequence: Int, declaration: UInt32, role: UInt32) {
        id = session.id
        lastActive = session.lastActive
        self.sequence = sequence
        self.declaration = declaration
        self.role = role
        state = session.state
    }

    var isLive: Bool { sequence >= 0 }
    var receivesEvents: Bool { role == Self.windowRole }
}

/// A session's place in the tie-break order (``TieBreakPolicy``), compact so that comparing two
/// sessions reads 24 bytes (its stride) instead of their whole records.
struct RankKey: Sendable, BitwiseCopyable {
    var lastActive: Int
    /// Position in the session list (grows with each open): the `order` tie-break.
    var sequence: Int
    /// ``ActivationState/rank``: higher is more active.
    var state: UInt8

    /// Whether this session ranks before `other`: by activation state, then recency, then
    /// list order under `recency`; by list order alone under `order`.
    @inline(__always)
    func ranksBefore(_ other: RankKey, recency: Bool) -> Bool {
        if recency {
            if state != other.state { return state > other.state }
            if lastActive != other.lastActive { return lastActive > other.lastActive }
        }
        return sequence < other.sequence
    }
}
