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
