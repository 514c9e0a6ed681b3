/// How far a gram walk may move on from a position, by the fourth byte there: a walk stops
/// only where a filed gram begins (its lead, ``GramLeads``, and the two bytes after it), so a
/// byte that no filed gram has at offset 3 rules out the position, and one that grams have
/// only at offsets below 3 rules out the positions up to where it could be one of theirs.
///
/// This is Horspool's skip over the four-byte heads of the filed grams: `shift(b)` is the
/// least `3 - k` over the heads that have byte `b` at offset `k`, 4 if none has it. Words of
/// an identifier that share few bytes with the filed grams (`com.example…` against
/// `group-…;` keys) are then passed four positions a step instead of one, at the cost of one
/// more load where every byte is some head's fourth.
///
/// Counts per offset and byte (written only by writers) let a shift grow back when the last
/// head with that byte there goes.
final class GramShifts {
    /// The bytes of a gram's head the shifts cover: its lead and the two bytes after it.
    static let headBytes = 4

    private let shiftsMemory = OwnedBuffer<UInt8>(repeating: UInt8(headBytes), capacity: 256)
    /// The shift by byte value, at an address that never changes: a walk reads it with a
    /// plain load (callers hold the table's lock).
    let shifts: UnsafePointer<UInt8>
    /// Heads with byte `b` at offset `k`, at `k * 256 + b`.
    private var counts = [Int32](repeating: 0, count: headBytes * 256)

    init() {
        shifts = UnsafePointer(shiftsMemory.base)
    }

    /// Counts the head whose first two bytes are `lead` and next two `second`, as
    /// ``KeyHashing/gramLead(_:at:_:)`` reads them (little-endian).
    func insert(lead: UInt16, second: UInt16) {
        update(lead: lead, second: second, by: 1)
    }

    /// Forgets a head counted by ``insert(lead:second:)``.
    func remove(lead: UInt16, second: UInt16) {
        update(lead: lead, second: second, by: -1)
    }

    /// The shift for `byte`, read from ``shifts``.
    @inline(__always)
    static func shift(_ shifts: UnsafePointer<UInt8>, _ byte: UInt8) -> Int {
        Int(shifts[Int(byte)])
    }

    private func update(lead: UInt16, second: UInt16, by change: Int32) {
        let head = UInt32(lead) | UInt32(second) << 16
        for offset in 0..<Self.headBytes {
            let byte = UInt8(truncatingIfNeeded: head >> UInt32(8 * offset))
            let index = offset * 256 + Int(byte)
            precondition(counts[index] + change >= 0, "removing a gram head never inserted")
            counts[index] += change
            refresh(byte)
        }
    }

    private func refresh(_ byte: UInt8) {
        var shift = Self.headBytes
        for offset in 0..<Self.headBytes where counts[offset * 256 + Int(byte)] > 0 {
            shift = Self.headBytes - 1 - offset
        }
        shiftsMemory.base[Int(byte)] = UInt8(shift)
    }

    var approximateBytes: Int { 256 + counts.count * 4 }
}
