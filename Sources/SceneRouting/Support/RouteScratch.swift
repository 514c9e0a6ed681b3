import CMemoryHints
import PCRE2Support

/// Per-thread memory for routes: the rooms subjects fold identifiers into (``Subject``) and
/// the groups a route found false beyond the few ``FailedGroups`` holds inline. Grown on
/// demand and kept for the thread's next route, so routes allocate nothing for them;
/// released when the thread ends.
///
/// Both are lent by nesting depth: routes on a thread do not nest, so only the first of each
/// is used, but an evaluation inside another's gets one of its own that stays alive here.
/// What is lent last is given back first.
final class RouteScratch {
    /// Bytes a subject folds its identifier into, and the pattern forms it leaves to
    /// Foundation.
    final class FoldRoom {
        @exclusivity(unchecked) private(set) var bytes = OwnedBuffer<UInt8>(uninitializedCapacity: 1 << 10)
        /// Pattern forms Foundation made (non-ASCII identifiers only), by folding mode (its
        /// raw value: modes belong to a layer above this one); emptied when the room is given
        /// back, so no string outlives its route.
        var patternForms: [Int: String] = [:]

        fileprivate func reserve(_ capacity: Int) {
            if bytes.capacity < capacity {
                bytes = OwnedBuffer(uninitializedCapacity: max(capacity, bytes.capacity * 2))
            }
        }
    }

    private var foldRooms: [FoldRoom] = []
    private var foldRoomsLent = 0
    private var groupSets: [GroupSet] = []
    private var groupSetsLent = 0

    /// A room of at least `capacity` bytes, kept alive by this scratch; its bytes stay where
    /// they are until ``giveBackFoldRoom()``.
    func borrowFoldRoom(capacity: Int) -> Unmanaged<FoldRoom> {
        if foldRoomsLent == foldRooms.count { foldRooms.append(FoldRoom()) }
        let room = foldRooms[foldRoomsLent]
        room.reserve(capacity)
        foldRoomsLent += 1
        return Unmanaged.passUnretained(room)
    }

    /// Hands back the room borrowed last.
    func giveBackFoldRoom() {
        precondition(foldRoomsLent > 0, "no fold room is borrowed")
        foldRoomsLent -= 1
        let room = foldRooms[foldRoomsLent]
        if !room.patternForms.isEmpty { room.patternForms.removeAll(keepingCapacity: true) }
    }

    /// An empty group set, kept alive by this scratch, until ``giveBackGroupSet()``.
    func borrowGroupSet() -> GroupSet {
        if groupSetsLent == groupSets.count { groupSets.append(GroupSet()) }
        groupSetsLent += 1
        return groupSets[groupSetsLent - 1]
    }

    /// Hands back the set borrowed last.
    func giveBackGroupSet() {
        precondition(groupSetsLent > 0, "no group set is borrowed")
        groupSetsLent -= 1
    }

    private static let key = ThreadLocalKey<RouteScratch>(kind: SCENE_ROUTER_ROUTE_SCRATCH)

    /// The calling thread's scratch, created on first use and released when the thread ends.
    static var current: RouteScratch { currentUnmanaged.takeUnretainedValue() }

    /// ``current`` without a retain: the thread's key holds it until the thread ends. Read
    /// from the thread's cache slot here rather than through the key, whose lazy global
    /// would cost every non-ASCII route a once-check.
    @inline(__always)
    static var currentUnmanaged: Unmanaged<RouteScratch> {
        if let cached = scene_router_thread_object(SCENE_ROUTER_ROUTE_SCRATCH) { return Unmanaged.fromOpaque(cached) }
        return makeCurrent()
    }

    @inline(never)
    private static func makeCurrent() -> Unmanaged<RouteScratch> {
        Unmanaged.passUnretained(key.object { RouteScratch() })
    }
}
