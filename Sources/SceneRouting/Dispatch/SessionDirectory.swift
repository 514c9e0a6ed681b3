/// Session ids to their slots: open addressing over 8-byte entries, each the upper half of
/// the id's hash and the slot, with the id itself read from the slot to confirm a match. The
/// slot already holds the id; a Swift dictionary would hold a second copy (16 bytes, and its
/// storage) in every entry.
///
/// Ids are hashed and compared as Swift strings (`hashValue`, `==`): canonically equivalent
/// ids are the same id, as in every other part of the package, and the hash is seeded per
/// process, so no set of ids can be chosen to collide.
final class SessionDirectory {
    /// 0 empty, 1 deleted, else `tag << 32 | slot` with a nonzero tag. The tag places the
    /// entry too (its low bits index the table), so growing needs no id.
    private var entries: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    /// Live and deleted entries: what the load factor counts.
    private var used = 0
    private(set) var count = 0
    private let slots: TableArray<SessionSlot>

    /// A directory of the ids held by `slots`.
    init(slots: TableArray<SessionSlot>) {
        self.slots = slots
        capacity = 16
        entries = LargeAllocation.allocateZeroed(UInt64.self, capacity: capacity)
    }

    deinit {
        LargeAllocation.deallocate(entries, capacity: capacity)
    }

    /// The tag's top bit is set so that it is never zero; its low bits, which choose the home
    /// position, stay the hash's own (any fixed low bit would leave half the positions unused
    /// as homes and lengthen every probe).
    @inline(__always)
    private static func tag(of id: String) -> UInt32 {
        UInt32(truncatingIfNeeded: UInt(bitPattern: id.hashValue) >> 16) | 0x8000_0000
    }

    @inline(__always)
    private static func tag(ofEntry entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 32) }

    @inline(__always)
    private static func slot(ofEntry entry: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: entry)) }

    /// The position of `id`'s live entry, if any.
    private func position(of id: String, tag: UInt32) -> Int? {
        let mask = capacity - 1
        var index = Int(tag) & mask
        while true {
            let entry = entries[index]
            if entry == 0 { return nil }
            if entry > 1 && Self.tag(ofEntry: entry) == tag && slots[Int(Self.slot(ofEntry: entry))].id == id {
                return index
            }
            index = (index + 1) & mask
        }
    }

    /// The slot of the session with `id`, if one is filed.
    func slot(of id: String) -> Int32? {
        position(of: id, tag: Self.tag(of: id)).map { Self.slot(ofEntry: entries[$0]) }
    }

    func contains(_ id: String) -> Bool { slot(of: id) != nil }

    /// Files `slot` under its session's id unless another slot has that id; returns whether it did.
    @discardableResult
    func insert(_ slot: Int32) -> Bool {
        let id = slots[Int(slot)].id
        let tag = Self.tag(of: id)
        guard position(of: id, tag: tag) == nil else { return false }
        if (used + 1) * 10 > capacity * 7 { grow(to: count * 2 > capacity / 2 ? capacity * 2 : capacity) }
        let mask = capacity - 1
        var index = Int(tag) & mask
        while entries[index] > 1 { index = (index + 1) & mask }
        if entries[index] == 0 { used += 1 }
        entries[index] = UInt64(tag) << 32 | UInt64(UInt32(bitPattern: slot))
        count += 1
        return true
    }

    /// Removes `id`'s entry (its slot must still hold the id); returns the slot it had.
    func remove(_ id: String) -> Int32? {
        guard let index = position(of: id, tag: Self.tag(of: id)) else { return nil }
        let slot = Self.slot(ofEntry: entries[index])
        entries[index] = 1
        count -= 1
        return slot
    }

    /// Room for `ids` ids without growing.
    func reserveCapacity(_ ids: Int) {
        var target = capacity
        while ids * 10 > target * 7 { target *= 2 }
        if target > capacity { grow(to: target) }
    }

    /// Rewrites the live entries into a table of `newCapacity` (dropping deleted ones).
    private func grow(to newCapacity: Int) {
        let (old, oldCapacity) = (entries, capacity)
        entries = LargeAllocation.allocateZeroed(UInt64.self, capacity: newCapacity)
        capacity = newCapacity
        used = 0
        let mask = newCapacity - 1
        for position in 0..<oldCapacity where old[position] > 1 {
            var index = Int(Self.tag(ofEntry: old[position])) & mask
            while entries[index] != 0 { index = (index + 1) & mask }
            entries[index] = old[position]
            used += 1
        }
        LargeAllocation.deallocate(old, capacity: oldCapacity)
    }

    /// Bytes reserved.
    var approximateBytes: Int { capacity * 8 }
}
