/// Session ids to their slots: open addressing over 8-byte entries, each the upper half of
/// the id's hash and the slot, with the id itself read from the slot to confirm a match. The
/// slot already holds the id; a Swift dictionary would hold a second copy (16 bytes, and its
/// storage) in every entry.
///
/// Ids are hashed and compared as Swift strings (`hashValue`, `==`): canonically equivalent
/// ids are the same id, as in every other part of the package, and the hash is seeded per
/// process, so no set of ids can be chosen to collide.
final class SessionDirectory {
    /// 0 empty, else `tag << 32 | slot` with a nonzero tag. The tag places the entry too
    /// (``home(of:in:)``), so growing needs no id.
    @exclusivity(unchecked) private var entries = OwnedBuffer<UInt64>(zeroedCapacity: 16)
    private var capacity: Int { entries.capacity }
    private(set) var count = 0
    private let slots: TableArray<SessionSlot>

    /// A directory of the ids held by `slots`.
    init(slots: TableArray<SessionSlot>) {
        self.slots = slots
    }

    /// The tag's top bit is set so that it is never zero; the other 31, which choose the home
    /// position (``home(of:in:)``), stay the hash's own.
    @inline(__always)
    private static func tag(of id: String) -> UInt32 {
        UInt32(truncatingIfNeeded: UInt(bitPattern: id.hashValue) >> 16) | 0x8000_0000
    }

    /// The first position for `tag`: its 31 hash bits, as ``LinearProbing`` places them.
    @inline(__always)
    private static func home(of tag: UInt32, in capacity: Int) -> Int {
        LinearProbing.home(of: tag << 1, in: capacity)
    }

    @inline(__always)
    private static func tag(ofEntry entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 32) }

    @inline(__always)
    private static func slot(ofEntry entry: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: entry)) }

    /// The position of `id`'s live entry, if any.
    private func position(of id: String, tag: UInt32) -> Int? {
        var index = Self.home(of: tag, in: capacity)
        while true {
            let entry = entries[index]
            if entry == 0 { return nil }
            if Self.tag(ofEntry: entry) == tag && slots[Int(Self.slot(ofEntry: entry))].id == id {
                return index
            }
            index = LinearProbing.next(index, in: capacity)
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
        if !LinearProbing.hasRoom(count: count, capacity: capacity) { grow(to: capacity * 2) }
        let index = LinearProbing.firstEmpty(from: Self.home(of: tag, in: capacity), capacity: capacity) {
            entries[$0] == 0
        }
        entries[index] = UInt64(tag) << 32 | UInt64(UInt32(bitPattern: slot))
        count += 1
        return true
    }

    /// Removes `id`'s entry (its slot must still hold the id); returns the slot it had.
    func remove(_ id: String) -> Int32? {
        guard let index = position(of: id, tag: Self.tag(of: id)) else { return nil }
        let slot = Self.slot(ofEntry: entries[index])
        let hole = LinearProbing.closeGap(
            at: index, capacity: capacity, isEmpty: { entries[$0] == 0 },
            home: { Self.home(of: Self.tag(ofEntry: entries[$0]), in: capacity) },
            move: { from, to in entries[to] = entries[from] })
        entries[hole] = 0
        count -= 1
        return slot
    }

    /// Room for `ids` ids without growing.
    func reserveCapacity(_ ids: Int) {
        let target = LinearProbing.capacity(for: ids)
        if target > capacity { grow(to: target) }
    }

    /// Rewrites the entries into a table of `newCapacity`.
    private func grow(to newCapacity: Int) {
        var old = OwnedBuffer<UInt64>(zeroedCapacity: newCapacity)
        swap(&entries, &old)
        for position in 0..<old.capacity where old[position] != 0 {
            let home = Self.home(of: Self.tag(ofEntry: old[position]), in: newCapacity)
            let index = LinearProbing.firstEmpty(from: home, capacity: newCapacity) { entries[$0] == 0 }
            entries[index] = old[position]
        }
    }

    /// Bytes reserved.
    var approximateBytes: Int { capacity * 8 }
}
