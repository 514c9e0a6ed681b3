import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The index must report every group whose key occurs in an identifier where its kind says
/// (the table's routes are only as complete as this), and hashed keys (exact, prefix,
/// suffix, inner keys under 4 bytes) must not be reported where they do not occur — except
/// a raw key that occurs in the lowercased identifier, which the index files without its
/// family on purpose (the group's own check then rejects it).
@Suite struct LiteralIndexTests {
    private static let alphabet = Array("abcABXYZ09-_./:;".utf8)

    private static func occurs(_ key: IndexKey, reading read: [UInt8]) -> Bool {
        let bytes = key.bytes
        switch key.kind {
        case .exact: return read == bytes
        case .prefix: return read.starts(with: bytes)
        case .suffix: return read.count >= bytes.count && read.suffix(bytes.count).elementsEqual(bytes)
        case .inner:
            guard read.count >= bytes.count else { return false }
            return (0...(read.count - bytes.count)).contains { read[$0..<($0 + bytes.count)].elementsEqual(bytes) }
        }
    }

    /// 1,600 random keys of every kind and family, each cut from one of 400 identifiers whose
    /// lengths straddle the word size, the 64-byte mask limit and the gram widths.
    private static func randomKeys() -> (identifiers: [[UInt8]], keys: [IndexKey]) {
        var random = DeterministicRandom(seed: 4_2026)
        let identifiers: [[UInt8]] = (0..<400).map { _ in
            let length = random.chance(15) ? 60 + random.below(40) : random.below(30)
            return (0..<length).map { _ in Self.alphabet[random.below(Self.alphabet.count)] }
        }
        var keys: [IndexKey] = []
        for identifier in identifiers where !identifier.isEmpty {
            for _ in 0..<4 {
                let family = KeyFamily.allCases[random.below(KeyFamily.allCases.count)]
                let read = family != .caseSensitive ? identifier.map(ASCIIText.lowercase) : identifier
                let kind = [IndexKey.Kind.exact, .prefix, .suffix, .inner][random.below(4)]
                let length = kind == .exact ? read.count : 1 + random.below(read.count)
                let start = kind == .inner ? random.below(read.count - length + 1) : 0
                let bytes: [UInt8] =
                    switch kind {
                    case .exact, .prefix: Array(read.prefix(length))
                    case .suffix: Array(read.suffix(length))
                    case .inner: Array(read[start..<(start + length)])
                    }
                keys.append(IndexKey(kind: kind, family: family, bytes: bytes))
            }
        }
        return (identifiers, keys)
    }

    /// Probes every identifier: each live group whose key occurs must be reported; a live
    /// hashed key that does not occur (even lowercased), or any removed group, must not be.
    /// One expectation for the whole probe (about 600,000 cases), naming the first failures
    /// and how many there were.
    private static func expectProbes(
        _ index: LiteralIndex, _ identifiers: [[UInt8]], keyOf: [Int32: IndexKey], removed: Set<Int32>
    ) {
        var failures: [String] = []
        var failureCount = 0
        var cases = 0
        func fail(_ message: @autoclosure () -> String) {
            failureCount += 1
            if failures.count < 10 { failures.append(message()) }
        }
        for identifier in identifiers {
            var collector = GroupCollector()
            identifier.withUnsafeBufferPointer { buffer in
                index.probe(buffer, hasUppercase: ASCIIText.classify(buffer).hasUppercase, &collector)
            }
            let reported = collector.groups
            let text = String(decoding: identifier, as: UTF8.self)
            let lowercased = identifier.map(ASCIIText.lowercase)
            for group in removed {
                cases += 1
                if reported.contains(group) { fail("removed group \(group) reported for '\(text)'") }
            }
            for (group, key) in keyOf {
                cases += 1
                let found = reported.contains(group)
                if Self.occurs(key, reading: key.family != .caseSensitive ? lowercased : identifier) {
                    if !found {
                        fail(
                            "\(key.kind) \(key.family) key '\(String(decoding: key.bytes, as: UTF8.self))' missed in '\(text)'"
                        )
                    }
                } else if key.kind != .inner || key.bytes.count < 4,
                    !Self.occurs(key, reading: lowercased), found
                {
                    fail("\(key.kind) key '\(String(decoding: key.bytes, as: UTF8.self))' reported for '\(text)'")
                }
            }
        }
        #expect(cases > 100_000)
        #expect(
            failureCount == 0, "\(failureCount) of \(cases) cases failed, first: \(failures.joined(separator: "; "))")
    }

    @Test func reportsEveryKeyThatOccursAndNoHashedKeyThatDoesNot() {
        let (identifiers, keys) = Self.randomKeys()
        let index = LiteralIndex(flatLimit: 0)
        var keyOf: [Int32: IndexKey] = [:]
        for (group, key) in keys.enumerated() {
            _ = index.insert(Int32(group), key: key)
            keyOf[Int32(group)] = key
        }
        Self.expectProbes(index, identifiers, keyOf: keyOf, removed: [])
    }

    /// Removal must leave every other key findable (length classes and length masks shared
    /// with the removed key included) and re-filing must find the key again.
    @Test func removedKeysAreGoneAndTheRestStillFound() {
        let (identifiers, keys) = Self.randomKeys()
        let index = LiteralIndex(flatLimit: 0)
        var keyOf: [Int32: IndexKey] = [:]
        var placements: [Int32: LiteralIndex.Placement] = [:]
        for (group, key) in keys.enumerated() {
            placements[Int32(group)] = index.insert(Int32(group), key: key)
            keyOf[Int32(group)] = key
        }
        var removed = Set<Int32>()
        for group in stride(from: Int32(0), to: Int32(keys.count), by: 2) {
            index.remove(group, from: placements[group]!)
            keyOf[group] = nil
            removed.insert(group)
        }
        Self.expectProbes(index, identifiers, keyOf: keyOf, removed: removed)
        // The same keys filed again under new group ids.
        for group in removed.sorted() {
            let refiled = Int32(keys.count) + group
            _ = index.insert(refiled, key: keys[Int(group)])
            keyOf[refiled] = keys[Int(group)]
        }
        Self.expectProbes(index, identifiers, keyOf: keyOf, removed: removed)
    }

    /// An inner key goes under its least shared gram, and among equally shared ones under the
    /// last: literals that share a head (`ドキュメント/12/`, `https://host/item/12`) differ
    /// at the end, and a gram in the shared head would be probed by every identifier with it.
    @Test func anInnerKeyIsFiledUnderItsLastGramAmongTheLeastShared() {
        let index = LiteralIndex(flatLimit: 0)
        func gramSlot(_ literal: String, at offset: Int, width: Int) -> UInt64 {
            Array(literal.utf8).withUnsafeBufferPointer {
                LiteralIndex.gramKey(KeyHashing.gram($0, at: offset, width: width, .raw), width: width)
            }
        }
        func slot(of placement: LiteralIndex.Placement) -> UInt64? {
            if case .gram(let slot, _, _, _, _) = placement { slot } else { nil }
        }
        let first = "shared-head/12/"
        let placed = index.insert(1, key: IndexKey(kind: .inner, family: .caseSensitive, bytes: Array(first.utf8)))
        #expect(slot(of: placed) == gramSlot(first, at: first.utf8.count - 8, width: 8))
        let second = "x/12/"
        let placedSecond = index.insert(
            2, key: IndexKey(kind: .inner, family: .caseSensitive, bytes: Array(second.utf8)))
        #expect(slot(of: placedSecond) == gramSlot(second, at: 1, width: 4))
        // `/12/` is now shared: the next key holding it takes its last unshared gram.
        let third = "ad/12/"
        let placedThird = index.insert(3, key: IndexKey(kind: .inner, family: .caseSensitive, bytes: Array(third.utf8)))
        #expect(slot(of: placedThird) == gramSlot(third, at: 1, width: 4))
    }

    /// Past a core's private caches, prefixes, suffixes and grams are looked up in batches
    /// fetched ahead: the same keys must still be reported. 40,000 inner and 40,000 prefix
    /// keys of letters the identifiers never hold grow both tables that far.
    @Test func largeTablesProbeInBatchesAndStillReportEveryKey() {
        let (identifiers, keys) = Self.randomKeys()
        let index = LiteralIndex(flatLimit: 0)
        let letters = Array("defghijklmnopqrstuvw".utf8)
        for filler in 0..<80_000 {
            var digits = filler / 2
            let bytes: [UInt8] = (0..<8).map { _ in
                defer { digits /= letters.count }
                return letters[digits % letters.count]
            }
            let key = IndexKey(kind: filler % 2 == 0 ? .inner : .prefix, family: .caseSensitive, bytes: bytes)
            _ = index.insert(Int32(100_000 + filler), key: key)
        }
        #expect(index.probesInBatches == (anchored: true, grams: true))
        var keyOf: [Int32: IndexKey] = [:]
        for (group, key) in keys.enumerated() {
            _ = index.insert(Int32(group), key: key)
            keyOf[Int32(group)] = key
        }
        Self.expectProbes(index, identifiers, keyOf: keyOf, removed: [])
    }
}
