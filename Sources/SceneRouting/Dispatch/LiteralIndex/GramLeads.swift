/// The first two bytes of every gram filed at one width, as a 65,536-bit set: a probe skips
/// an identifier position whose two bytes begin no filed gram, without hashing the gram or
/// reading its bucket. A few dozen inner keys (a small app's `CONTAINS`) set a few dozen
/// bits, so nearly every position is skipped; at a million keys most bits are set and the
/// test costs one load from an 8 KiB set.
///
/// Counts per pair (written only by writers) let a pair's bit be cleared when its last gram
/// goes.
final class GramLeads {
    private let bits = TableArray<UInt64>(capacity: 1_024)
    private var counts: [UInt16: Int32] = [:]

    init() {
        for _ in 0..<1_024 { bits.append(0) }
    }

    /// The lead of `gram` (``KeyHashing/gram(_:at:width:_:)``): its first two bytes.
    @inline(__always)
    static func lead(of gram: UInt64) -> UInt16 { UInt16(truncatingIfNeeded: gram) }

    func insert(_ lead: UInt16) {
        counts[lead, default: 0] += 1
        bits[Int(lead >> 6)] |= 1 << UInt64(lead & 63)
    }

    func remove(_ lead: UInt16) {
        guard let count = counts[lead] else { preconditionFailure("removing a gram lead never inserted") }
        if count > 1 {
            counts[lead] = count - 1
        } else {
            counts[lead] = nil
            bits[Int(lead >> 6)] &= ~(1 << UInt64(lead & 63))
        }
    }

    /// Runs `body` with the set in place, for a probe (callers hold the table's lock).
    @inline(__always)
    func withBits<Result>(_ body: (UnsafePointer<UInt64>) -> Result) -> Result {
        bits.withElements { body($0.baseAddress!) }
    }

    /// Whether some filed gram begins with `lead`, read from the set `withBits` lends.
    @inline(__always)
    static func contains(_ bits: UnsafePointer<UInt64>, _ lead: UInt16) -> Bool {
        bits[Int(lead >> 6)] & (1 << UInt64(lead & 63)) != 0
    }

    var approximateBytes: Int { bits.approximateBytes + counts.count * 16 }
}
