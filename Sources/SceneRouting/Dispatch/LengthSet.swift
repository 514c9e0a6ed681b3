/// Counts of key lengths in use. Lengths 1...64 — nearly all keys — live in a bit mask the
/// probe walks without touching memory; longer ones in a sorted list.
struct LengthSet: Sendable {
    private var counts: [Int: Int] = [:]
    /// Bit `l - 1` set: some key has length `l` (1...64).
    private(set) var mask: UInt64 = 0
    /// Lengths above 64, ascending.
    private(set) var long: [Int] = []

    var isEmpty: Bool { mask == 0 && long.isEmpty }
    var distinctCount: Int { mask.nonzeroBitCount + long.count }

    mutating func insert(_ length: Int) {
        counts[length, default: 0] += 1
        guard counts[length] == 1 else { return }
        if length <= 64 {
            mask |= 1 << UInt64(length - 1)
        } else {
            long.insert(length, at: long.firstIndex { $0 > length } ?? long.count)
        }
    }

    mutating func remove(_ length: Int) {
        guard let count = counts[length] else { return }
        guard count == 1 else {
            counts[length] = count - 1
            return
        }
        counts[length] = nil
        if length <= 64 {
            mask &= ~(1 << UInt64(length - 1))
        } else {
            long.removeAll { $0 == length }
        }
    }
}
