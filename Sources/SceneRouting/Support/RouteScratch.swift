import CMemoryHints
import PCRE2Support

/// Per-thread memory for one route: an identifier's key folds (``Subject/keyFold(_:)``) and
/// the groups a route found false beyond the few ``FailedGroups`` holds inline. Grown on
/// demand and kept for the thread's next route, so routes allocate nothing for them;
/// released when the thread ends. One subject borrows the fold buffer at a time.
final class RouteScratch {
    private var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 10)
    private var borrowed = false
    /// Group sets by nesting depth: only the first is used while routes on a thread do not
    /// nest, but a nested one gets a set of its own that stays alive here.
    private var groupSets: [GroupSet] = []
    private var groupSetsBorrowed = 0

    deinit {
        buffer.deallocate()
        // The key releases a thread's scratch on that thread as it ends: its slot must not
        // outlive it.
        if scene_router_route_scratch() == Unmanaged.passUnretained(self).toOpaque() {
            scene_router_set_route_scratch(nil)
        }
    }

    /// At least `capacity` bytes until ``giveBack()``, or nil while another subject on this
    /// thread holds them.
    func borrow(capacity: Int) -> UnsafeMutablePointer<UInt8>? {
        guard !borrowed else { return nil }
        if buffer.count < capacity {
            buffer.deallocate()
            buffer = .allocate(capacity: max(capacity, buffer.count * 2))
        }
        borrowed = true
        return buffer.baseAddress!
    }

    func giveBack() {
        borrowed = false
    }

    /// An empty group set, kept alive by this scratch, until ``giveBackGroupSet()``.
    func borrowGroupSet() -> GroupSet {
        if groupSetsBorrowed == groupSets.count { groupSets.append(GroupSet()) }
        groupSetsBorrowed += 1
        return groupSets[groupSetsBorrowed - 1]
    }

    /// Hands back the set borrowed last.
    func giveBackGroupSet() {
        precondition(groupSetsBorrowed > 0, "no group set is borrowed")
        groupSetsBorrowed -= 1
    }

    private static let key = ThreadLocalKey<RouteScratch>()

    /// The calling thread's scratch, created on first use and released when the thread ends.
    static var current: RouteScratch { currentUnmanaged.takeUnretainedValue() }

    /// ``current`` without a retain: the thread's key holds it until the thread ends.
    @inline(__always)
    static var currentUnmanaged: Unmanaged<RouteScratch> {
        if let cached = scene_router_route_scratch() { return Unmanaged.fromOpaque(cached) }
        return makeCurrent()
    }

    @inline(never)
    private static func makeCurrent() -> Unmanaged<RouteScratch> {
        let scratch = Unmanaged.passUnretained(key.object { RouteScratch() })
        scene_router_set_route_scratch(scratch.toOpaque())
        return scratch
    }
}
