/// Buckets of group ids under 64-bit keys that are already well mixed (``KeyHashing``):
/// open addressing with linear probing, so a probe is a mask, a compare or two, and no
/// hashing. Buckets are small because identical predicates are interned into one group.
struct GroupBuckets: Sendable {
    // keys[i]: 0 empty, 1 deleted, else the key (keys below 2 are stored as key + 2; a
    // collision only costs a verification, never a wrong answer). bucketOfSlot[i] >= 0 indexes
    // `buckets`; below -1 it is a lone group g stored inline as -(g + 2), the common case of a
    // key no other predicate shares, which then costs no allocation.
    private var keys: [UInt64] = Array(repeating: 0, count: 16)
    private var bucketOfSlot: [Int32] = Array(repeating: -1, count: 16)
    private var buckets: [[Int32]] = []
    private var freeBuckets: [Int32] = []
    private var used = 0  // live + deleted slots
    /// One bit per filter position: set when some key hashes there. Probes for keys that are
    /// not present (most of them) stop at this small array instead of the large slot arrays.
    private var filter: [UInt64] = Array(repeating: 0, count: 64)
    private var filterMask = 64 * 64 - 1
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private static func stored(_ key: UInt64) -> UInt64 { key < 2 ? key &+ 2 : key }

    @inline(__always)
    private func filterBit(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key >> 40) & filterMask }

    @inline(__always)
    private func mayContain(_ key: UInt64) -> Bool {
        let bit = filterBit(key)
        return filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    @inline(__always)
    private func slot(of key: UInt64) -> Int? {
        let mask = keys.count - 1
        var index = Int(truncatingIfNeeded: key) & mask
        while true {
            let current = keys[index]
            if current == key { return index }
            if current == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// The number of groups under `key`.
    func load(at key: UInt64) -> Int {
        guard let index = slot(of: Self.stored(key)) else { return 0 }
        let bucket = bucketOfSlot[index]
        return bucket < -1 ? 1 : buckets[Int(bucket)].count
    }

    @inline(__always)
    private static func inline(_ group: Int32) -> Int32 { -(group + 2) }

    mutating func insert(_ group: Int32, at rawKey: UInt64) {
        let key = Self.stored(rawKey)
        if let index = slot(of: key) {
            let bucket = bucketOfSlot[index]
            if bucket < -1 {
                // A second group under this key: move to an out-of-line bucket.
                let first = -bucket - 2
                bucketOfSlot[index] = newBucket([first, group])
            } else {
                buckets[Int(bucket)].append(group)
            }
            return
        }
        if (used + 1) * 10 > keys.count * 7 { rehash(capacity: count * 2 > keys.count / 2 ? keys.count * 2 : keys.count) }
        let mask = keys.count - 1
        var index = Int(truncatingIfNeeded: key) & mask
        while keys[index] > 1 { index = (index + 1) & mask }
        if keys[index] == 0 { used += 1 }
        keys[index] = key
        bucketOfSlot[index] = Self.inline(group)
        count += 1
        let bit = filterBit(key)
        filter[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    private mutating func newBucket(_ groups: [Int32]) -> Int32 {
        if let free = freeBuckets.popLast() {
            buckets[Int(free)] = groups
            return free
        }
        buckets.append(groups)
        return Int32(buckets.count - 1)
    }

    mutating func remove(_ group: Int32, at rawKey: UInt64) {
        guard let index = slot(of: Self.stored(rawKey)) else { return }
        let encoded = bucketOfSlot[index]
        if encoded < -1 {
            guard encoded == Self.inline(group) else { return }
            keys[index] = 1
            bucketOfSlot[index] = -1
            count -= 1
            return
        }
        let bucket = Int(encoded)
        guard let position = buckets[bucket].firstIndex(of: group) else { return }
        buckets[bucket].swapAt(position, buckets[bucket].count - 1)
        buckets[bucket].removeLast()
        if buckets[bucket].count == 1 {
            bucketOfSlot[index] = Self.inline(buckets[bucket][0])
            buckets[bucket] = []
            freeBuckets.append(Int32(bucket))
        }
    }

    private mutating func rehash(capacity: Int) {
        let oldKeys = keys
        let oldBuckets = bucketOfSlot
        keys = Array(repeating: 0, count: capacity)
        bucketOfSlot = Array(repeating: -1, count: capacity)
        used = 0
        let bits = max(4096, capacity * 8)
        filter = Array(repeating: 0, count: bits / 64)
        filterMask = bits - 1
        let mask = capacity - 1
        for (index, key) in oldKeys.enumerated() where key > 1 {
            var target = Int(truncatingIfNeeded: key) & mask
            while keys[target] != 0 { target = (target + 1) & mask }
            keys[target] = key
            bucketOfSlot[target] = oldBuckets[index]
            used += 1
            let bit = filterBit(key)
            filter[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    @inline(__always)
    func forEach(at rawKey: UInt64, _ body: (Int32) -> Void) {
        let key = Self.stored(rawKey)
        guard mayContain(key), let index = slot(of: key) else { return }
        let bucket = bucketOfSlot[index]
        if bucket < -1 {
            body(-bucket - 2)
            return
        }
        buckets.withUnsafeBufferPointer { all in
            all[Int(bucket)].withUnsafeBufferPointer { groups in
                for group in groups { body(group) }
            }
        }
    }

    /// Rough bytes held: slots and bucket storage.
    var approximateBytes: Int {
        keys.count * 12 + filter.count * 8 + buckets.reduce(0) { $0 + 32 + $1.capacity * 4 }
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
