/// Which prefix (or suffix) key lengths occur among keys that start (end) with given four
/// bytes: a route probes only the lengths of its identifier's own class instead of every
/// length in use. At a million predicates each of those probes is a cache miss, and most
/// classes hold few lengths (`thread/N/` keys never need probing for `forum/topic-…`).
///
/// A class is a 16-bit hash of the four bytes, so the table never holds more than 65,536
/// classes however many distinct keys churn through it. Two heads that share a class share
/// its mask, which costs probes, never an answer. Masks are exact: a length leaves its class
/// when the last key of that class and length is removed.
final class LengthClasses {
    /// The class of a key or identifier; see ``key(of:reversed:_:)``.
    typealias Key = UInt16

    /// Keys at least this long have a class; shorter ones are probed for every identifier.
    static let classBytes = 4
    /// Lengths below ``classBytes`` (bits 0–2): always probed.
    static let unclassedMask: UInt64 = (1 << UInt64(classBytes - 1)) - 1

    /// Whether a prefix or suffix key of `length` bytes has a class (longer keys than 64 are
    /// in the probe's long-length lists instead).
    static func isClassed(length: Int) -> Bool { (classBytes...64).contains(length) }

    // Open addressing over class + 1 (0 is empty); slots are never freed, which the 16-bit
    // class space bounds.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var masks: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var capacity: Int
    private var used = 0
    /// Keys per class and length (`class << 8 | length`), so removal clears exactly the
    /// lengths no key of the class still has.
    private var counts: [UInt32: Int32] = [:]

    init() {
        capacity = 16
        slots = LargeAllocation.allocateZeroed(UInt32.self, capacity: capacity)
        masks = LargeAllocation.allocateZeroed(UInt64.self, capacity: capacity)
    }

    deinit {
        LargeAllocation.deallocate(slots, capacity: capacity)
        LargeAllocation.deallocate(masks, capacity: capacity)
    }

    /// The class of the identifier (or key) `bytes` of at least ``classBytes`` bytes: its
    /// first four bytes, or (`reversed`) its last four read back to front, as `family` reads
    /// them, hashed to 16 bits.
    @inline(__always)
    static func key(of bytes: UnsafeBufferPointer<UInt8>, reversed: Bool, _ family: ByteReading) -> Key {
        let head = KeyHashing.chunk(bytes, from: 0, count: classBytes, reversed: reversed, family)
        return Key(truncatingIfNeeded: (head &* Hashing.golden) >> 48)
    }

    @inline(__always)
    private func position(of key: Key) -> Int {
        let stored = UInt32(key) + 1
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: (UInt64(stored) &* Hashing.golden) >> 32) & mask
        while slots[index] != stored && slots[index] != 0 { index = (index + 1) & mask }
        return index
    }

    /// Records a key of `length` (``isClassed(length:)``) in class `key`.
    func add(_ length: Int, to key: Key) {
        precondition(Self.isClassed(length: length))
        counts[UInt32(key) << 8 | UInt32(length), default: 0] += 1
        if (used + 1) * 2 > capacity { grow() }
        let index = position(of: key)
        if slots[index] == 0 {
            slots[index] = UInt32(key) + 1
            used += 1
        }
        masks[index] |= 1 << UInt64(length - 1)
    }

    /// Forgets a key of `length` recorded in class `key` with ``add(_:to:)``.
    func remove(_ length: Int, from key: Key) {
        let member = UInt32(key) << 8 | UInt32(length)
        guard let count = counts[member] else { return }
        guard count == 1 else {
            counts[member] = count - 1
            return
        }
        counts[member] = nil
        let index = position(of: key)
        if slots[index] != 0 { masks[index] &= ~(1 << UInt64(length - 1)) }
    }

    /// The lengths (bit l - 1: length l) of keys in class `key`, plus every unclassed length.
    @inline(__always)
    func lengths(of key: Key) -> UInt64 {
        let index = position(of: key)
        return Self.unclassedMask | (slots[index] != 0 ? masks[index] : 0)
    }

    private func grow() {
        let (oldSlots, oldMasks, oldCapacity) = (slots, masks, capacity)
        capacity *= 2
        slots = LargeAllocation.allocateZeroed(UInt32.self, capacity: capacity)
        masks = LargeAllocation.allocateZeroed(UInt64.self, capacity: capacity)
        for old in 0..<oldCapacity where oldSlots[old] != 0 {
            let index = position(of: Key(oldSlots[old] - 1))
            slots[index] = oldSlots[old]
            masks[index] = oldMasks[old]
        }
        LargeAllocation.deallocate(oldSlots, capacity: oldCapacity)
        LargeAllocation.deallocate(oldMasks, capacity: oldCapacity)
    }

    var approximateBytes: Int { capacity * 12 + counts.count * 16 }
}
