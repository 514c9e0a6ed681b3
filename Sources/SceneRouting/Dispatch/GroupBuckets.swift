/// Hash buckets of group ids with O(bucket) removal; buckets are small because identical
/// predicates are interned into one group.
struct GroupBuckets: Sendable {
    private(set) var buckets: [UInt64: [Int32]] = [:]

    var isEmpty: Bool { buckets.isEmpty }
    var count: Int { buckets.count }

    mutating func insert(_ group: Int32, at hash: UInt64) {
        buckets[hash, default: []].append(group)
    }

    mutating func remove(_ group: Int32, at hash: UInt64) {
        guard var bucket = buckets[hash], let position = bucket.firstIndex(of: group) else { return }
        bucket.swapAt(position, bucket.count - 1)
        bucket.removeLast()
        buckets[hash] = bucket.isEmpty ? nil : bucket
    }

    @inline(__always)
    func forEach(at hash: UInt64, _ body: (Int32) -> Void) {
        guard let bucket = buckets[hash] else { return }
        for group in bucket { body(group) }
    }

    /// Rough bytes held: entries and bucket storage.
    var approximateBytes: Int {
        buckets.count * 48 + buckets.values.reduce(0) { $0 + 32 + $1.count * 4 }
    }
}

/// Counts of key lengths in use, kept sorted so probes try only lengths that exist.
struct LengthSet: Sendable {
    private var counts: [Int: Int] = [:]
    private(set) var sorted: [Int] = []

    mutating func insert(_ length: Int) {
        counts[length, default: 0] += 1
        if counts[length] == 1 {
            let position = sorted.firstIndex { $0 > length } ?? sorted.count
            sorted.insert(length, at: position)
        }
    }

    mutating func remove(_ length: Int) {
        guard let count = counts[length] else { return }
        if count == 1 {
            counts[length] = nil
            sorted.removeAll { $0 == length }
        } else {
            counts[length] = count - 1
        }
    }
}
