/// The groups of a small tier that can beat its always groups: those whose best session
/// ranks before the best always-group session (every ranked group, when no always group has
/// a session), best first, when there are at most ``capacity`` of them.
///
/// A route verifies these few directly instead of probing the literal index, whose set-up
/// alone costs more than a few verifications. Apps where most windows can take anything
/// (`TRUEPREDICATE`) and a few specific ones rank above them are common: a probe there would
/// compare or hash every key to find groups that cannot win.
///
/// Kept only while the tier has at most ``groupLimit`` groups (freed ones, kept for reuse,
/// included), recomputed after each change (a pass over the groups), and made unknown by
/// every change until then: a route that finds it unknown probes the index as before, so a
/// change that is not followed by a recomputation costs speed, never a wrong answer.
struct TierContenders {
    /// Contenders at most: each costs a route a verification.
    static let capacity = 4
    /// Groups at most in a tier that keeps the list: recomputing it visits every group.
    static let groupLimit = 64

    private var groups: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    /// -1 while unknown (too many contenders or groups, or not computed).
    private var storedCount: Int8 = -1

    /// No list: routes probe the index.
    static let unknown = TierContenders()

    /// Whether the list is known (else routes probe the index).
    var isKnown: Bool { storedCount >= 0 }

    /// Whether the list is known and holds no group.
    var isEmpty: Bool { storedCount == 0 }

    /// An empty, known list, filled by ``insert(_:ranksBefore:)``.
    static var empty: TierContenders {
        var list = TierContenders()
        list.storedCount = 0
        return list
    }

    /// Adds `group` after every contender that `ranksBefore` says ranks before it; false when
    /// the list is full (it is then unknown).
    mutating func insert(_ group: Int32, ranksBefore: (Int32, Int32) -> Bool) -> Bool {
        guard storedCount >= 0, Int(storedCount) < Self.capacity else {
            storedCount = -1
            return false
        }
        let count = Int(storedCount)
        withUnsafeMutableBytes(of: &groups) { raw in
            let slots = raw.bindMemory(to: Int32.self)
            var position = count
            while position > 0 && ranksBefore(group, slots[position - 1]) {
                slots[position] = slots[position - 1]
                position -= 1
            }
            slots[position] = group
        }
        storedCount += 1
        return true
    }

    /// Calls `body` with each contender, in order.
    @inline(__always)
    func forEach(_ body: (Int32) -> Void) {
        let count = Int(storedCount)
        if count > 0 { body(groups.0) }
        if count > 1 { body(groups.1) }
        if count > 2 { body(groups.2) }
        if count > 3 { body(groups.3) }
    }
}
