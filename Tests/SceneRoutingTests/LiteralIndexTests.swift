import Testing

@testable import SceneRouting

/// The index must report every group whose key occurs in an identifier where its kind says
/// (the table's routes are only as complete as this), and hashed keys (exact, prefix,
/// suffix, inner keys under 4 bytes) must not be reported where they do not occur — except
/// a raw key that occurs in the lowercased identifier, which the index files without its
/// family on purpose (the group's own check then rejects it).
@Suite struct LiteralIndexTests {
    private struct Filed {
        let key: IndexKey
        let identifier: Int
    }

    private struct Collector: GroupVisitor {
        var groups = Set<Int32>()
        mutating func visit(_ group: Int32) { groups.insert(group) }
    }

    private static let alphabet = Array("abcABXYZ09-_./:;".utf8)

    private static func occurs(_ key: IndexKey, in identifier: [UInt8]) -> Bool {
        occurs(key, reading: key.family == .lowercase ? identifier.map(ASCIIText.lowercase) : identifier)
    }

    private static func occurs(_ key: IndexKey, reading read: [UInt8]) -> Bool {
        let bytes = key.bytes
        switch key.kind {
        case .exact: return read == bytes
        case .prefix: return read.starts(with: bytes)
        case .suffix: return read.count >= bytes.count && Array(read.suffix(bytes.count)) == bytes
        case .inner:
            guard read.count >= bytes.count else { return false }
            return (0...(read.count - bytes.count)).contains { Array(read[$0..<($0 + bytes.count)]) == bytes }
        }
    }

    @Test func reportsEveryKeyThatOccursAndNoHashedKeyThatDoesNot() {
        var random = DeterministicRandom(seed: 4_2026)
        // Lengths straddle the word size, the 64-byte mask limit and the gram widths.
        let identifiers: [[UInt8]] = (0..<400).map { _ in
            let length = random.chance(15) ? 60 + random.below(40) : random.below(30)
            return (0..<length).map { _ in Self.alphabet[random.below(Self.alphabet.count)] }
        }
        let index = LiteralIndex()
        var filed: [Filed] = []
        for (position, identifier) in identifiers.enumerated() where !identifier.isEmpty {
            for _ in 0..<4 {
                let family: KeyFamily = random.chance(50) ? .raw : .lowercase
                let read = family == .lowercase ? identifier.map(ASCIIText.lowercase) : identifier
                let kind = [IndexKey.Kind.exact, .prefix, .suffix, .inner][random.below(4)]
                let length = kind == .exact ? read.count : 1 + random.below(read.count)
                let start = kind == .inner ? random.below(read.count - length + 1) : 0
                let bytes: [UInt8] =
                    switch kind {
                    case .exact, .prefix: Array(read.prefix(length))
                    case .suffix: Array(read.suffix(length))
                    case .inner: Array(read[start..<(start + length)])
                    }
                let key = IndexKey(kind: kind, family: family, bytes: bytes)
                _ = index.insert(Int32(filed.count), key: key)
                filed.append(Filed(key: key, identifier: position))
            }
        }
        for identifier in identifiers {
            var collector = Collector()
            identifier.withUnsafeBufferPointer { buffer in index.probe(buffer, &collector) }
            let reported = collector.groups
            for (group, entry) in filed.enumerated() {
                let present = Self.occurs(entry.key, in: identifier)
                let found = reported.contains(Int32(group))
                if present {
                    #expect(found, "\(entry.key.kind) \(entry.key.family) key '\(String(decoding: entry.key.bytes, as: UTF8.self))' missed in '\(String(decoding: identifier, as: UTF8.self))'")
                } else if entry.key.kind != .inner || entry.key.bytes.count < 4,
                    !Self.occurs(entry.key, reading: identifier.map(ASCIIText.lowercase))
                {
                    #expect(!found, "\(entry.key.kind) key '\(String(decoding: entry.key.bytes, as: UTF8.self))' reported for '\(String(decoding: identifier, as: UTF8.self))'")
                }
            }
        }
    }
}
