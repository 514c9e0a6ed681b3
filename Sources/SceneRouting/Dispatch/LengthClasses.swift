/// Which prefix (or suffix) key lengths occur among keys that start (end) with given four
/// bytes: a route probes only the lengths of its identifier's own class instead of every
/// length in use. At a million predicates each of those probes is a cache miss, and most
/// classes hold few lengths (`thread/N/` keys never need probing for `forum/topic-…`).
///
/// Masks only grow: a length whose last key leaves stays set in its class. That costs a
/// probe, never an answer, and the caller intersects with the exact global mask
/// (``LengthSet``), so lengths gone from the whole index drop out anyway.
final class LengthClasses: @unchecked Sendable {
    /// Keys at least this long have a class; shorter ones are probed for every identifier.
    static let classBytes = 4
    /// Lengths below ``classBytes`` (bits 0–2): always probed.
    static let unclassedMask: UInt64 = (1 << UInt64(classBytes - 1)) - 1

    // Open addressing; key 0 is empty (class keys have their low bit set). Two classes that
    // collide share one mask, which again only costs probes.
    @exclusivity(unchecked) private var keys: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var masks: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var capacity: Int
    private var count = 0

    init() {
        capacity = 16
        keys = LargeAllocation.allocate(UInt64.self, capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        masks = LargeAllocation.allocate(UInt64.self, capacity: capacity)
        masks.initialize(repeating: 0, count: capacity)
    }

    deinit {
        LargeAllocation.deallocate(keys)
        LargeAllocation.deallocate(masks)
    }

    /// The class of the identifier (or key) `bytes` of at least ``classBytes`` bytes: its
    /// first four bytes, or (`reversed`) its last four read back to front, as `family` reads
    /// them.
    @inline(__always)
    static func key(of bytes: UnsafeBufferPointer<UInt8>, reversed: Bool, _ family: KeyFamily) -> UInt64 {
        let head = KeyHashing.chunk(bytes, from: 0, count: classBytes, reversed: reversed, family)
        var value = (head ^ 0x2545_F491_4F6C_DD1D) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
        return value | 1
    }

    @inline(__always)
    private func position(of key: UInt64) -> Int {
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: key >> 7) & mask
        while keys[index] != key && keys[index] != 0 { index = (index + 1) & mask }
        return index
    }

    /// Records a key of `length` (``classBytes``...64) in `key`'s class.
    func add(_ length: Int, to key: UInt64) {
        precondition(length >= Self.classBytes && length <= 64)
        if (count + 1) * 2 > capacity { grow() }
        let index = position(of: key)
        if keys[index] == 0 {
            keys[index] = key
            count += 1
        }
        masks[index] |= 1 << UInt64(length - 1)
    }

    /// The lengths (bit l - 1: length l) of keys in `key`'s class, plus every unclassed length.
    @inline(__always)
    func lengths(of key: UInt64) -> UInt64 {
        let index = position(of: key)
        return Self.unclassedMask | (keys[index] == key ? masks[index] : 0)
    }

    private func grow() {
        let (oldKeys, oldMasks, oldCapacity) = (keys, masks, capacity)
        capacity *= 2
        keys = LargeAllocation.allocate(UInt64.self, capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        masks = LargeAllocation.allocate(UInt64.self, capacity: capacity)
        masks.initialize(repeating: 0, count: capacity)
        for old in 0..<oldCapacity where oldKeys[old] != 0 {
            let index = position(of: oldKeys[old])
            keys[index] = oldKeys[old]
            masks[index] = oldMasks[old]
        }
        LargeAllocation.deallocate(oldKeys)
        LargeAllocation.deallocate(oldMasks)
    }

    var approximateBytes: Int { capacity * 16 }
}
