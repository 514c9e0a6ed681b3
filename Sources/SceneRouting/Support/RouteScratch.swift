#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    deinit { buffer.deallocate() }

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

    /// The calling thread's scratch, created on first use.
    static var current: RouteScratch {
        let key = RouteScratchKey.shared.key
        if let raw = pthread_getspecific(key) {
            return Unmanaged<RouteScratch>.fromOpaque(raw).takeUnretainedValue()
        }
        let scratch = RouteScratch()
        let status = pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        precondition(status == 0, "pthread_setspecific failed: \(status)")
        return scratch
    }
}

/// Owns the pthread key; its destructor releases a thread's scratch when the thread ends.
private final class RouteScratchKey: Sendable {
    static let shared = RouteScratchKey()
    let key: pthread_key_t

    private init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            Unmanaged<RouteScratch>.fromOpaque(raw).release()
            #else
            if let raw { Unmanaged<RouteScratch>.fromOpaque(raw).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
    }
}
