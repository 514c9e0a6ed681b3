/// What routing reads of a group, side by side in 40 bytes: its best session, that
/// session's rank (whether the group could win costs one load and no predicate evaluation)
/// and, for single-literal predicates, the check that verifies an index hit.
struct GroupHead: Sendable, BitwiseCopyable {
    var rank: RankKey
    /// The best session's slot; -1 for an empty group.
    var top: Int32
    var check: ASCIICheck

    static let unranked = RankKey(lastActive: 0, sequence: 0, state: 0)
}
