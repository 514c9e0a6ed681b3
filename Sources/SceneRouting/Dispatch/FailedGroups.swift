/// The groups whose predicate was found false during one route of one tier, so that a group
/// the literal index finds at many positions of an identifier (a gram it repeats) is
/// evaluated once, not once per position: without this, an identifier repeating a gram
/// n/8 times costs n/8 evaluations over all n bytes of it.
///
/// The first eight are held inline and compared at once; beyond that they go to the
/// thread's ``GroupSet``, borrowed from ``RouteScratch`` on first need and handed back by
/// ``release()``. Nothing is allocated unless a route fails more than eight groups, and then
/// only while the thread's set grows to its largest route.
struct FailedGroups {
    private var recent = SIMD8<Int32>(repeating: -1)
    private var count = 0
    /// Unmanaged so that holding it costs the probe loops no reference counting; the
    /// thread's scratch keeps it alive.
    private var overflow: Unmanaged<GroupSet>?

    @inline(__always)
    func contains(_ group: Int32) -> Bool {
        guard count > 0 else { return false }
        if any(recent .== SIMD8(repeating: group)) { return true }
        guard count > 8, let overflow else { return false }
        return overflow.takeUnretainedValue().contains(group)
    }

    /// Records `group`, which is not yet recorded.
    mutating func insert(_ group: Int32) {
        if count < 8 {
            recent[count] = group
        } else {
            if overflow == nil { overflow = Unmanaged.passUnretained(RouteScratch.current.borrowGroupSet()) }
            overflow!.takeUnretainedValue().insert(group)
        }
        count += 1
    }

    /// Empties and hands back the thread's set, if this route borrowed it.
    mutating func release() {
        guard let overflow else { return }
        overflow.takeUnretainedValue().removeAll()
        RouteScratch.current.giveBackGroupSet()
        self.overflow = nil
    }
}

/// A set of group numbers for one route: open addressing over a power-of-two table that
/// only grows, emptied by clearing just the slots in use.
final class GroupSet {
    private var slots: UnsafeMutableBufferPointer<Int32>
    private var used: [Int] = []

    init(capacity: Int = 64) {
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: -1)
    }

    deinit { slots.deallocate() }

    private func home(of group: Int32) -> Int {
        // Fibonacci hashing: consecutive group numbers land far apart.
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: group)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
    }

    func contains(_ group: Int32) -> Bool {
        var index = home(of: group)
        while true {
            let value = slots[index]
            if value == group { return true }
            if value < 0 { return false }
            index = (index + 1) & (slots.count - 1)
        }
    }

    /// Adds `group` (negative numbers are not groups).
    func insert(_ group: Int32) {
        precondition(group >= 0, "a group number is never negative")
        if (used.count + 1) * 2 > slots.count { grow() }
        var index = home(of: group)
        while slots[index] >= 0 {
            if slots[index] == group { return }
            index = (index + 1) & (slots.count - 1)
        }
        slots[index] = group
        used.append(index)
    }

    func removeAll() {
        for index in used { slots[index] = -1 }
        used.removeAll(keepingCapacity: true)
    }

    private func grow() {
        let groups = used.map { slots[$0] }
        slots.deallocate()
        slots = .allocate(capacity: slots.count * 2)
        slots.initialize(repeating: -1)
        used.removeAll(keepingCapacity: true)
        for group in groups { insert(group) }
    }
}
