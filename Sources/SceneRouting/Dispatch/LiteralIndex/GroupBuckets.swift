internal import CMemoryHints

/// Buckets of group ids under 64-bit keys that are already well mixed (``KeyHashing``):
/// open addressing with linear probing over one array of 8-byte entries, so a probe is a
/// filter word, a multiply and a compare or two — one cache line — with no hashing and no
/// reference counting. Buckets are small because identical predicates share one group.
///
/// An entry keeps 32 bits of its key: every group a probe finds is verified by its caller,
/// so two keys that share those bits only cost a verification, never a wrong answer, and
/// the table is half the size it would be with whole keys. Positions follow
/// ``LinearProbing``.
final class GroupBuckets {
    /// `key` 0 is empty, else the key's upper half (half 0 is stored as 1). `value` >= 0
    /// indexes `buckets`; below -1 it is a lone group g stored inline as -(g + 2), the common
    /// case of a key no other predicate shares, which then costs no allocation.
    private struct Entry {
        var key: UInt32
        var value: Int32
    }

    // Each array is owned by a buffer (`…Memory`) and read through its address, kept beside
    // it and set wherever the buffer changes: a plain load per read, where reading through
    // the noncopyable buffers costs a probe about 20 instructions more.
    @exclusivity(unchecked) private var entriesMemory = OwnedBuffer<Entry>(zeroedCapacity: 16)
    @exclusivity(unchecked) private var tagsMemory: OwnedBuffer<UInt32>?
    @exclusivity(unchecked) private var hintsMemory: OwnedBuffer<UInt64>?
    @exclusivity(unchecked) private var filterMemory = OwnedBuffer<UInt64>(zeroedCapacity: 64)

    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    /// For a tagged table: beside each entry, what its lone group's tag is (0: none): a
    /// caller's description of that group's key (``GramTag``). Nil for untagged tables.
    @exclusivity(unchecked) private var tags: UnsafeMutablePointer<UInt32>?
    /// For a hinted table: beside each entry, where its lone group's verification and winner
    /// will read (``EntryHint``), so a probe fetches those while it reads the group's head
    /// (0: none). Only a prefetch address: a stale one costs a wasted fetch, never an answer.
    /// An array of its own, fetched with the entry: hints inside 16-byte entries gave the same
    /// routes at a million sessions, and cost every probe of every table instructions.
    @exclusivity(unchecked) private var hints: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var buckets: [[Int32]] = []
    private var freeBuckets: [Int32] = []
    /// A blocked Bloom filter over the keys, one 64-bit word per eight entries: probes for
    /// absent keys (most of them) stop at this array, a fraction of the entries' size.
    @exclusivity(unchecked) private var filter: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var filterWords: Int
    private(set) var count = 0

    /// An empty table; `tagged` keeps a tag with each lone group (``forEachTagged(at:_:)``),
    /// `hinted` a hint (``setHint(_:for:at:)``, ``forEachHinted(at:_:)``).
    init(tagged: Bool = false, hinted: Bool = false) {
        if tagged { tagsMemory = OwnedBuffer(zeroedCapacity: entriesMemory.capacity) }
        if hinted { hintsMemory = OwnedBuffer(zeroedCapacity: entriesMemory.capacity) }
        (entries, tags, hints, capacity) = (
            entriesMemory.base, tagsMemory?.base, hintsMemory?.base, entriesMemory.capacity
        )
        (filter, filterWords) = (filterMemory.base, filterMemory.capacity)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private static func stored(_ rawKey: UInt64) -> UInt32 {
        max(1, UInt32(truncatingIfNeeded: rawKey >> 32))
    }

    /// The filter word of `key` and the three bits it sets there: one load answers, and
    /// three bits per key make false positives (each a wasted read of an entry that at a
    /// million keys is a cache miss) several times rarer than one bit would.
    @inline(__always)
    private func filterWord(_ key: UInt32) -> Int { LinearProbing.home(of: key, in: filterWords) }

    @inline(__always)
    private static func filterBits(_ key: UInt32) -> UInt64 {
        // The word is chosen by the key's high bits; the bits within it come from a multiply
        // that mixes in the low ones, so they do not repeat what chose the word.
        let mixed = key &* 0x9E37_79B9
        return (1 << (mixed >> 26)) | (1 << ((mixed >> 20) & 63)) | (1 << ((mixed >> 14) & 63))
    }

    @inline(__always)
    private func mayContain(_ key: UInt32) -> Bool {
        let bits = Self.filterBits(key)
        return filter[filterWord(key)] & bits == bits
    }

    @inline(__always)
    private func setFilterBit(_ key: UInt32) {
        filter[filterWord(key)] |= Self.filterBits(key)
    }

    @inline(__always)
    private func entry(of key: UInt32) -> Int? {
        var index = LinearProbing.home(of: key, in: capacity)
        while true {
            let current = entries[index].key
            if current == key { return index }
            if current == 0 { return nil }
            index = LinearProbing.next(index, in: capacity)
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

    /// Files `group` under `rawKey`; `tag` is handed back with it while it is the key's only
    /// group (tagged tables only).
    func insert(_ group: Int32, at rawKey: UInt64, tag: UInt32 = 0) {
        let key = Self.stored(rawKey)
        if let index = entry(of: key) {
            let value = entries[index].value
            if value < -1 {
                // A second group under this key: move to an out-of-line bucket (untagged).
                entries[index].value = newBucket([-value - 2, group])
                tags?[index] = 0
                hints?[index] = 0
            } else {
                buckets[Int(value)].append(group)
            }
            return
        }
        if !LinearProbing.hasRoom(count: count, capacity: capacity) { rehash(capacity: capacity * 2) }
        let index = LinearProbing.firstEmpty(from: LinearProbing.home(of: key, in: capacity), capacity: capacity) {
            entries[$0].key == 0
        }
        entries[index] = Entry(key: key, value: Self.inline(group))
        tags?[index] = tag
        // An empty entry's hint is 0 already (removal and rehashing keep it so): writing it
        // would cost each insert a cache miss on the hint array.
        count += 1
        setFilterBit(key)
    }

    /// Room for `keys` keys without growing.
    func reserveCapacity(_ keys: Int) {
        let target = LinearProbing.capacity(for: keys)
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

    /// Returns the group left alone under `rawKey` by this removal, if any: a shared entry
    /// keeps no hint (nor tag), so a hinted table's owner sets that group's hint again.
    @discardableResult
    func remove(_ group: Int32, at rawKey: UInt64) -> Int32? {
        guard let index = entry(of: Self.stored(rawKey)) else { return nil }
        let value = entries[index].value
        if value < -1 {
            guard value == Self.inline(group) else { return nil }
            erase(at: index)
            count -= 1
            return nil
        }
        let bucket = Int(value)
        guard let position = buckets[bucket].firstIndex(of: group) else { return nil }
        buckets[bucket].swapAt(position, buckets[bucket].count - 1)
        buckets[bucket].removeLast()
        guard buckets[bucket].count == 1 else { return nil }
        let lone = buckets[bucket][0]
        entries[index].value = Self.inline(lone)
        buckets[bucket] = []
        freeBuckets.append(Int32(bucket))
        return lone
    }

    /// Empties the entry at `index`, keeping every later entry reachable.
    private func erase(at index: Int) {
        let hole = LinearProbing.closeGap(
            at: index, capacity: capacity, isEmpty: { entries[$0].key == 0 },
            home: { LinearProbing.home(of: entries[$0].key, in: capacity) },
            move: { from, to in
                entries[to] = entries[from]
                tags?[to] = tags?[from] ?? 0
                hints?[to] = hints?[from] ?? 0
            })
        entries[hole] = Entry(key: 0, value: 0)
        tags?[hole] = 0
        hints?[hole] = 0
    }

    private func rehash(capacity newCapacity: Int) {
        var oldEntriesMemory = OwnedBuffer<Entry>(zeroedCapacity: newCapacity)
        swap(&entriesMemory, &oldEntriesMemory)
        var oldTagsMemory: OwnedBuffer<UInt32>? = tags == nil ? nil : OwnedBuffer(zeroedCapacity: newCapacity)
        swap(&tagsMemory, &oldTagsMemory)
        var oldHintsMemory: OwnedBuffer<UInt64>? = hints == nil ? nil : OwnedBuffer(zeroedCapacity: newCapacity)
        swap(&hintsMemory, &oldHintsMemory)
        (entries, tags, hints, capacity) = (entriesMemory.base, tagsMemory?.base, hintsMemory?.base, newCapacity)
        // Eight filter bits per entry, at most 0.7 keys per entry.
        filterMemory = OwnedBuffer(zeroedCapacity: max(64, newCapacity / 8))
        (filter, filterWords) = (filterMemory.base, filterMemory.capacity)
        for old in 0..<oldEntriesMemory.capacity where oldEntriesMemory[old].key != 0 {
            let home = LinearProbing.home(of: oldEntriesMemory[old].key, in: newCapacity)
            let target = LinearProbing.firstEmpty(from: home, capacity: newCapacity) { entries[$0].key == 0 }
            entries[target] = oldEntriesMemory[old]
            tags?[target] = oldTagsMemory?[old] ?? 0
            hints?[target] = oldHintsMemory?[old] ?? 0
            setFilterBit(oldEntriesMemory[old].key)
        }
    }

    @inline(__always)
    func forEach(at rawKey: UInt64, _ body: (Int32) -> Void) {
        forEachTagged(at: rawKey) { group, _ in body(group) }
    }

    /// Starts fetching what ``forEachTagged(at:_:)`` or ``forEachHinted(at:_:)`` will read for
    /// `rawKey` (its filter word, first entry and hint), for a caller with other work to do
    /// meanwhile.
    @inline(__always)
    func prefetch(at rawKey: UInt64) {
        let key = Self.stored(rawKey)
        let home = LinearProbing.home(of: key, in: capacity)
        scene_router_prefetch(filter + filterWord(key))
        scene_router_prefetch(entries + home)
        if let hints { scene_router_prefetch(hints + home) }
    }

    /// Whether the entries outgrow a core's private caches (256 KiB), so that a probe's read
    /// of an entry is likely a miss, worth fetching early when the caller knows several keys
    /// at once.
    var outgrowsPrivateCache: Bool { capacity >= 1 << 15 }

    /// Starts fetching the filter word of `rawKey`: the first step of a batch of lookups
    /// (``prefetchEntryIfPresent(at:)``, then ``forEach(at:_:)``).
    @inline(__always)
    func prefetchFilter(at rawKey: UInt64) {
        scene_router_prefetch(filter + filterWord(Self.stored(rawKey)))
    }

    /// Starts fetching `rawKey`'s first entry (and tag or hint) if the filter says it may be
    /// present: most keys of a batch are absent, and their entries are not worth the traffic.
    @inline(__always)
    func prefetchEntryIfPresent(at rawKey: UInt64) {
        let key = Self.stored(rawKey)
        guard mayContain(key) else { return }
        let home = LinearProbing.home(of: key, in: capacity)
        scene_router_prefetch(entries + home)
        if let tags { scene_router_prefetch(tags + home) }
        if let hints { scene_router_prefetch(hints + home) }
    }

    /// Sets the hint of `rawKey`'s entry if `group` is its lone group (hinted tables only).
    func setHint(_ hint: UInt64, for group: Int32, at rawKey: UInt64) {
        guard let hints, let index = entry(of: Self.stored(rawKey)), entries[index].value == Self.inline(group) else {
            return
        }
        hints[index] = hint
    }

    /// The hint of `rawKey`'s entry if `group` is its lone group, else 0 (for tests).
    func hint(for group: Int32, at rawKey: UInt64) -> UInt64 {
        guard let hints, let index = entry(of: Self.stored(rawKey)), entries[index].value == Self.inline(group) else {
            return 0
        }
        return hints[index]
    }

    /// Sets every lone group's hint to what `hint` gives for it (hinted tables only): one pass
    /// in entry order, for a table filled without hints. Each group's hint source is fetched
    /// a few entries ahead through `prefetch`, as the groups come in hash order.
    func setHints(_ hint: (Int32) -> UInt64, prefetch: (Int32) -> Void) {
        guard let hints else { return }
        let ahead = 8
        for index in 0..<capacity {
            if index + ahead < capacity {
                let value = entries[index + ahead].value
                if entries[index + ahead].key != 0 && value < -1 { prefetch(-value - 2) }
            }
            let value = entries[index].value
            hints[index] = entries[index].key != 0 && value < -1 ? hint(-value - 2) : 0
        }
    }

    /// Calls `body` with every group under `rawKey` and its hint (0 for groups sharing the key,
    /// and in unhinted tables).
    @inline(__always)
    func forEachHinted(at rawKey: UInt64, _ body: (Int32, UInt64) -> Void) {
        forEach(at: rawKey, loneExtra: { hints?[$0] ?? 0 }, body)
    }

    /// Calls `body` with every group under `rawKey` and its tag (0 for groups sharing the key).
    @inline(__always)
    func forEachTagged(at rawKey: UInt64, _ body: (Int32, UInt32) -> Void) {
        forEach(at: rawKey, loneExtra: { tags?[$0] ?? 0 }, body)
    }

    /// Calls `body` with every group under `rawKey` and, for a lone group, what `loneExtra`
    /// reads beside its entry (0 for groups sharing the key).
    @inline(__always)
    private func forEach<Extra: FixedWidthInteger>(
        at rawKey: UInt64, loneExtra: (Int) -> Extra, _ body: (Int32, Extra) -> Void
    ) {
        let key = Self.stored(rawKey)
        guard mayContain(key), let index = entry(of: key) else { return }
        let value = entries[index].value
        if value < -1 {
            body(-value - 2, loneExtra(index))
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
        capacity * (MemoryLayout<Entry>.stride + (tags == nil ? 0 : 4) + (hints == nil ? 0 : 8)) + filterWords * 8
            + buckets.reduce(0) { $0 + 32 + $1.capacity * 4 }
    }
}
