internal import CMemoryHints

/// Buckets of group ids under 64-bit keys that are already well mixed (``KeyHashing``):
/// open addressing with linear probing over one array of key/value entries, so a probe is a
/// filter word, a mask and a compare or two — one cache line — with no hashing and no
/// reference counting. Buckets are small because identical predicates share one group.
final class GroupBuckets {
    /// `key` 0 is empty, 1 deleted, else the key (keys below 2 are stored as key + 2: a
    /// collision only costs a verification, never a wrong answer). `value` >= 0 indexes
    /// `buckets`; below -1 it is a lone group g stored inline as -(g + 2), the common case of
    /// a key no other predicate shares, which then costs no allocation. `tag` (0: none)
    /// describes a lone group's key for its caller (``GramTag``), in what would
    /// otherwise be padding.
    private struct Entry {
        var key: UInt64
        var value: Int32
        var tag: UInt32 = 0
    }

    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var buckets: [[Int32]] = []
    private var freeBuckets: [Int32] = []
    private var used = 0  // live + deleted entries
    /// A blocked Bloom filter over the keys, one 64-bit word per key: probes for absent keys
    /// (most of them) stop at this array, a fraction of the entries' size.
    @exclusivity(unchecked) private var filter: UnsafeMutablePointer<UInt64>
    /// Words in `filter` minus one.
    @exclusivity(unchecked) private var filterMask: Int
    private(set) var count = 0

    init() {
        capacity = 16
        entries = LargeAllocation.allocateZeroed(Entry.self, capacity: capacity)
        filterMask = 64 - 1
        filter = LargeAllocation.allocateZeroed(UInt64.self, capacity: 64)
    }

    deinit {
        LargeAllocation.deallocate(entries, capacity: capacity)
        LargeAllocation.deallocate(filter, capacity: filterMask + 1)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private static func stored(_ key: UInt64) -> UInt64 { key < 2 ? key &+ 2 : key }

    /// The filter word of `key` and the three bits it sets there: one load answers, and
    /// three bits per key make false positives (each a wasted read of an entry that at a
    /// million keys is a cache miss) several times rarer than one bit would.
    @inline(__always)
    private func filterWord(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key >> 40) & filterMask }

    @inline(__always)
    private static func filterBits(_ key: UInt64) -> UInt64 {
        // Bits 22-39: above the entry index of tables up to 4M slots and below the word index,
        // so the three bits do not repeat what placed the key (larger tables only lose a
        // little filtering, never a key).
        (1 << ((key >> 22) & 63)) | (1 << ((key >> 28) & 63)) | (1 << ((key >> 34) & 63))
    }

    @inline(__always)
    private func mayContain(_ key: UInt64) -> Bool {
        let bits = Self.filterBits(key)
        return filter[filterWord(key)] & bits == bits
    }

    @inline(__always)
    private func setFilterBit(_ key: UInt64) {
        filter[filterWord(key)] |= Self.filterBits(key)
    }

    @inline(__always)
    private func entry(of key: UInt64) -> Int? {
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: key) & mask
        while true {
            let current = entries[index].key
            if current == key { return index }
            if current == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// The number of groups under `key`.
    func load(at key: UInt64) -> Int {
        guard let index = entry(of: Self.stored(key)) else { return 0 }
        let value = entries[index].value
        return value < -1 ? 1 : buckets[Int(value)].count
    }

    @inline(__always)
    private static func inline(_ group: Int32) -> Int32 { -(group + 2) }

    /// Files `group` under `rawKey`; `tag` is handed back with it while it is the key's only group.
    func insert(_ group: Int32, at rawKey: UInt64, tag: UInt32 = 0) {
        let key = Self.stored(rawKey)
        if let index = entry(of: key) {
            let value = entries[index].value
            if value < -1 {
                // A second group under this key: move to an out-of-line bucket (untagged).
                entries[index].value = newBucket([-value - 2, group])
                entries[index].tag = 0
            } else {
                buckets[Int(value)].append(group)
            }
            return
        }
        if (used + 1) * 10 > capacity * 7 { rehash(capacity: count * 2 > capacity / 2 ? capacity * 2 : capacity) }
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: key) & mask
        while entries[index].key > 1 { index = (index + 1) & mask }
        if entries[index].key == 0 { used += 1 }
        entries[index] = Entry(key: key, value: Self.inline(group), tag: tag)
        count += 1
        setFilterBit(key)
    }

    /// Room for `keys` keys without growing.
    func reserveCapacity(_ keys: Int) {
        var target = capacity
        while keys * 10 > target * 7 { target *= 2 }
        if target > capacity { rehash(capacity: target) }
    }

    private func newBucket(_ groups: [Int32]) -> Int32 {
        if let free = freeBuckets.popLast() {
            buckets[Int(free)] = groups
            return free
        }
        buckets.append(groups)
        return Int32(buckets.count - 1)
    }

    func remove(_ group: Int32, at rawKey: UInt64) {
        guard let index = entry(of: Self.stored(rawKey)) else { return }
        let value = entries[index].value
        if value < -1 {
            guard value == Self.inline(group) else { return }
            entries[index] = Entry(key: 1, value: -1)
            count -= 1
            return
        }
        let bucket = Int(value)
        guard let position = buckets[bucket].firstIndex(of: group) else { return }
        buckets[bucket].swapAt(position, buckets[bucket].count - 1)
        buckets[bucket].removeLast()
        if buckets[bucket].count == 1 {
            entries[index].value = Self.inline(buckets[bucket][0])
            buckets[bucket] = []
            freeBuckets.append(Int32(bucket))
        }
    }

    private func rehash(capacity newCapacity: Int) {
        let (oldEntries, oldCapacity) = (entries, capacity)
        entries = LargeAllocation.allocateZeroed(Entry.self, capacity: newCapacity)
        capacity = newCapacity
        used = 0
        // Eight filter bits per entry slot, at most 0.7 keys per slot.
        let words = max(64, newCapacity / 8)
        LargeAllocation.deallocate(filter, capacity: filterMask + 1)
        filter = LargeAllocation.allocateZeroed(UInt64.self, capacity: words)
        filterMask = words - 1
        let mask = newCapacity - 1
        for old in 0..<oldCapacity where oldEntries[old].key > 1 {
            var target = Int(truncatingIfNeeded: oldEntries[old].key) & mask
            while entries[target].key != 0 { target = (target + 1) & mask }
            entries[target] = oldEntries[old]
            used += 1
            setFilterBit(oldEntries[old].key)
        }
        LargeAllocation.deallocate(oldEntries, capacity: oldCapacity)
    }

    @inline(__always)
    func forEach(at rawKey: UInt64, _ body: (Int32) -> Void) {
        forEachTagged(at: rawKey) { group, _ in body(group) }
    }

    /// Starts fetching what ``forEachTagged(at:_:)`` will read for `rawKey` (its filter word and
    /// first entry), for a caller with other work to do meanwhile.
    @inline(__always)
    func prefetch(at rawKey: UInt64) {
        let key = Self.stored(rawKey)
        scene_router_prefetch(filter + filterWord(key))
        scene_router_prefetch(entries + (Int(truncatingIfNeeded: key) & (capacity - 1)))
    }

    /// Calls `body` with every group under `rawKey` and its tag (0 for groups sharing the key).
    @inline(__always)
    func forEachTagged(at rawKey: UInt64, _ body: (Int32, UInt32) -> Void) {
        let key = Self.stored(rawKey)
        guard mayContain(key), let index = entry(of: key) else { return }
        let value = entries[index].value
        if value < -1 {
            body(-value - 2, entries[index].tag)
            return
        }
        buckets.withUnsafeBufferPointer { all in
            all[Int(value)].withUnsafeBufferPointer { groups in
                for group in groups { body(group, 0) }
            }
        }
    }

    /// Rough bytes held: entries, filter and bucket storage.
    var approximateBytes: Int {
        capacity * MemoryLayout<Entry>.stride + (filterMask + 1) * 8
            + buckets.reduce(0) { $0 + 32 + $1.capacity * 4 }
    }
}
