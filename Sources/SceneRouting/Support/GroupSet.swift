/// A set of group numbers for one route: open addressing over a power-of-two table that
/// only grows, emptied by clearing just the slots in use.
final class GroupSet {
    /// A power-of-two count of slots, -1 where empty.
    @exclusivity(unchecked) private var slots: OwnedBuffer<Int32>
    private var used: [Int] = []

    init(capacity: Int = 64) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "a group set's capacity is a power of two")
        slots = OwnedBuffer(repeating: -1, capacity: capacity)
    }

    private func home(of group: Int32) -> Int {
        // Fibonacci hashing: consecutive group numbers land far apart.
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: group)) &* Hashing.golden) >> 32) & (slots.capacity - 1)
    }

    func contains(_ group: Int32) -> Bool {
        var index = home(of: group)
        while true {
            let value = slots[index]
            if value == group { return true }
            if value < 0 { return false }
            index = (index + 1) & (slots.capacity - 1)
        }
    }

    /// Adds `group` (negative numbers are not groups).
    func insert(_ group: Int32) {
        precondition(group >= 0, "a group number is never negative")
        if (used.count + 1) * 2 > slots.capacity { grow() }
        var index = home(of: group)
        while slots[index] >= 0 {
            if slots[index] == group { return }
            index = (index + 1) & (slots.capacity - 1)
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
        slots = OwnedBuffer(repeating: -1, capacity: slots.capacity * 2)
        used.removeAll(keepingCapacity: true)
        for group in groups { insert(group) }
    }
}
