/// Which prefix (or suffix) key lengths occur among keys that start (end) with given four
/// bytes: a route probes only the lengths of its identifier's own class instead of every
/// length in use. At a million predicates each of those probes is a cache miss, and most
/// classes hold few lengths (`thread/N/` keys never need probing for `forum/topic-…`).
///
/// A class is a 16-bit hash of the four bytes, so the table never holds more than 65,536
/// classes however many distinct keys churn through it. Two heads that share a class share
/// its mask, which costs probes, never an answer. Masks are exact: a length leaves its class
/// when the last key of that class and length is removed.
///
/// Keys of a class often share more than their head (`café/12/`, `café/345/`), so a length
/// is also probed only when the identifier's byte at that length's far end (a prefix's
/// last, a suffix's first) is one some key of that length has there, whatever its class:
/// `café/fenêtre-…` then hashes none of those prefixes. That filter is a mask of lengths
/// per byte value, two kilobytes that stay in cache however many keys there are.
final class LengthClasses {
    /// The class of a key or identifier; see ``key(of:reversed:_:)``.
    typealias Key = UInt16

    /// Keys at least this long have a class; shorter ones are probed for every identifier
    /// whose byte at their far end some of them have.
    static let classBytes = 4
    /// Lengths below ``classBytes`` (bits 0–2), which have no class: in every class's mask
    /// (the far-byte filter still applies to them).
    static let unclassedMask: UInt64 = (1 << UInt64(classBytes - 1)) - 1

    /// Whether a prefix or suffix key of `length` bytes is recorded here, by its far byte
    /// (longer keys than 64 are in the probe's long-length lists instead).
    static func isRecorded(length: Int) -> Bool { (1...64).contains(length) }

    /// Whether a recorded key of `length` bytes also has a class.
    static func isClassed(length: Int) -> Bool { (classBytes...64).contains(length) }

    // Open addressing over class + 1 (0 is empty); slots are never freed, which the 16-bit
    // class space bounds.
    // Each array is owned by a buffer (`…Memory`) and read through its address, kept beside
    // it and set wherever the buffer changes: a plain load per read, which keeps the probe
    // loops as tight as they are over plain pointers.
    @exclusivity(unchecked) private var slotsMemory = OwnedBuffer<UInt32>(zeroedCapacity: 16)
    @exclusivity(unchecked) private var masksMemory = OwnedBuffer<UInt64>(zeroedCapacity: 16)
    private let farBytesMemory = OwnedBuffer<UInt64>(zeroedCapacity: 256)
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var masks: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var capacity: Int
    private var used = 0
    /// Keys per class and length (`class << 8 | length`), so removal clears exactly the
    /// lengths no key of the class still has.
    private var counts: [UInt32: Int32] = [:]
    /// Bit `l - 1` of entry `b`: some key of length `l` has far byte `b`.
    @exclusivity(unchecked) private var farBytes: UnsafeMutablePointer<UInt64>
    /// Keys per far byte and length (`byte << 8 | length`).
    private var farCounts: [UInt16: Int32] = [:]

    init() {
        (slots, masks, capacity) = (slotsMemory.base, masksMemory.base, slotsMemory.capacity)
        farBytes = farBytesMemory.base
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

    /// Records a key of `length` (``isRecorded(length:)``) and far byte `far`, and in class
    /// `key` if the length is classed.
    func add(_ length: Int, far: UInt8, to key: Key) {
        precondition(Self.isRecorded(length: length))
        farCounts[UInt16(far) << 8 | UInt16(length), default: 0] += 1
        farBytes[Int(far)] |= 1 << UInt64(length - 1)
        guard Self.isClassed(length: length) else { return }
        counts[UInt32(key) << 8 | UInt32(length), default: 0] += 1
        if (used + 1) * 2 > capacity { grow() }
        let index = position(of: key)
        if slots[index] == 0 {
            slots[index] = UInt32(key) + 1
            used += 1
        }
        masks[index] |= 1 << UInt64(length - 1)
    }

    /// Forgets a key of `length` and far byte `far` recorded in class `key` with
    /// ``add(_:far:to:)``.
    func remove(_ length: Int, far: UInt8, from key: Key) {
        let bit: UInt64 = 1 << UInt64(length - 1)
        if Self.forget(UInt16(far) << 8 | UInt16(length), in: &farCounts) { farBytes[Int(far)] &= ~bit }
        guard Self.isClassed(length: length), Self.forget(UInt32(key) << 8 | UInt32(length), in: &counts) else {
            return
        }
        let index = position(of: key)
        if slots[index] != 0 { masks[index] &= ~bit }
    }

    /// Counts one key of `member` fewer; true when that was its last (its bit must go).
    private static func forget<Member: Hashable>(_ member: Member, in counts: inout [Member: Int32]) -> Bool {
        guard let count = counts[member] else { return false }
        counts[member] = count == 1 ? nil : count - 1
        return count == 1
    }

    /// The lengths (bit l - 1: length l) of keys in class `key`, plus every unclassed length.
    @inline(__always)
    func lengths(of key: Key) -> UInt64 {
        let index = position(of: key)
        return Self.unclassedMask | (slots[index] != 0 ? masks[index] : 0)
    }

    /// The lengths of `mask` (1...64) whose prefixes (suffixes, `reversed`) of `identifier`
    /// may be keys: those whose far byte of `identifier`, as `family` reads it, some key of
    /// that length has. Lengths over `identifier`'s are dropped.
    @inline(__always)
    func lengths(
        _ mask: UInt64, admittedBy identifier: UnsafeBufferPointer<UInt8>, reversed: Bool, _ family: ByteReading
    ) -> UInt64 {
        let count = identifier.count
        var lengths = count >= 64 ? mask : mask & ((1 << UInt64(count)) &- 1)
        var admitted: UInt64 = 0
        while lengths != 0 {
            let bit = lengths & (0 &- lengths)
            let length = lengths.trailingZeroBitCount &+ 1
            let byte = KeyHashing.read(identifier[reversed ? count &- length : length &- 1], family)
            if farBytes[Int(byte)] & bit != 0 { admitted |= bit }
            lengths &= lengths &- 1
        }
        return admitted
    }

    private func grow() {
        var oldSlots = OwnedBuffer<UInt32>(zeroedCapacity: capacity * 2)
        swap(&slotsMemory, &oldSlots)
        var oldMasks = OwnedBuffer<UInt64>(zeroedCapacity: capacity * 2)
        swap(&masksMemory, &oldMasks)
        (slots, masks, capacity) = (slotsMemory.base, masksMemory.base, slotsMemory.capacity)
        for old in 0..<oldSlots.capacity where oldSlots[old] != 0 {
            let index = position(of: Key(oldSlots[old] - 1))
            slots[index] = oldSlots[old]
            masks[index] = oldMasks[old]
        }
    }

    var approximateBytes: Int { capacity * 12 + counts.count * 16 + 256 * 8 + farCounts.count * 16 }
}
