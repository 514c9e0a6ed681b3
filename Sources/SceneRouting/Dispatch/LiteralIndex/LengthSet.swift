/// Counts of key lengths in use. Lengths 1...64 — nearly all keys — live in a bit mask the
/// probe walks without touching memory; longer ones in a sorted list.
struct LengthSet: Sendable {
    /// Keys per length 1...64 (at `l - 1`), allocated with the first: a build files a key
    /// per predicate, and counting in place beats a dictionary update each time.
    private var shortCounts: [Int] = []
    private var longCounts: [Int: Int] = [:]
    /// Bit `l - 1` set: some key has length `l` (1...64).
    private(set) var mask: UInt64 = 0
    /// Lengths above 64, ascending.
    private(set) var long: [Int] = []

    var isEmpty: Bool { mask == 0 && long.isEmpty }
    var distinctCount: Int { mask.nonzeroBitCount + long.count }

    mutating func insert(_ length: Int) {
        precondition(length >= 1, "lengths start at 1")
        guard length <= 64 else {
            longCounts[length, default: 0] += 1
            if longCounts[length] == 1 { long.insert(length, at: long.firstIndex { $0 > length } ?? long.count) }
            return
        }
        if shortCounts.isEmpty { shortCounts = Array(repeating: 0, count: 64) }
        shortCounts[length - 1] += 1
        if shortCounts[length - 1] == 1 { mask |= 1 << UInt64(length - 1) }
    }

    mutating func remove(_ length: Int) {
        guard length <= 64 else {
            guard let count = longCounts[length] else { return }
            longCounts[length] = count == 1 ? nil : count - 1
            if count == 1 { long.removeAll { $0 == length } }
            return
        }
        guard length >= 1, !shortCounts.isEmpty, shortCounts[length - 1] > 0 else { return }
        shortCounts[length - 1] -= 1
        if shortCounts[length - 1] == 0 { mask &= ~(1 << UInt64(length - 1)) }
    }
}
