/// Every literal key of one tier (prefer or can), for both key families: exact keys in a
/// hash, prefixes and suffixes in hashes probed once per key length in use, inner literals
/// through gram tables (8-byte grams for literals of 8+ bytes, which stay selective at a
/// million predicates; 4-byte grams for 4–7 bytes; shorter keys by their own lengths).
///
/// Probing an identifier of length n costs O(n + distinct key lengths) hash lookups plus
/// the groups found, independent of how many groups or sessions the tier holds.
struct LiteralIndex: Sendable {
    private var table = GroupBuckets()
    private var grams = GroupBuckets()
    private var prefixLengths = [LengthSet(), LengthSet()]
    private var suffixLengths = [LengthSet(), LengthSet()]
    private var shortInnerLengths = [LengthSet(), LengthSet()]
    private var hasExact = [false, false]
    private var exactCounts = [0, 0]
    /// Per family: how many keys use 4-byte and 8-byte grams.
    private var gramCounts = [[0, 0], [0, 0]]

    private static func gramWidth(forKeyLength length: Int) -> Int { length >= 8 ? 8 : 4 }

    /// Where a key was filed, so it can be removed.
    enum Placement: Sendable, Equatable {
        case hashed(UInt64, kind: IndexKey.Kind, family: KeyFamily, length: Int)
        case gram(UInt64, family: KeyFamily, width: Int)
    }

    /// The bucket key of a gram (the family occupies the top bit before mixing).
    @inline(__always)
    static func gramKey(_ gram: UInt64, _ family: KeyFamily, width: Int) -> UInt64 {
        var value = gram ^ (UInt64(family.rawValue + 1) &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(width) << 59
        value = (value ^ (value >> 31)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 29)) &* 0x94d0_49bb_1331_11eb
        return value ^ (value >> 32)
    }

    /// How many groups are filed where `key` would go (for an inner key of 4+ bytes: its
    /// least shared gram): probes pay for every group in the buckets they hit.
    func load(of key: IndexKey) -> Int {
        if key.kind == .inner && key.bytes.count >= 4 {
            var least = Int.max
            let width = Self.gramWidth(forKeyLength: key.bytes.count)
            key.bytes.withUnsafeBufferPointer { bytes in
                for offset in 0...(bytes.count - width) {
                    let slot = Self.gramKey(KeyHashing.gram(bytes, at: offset, width: width, .raw), key.family, width: width)
                    least = min(least, grams.load(at: slot))
                }
            }
            return least
        }
        return table.load(at: KeyHashing.hash(of: key))
    }

    /// Files `group` under `key`.
    mutating func insert(_ group: Int32, key: IndexKey) -> Placement {
        let family = key.family.rawValue
        if key.kind == .inner && key.bytes.count >= 4 {
            // The gram least shared so far keeps buckets small.
            var best: UInt64 = 0
            var bestCount = Int.max
            let width = Self.gramWidth(forKeyLength: key.bytes.count)
            key.bytes.withUnsafeBufferPointer { bytes in
                for offset in 0...(bytes.count - width) {
                    let slot = Self.gramKey(KeyHashing.gram(bytes, at: offset, width: width, .raw), key.family, width: width)
                    let count = grams.load(at: slot)
                    if count < bestCount {
                        bestCount = count
                        best = slot
                    }
                }
            }
            grams.insert(group, at: best)
            gramCounts[family][width == 8 ? 1 : 0] += 1
            return .gram(best, family: key.family, width: width)
        }
        let hash = KeyHashing.hash(of: key)
        table.insert(group, at: hash)
        switch key.kind {
        case .exact: exactCounts[family] += 1
        case .prefix: prefixLengths[family].insert(key.bytes.count)
        case .suffix: suffixLengths[family].insert(key.bytes.count)
        case .inner: shortInnerLengths[family].insert(key.bytes.count)
        }
        return .hashed(hash, kind: key.kind, family: key.family, length: key.bytes.count)
    }

    mutating func remove(_ group: Int32, from placement: Placement) {
        switch placement {
        case .gram(let slot, let family, let width):
            grams.remove(group, at: slot)
            gramCounts[family.rawValue][width == 8 ? 1 : 0] -= 1
        case .hashed(let hash, let kind, let family, let length):
            table.remove(group, at: hash)
            switch kind {
            case .exact: exactCounts[family.rawValue] -= 1
            case .prefix: prefixLengths[family.rawValue].remove(length)
            case .suffix: suffixLengths[family.rawValue].remove(length)
            case .inner: shortInnerLengths[family.rawValue].remove(length)
            }
        }
    }

    /// Calls `body` with every group whose key occurs in `identifier` (ASCII), possibly
    /// more than once.
    /// - Complexity: O(n · (1 + short inner lengths) + prefix/suffix lengths) lookups.
    func probe(_ identifier: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void) {
        let count = identifier.count
        for family in KeyFamily.allCases {
            let f = family.rawValue
            if exactCounts[f] > 0 {
                var hash = KeyHashing.offsetBasis
                for byte in identifier { hash = KeyHashing.step(hash, KeyHashing.read(byte, family)) }
                table.forEach(at: KeyHashing.seal(hash, kind: .exact, family: family), body)
            }
            let prefixes = prefixLengths[f].sorted
            if !prefixes.isEmpty {
                var hash = KeyHashing.offsetBasis
                var consumed = 0
                for length in prefixes {
                    guard length <= count else { break }
                    while consumed < length {
                        hash = KeyHashing.step(hash, KeyHashing.read(identifier[consumed], family))
                        consumed += 1
                    }
                    table.forEach(at: KeyHashing.seal(hash, kind: .prefix, family: family), body)
                }
            }
            let suffixes = suffixLengths[f].sorted
            if !suffixes.isEmpty {
                var hash = KeyHashing.offsetBasis
                var consumed = 0
                for length in suffixes {
                    guard length <= count else { break }
                    while consumed < length {
                        hash = KeyHashing.step(hash, KeyHashing.read(identifier[count - 1 - consumed], family))
                        consumed += 1
                    }
                    table.forEach(at: KeyHashing.seal(hash, kind: .suffix, family: family), body)
                }
            }
            for length in shortInnerLengths[f].sorted where length <= count {
                for start in 0...(count - length) {
                    var hash = KeyHashing.offsetBasis
                    for offset in start..<(start + length) {
                        hash = KeyHashing.step(hash, KeyHashing.read(identifier[offset], family))
                    }
                    table.forEach(at: KeyHashing.seal(hash, kind: .inner, family: family), body)
                }
            }
            for (slot, width) in [(0, 4), (1, 8)] where gramCounts[f][slot] > 0 && count >= width {
                for start in 0...(count - width) {
                    let gram = KeyHashing.gram(identifier, at: start, width: width, family)
                    grams.forEach(at: Self.gramKey(gram, family, width: width), body)
                }
            }
        }
    }

    /// Entries per kind, for `compile`.
    var shape: (hashed: Int, grams: Int, prefixLengths: Int, suffixLengths: Int) {
        (table.count, grams.count, prefixLengths.map(\.sorted.count).reduce(0, +),
         suffixLengths.map(\.sorted.count).reduce(0, +))
    }

    var approximateBytes: Int {
        table.approximateBytes + grams.approximateBytes
    }
}
