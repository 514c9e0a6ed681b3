/// Where a route that finds a key's lone group will read next, kept beside the key's entry
/// (``GroupBuckets``) so the probe fetches it while it reads the group's head: the memory
/// line of the bytes the group's check compares and its best session's slot.
///
/// At a million sessions a hit otherwise waits on three reads in a row (entry, head, then
/// literal and winner's record together); with both fetched from the entry, on two. A hint
/// is only an address to fetch: one gone stale (a group whose best session changed and not
/// yet re-hinted, a slot past what 22 bits hold) costs a wasted fetch, never an answer.
struct EntryHint: Equatable {
    /// Bits 0–21: the slot plus one (0: none); bits 22–63: the line's address over 64.
    let rawValue: UInt64

    static let none = EntryHint(rawValue: 0)
    private static let slotBits: UInt64 = 22

    init(rawValue: UInt64) { self.rawValue = rawValue }

    init(reading address: UnsafeRawPointer?, winner slot: Int32) {
        let slotField = slot >= 0 && UInt64(slot) + 1 < (1 << Self.slotBits) ? UInt64(slot) + 1 : 0
        let line = address.map { UInt64(UInt(bitPattern: $0)) >> 6 } ?? 0
        let lineField = line < (1 << (64 - Self.slotBits)) ? line : 0
        rawValue = lineField << Self.slotBits | slotField
    }

    /// The start of the line to fetch, if any.
    @inline(__always)
    var line: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: UInt((rawValue >> Self.slotBits) << 6))
    }

    /// The best session's slot, if any.
    @inline(__always)
    var slot: Int32? {
        let field = rawValue & ((1 << Self.slotBits) - 1)
        return field == 0 ? nil : Int32(field - 1)
    }
}
