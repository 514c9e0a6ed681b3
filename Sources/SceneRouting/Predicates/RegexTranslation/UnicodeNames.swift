/// Character names for ICU's `\N{NAME}`, which PCRE2 lacks, from the Unicode data the Swift
/// runtime carries.
///
/// Names of the form `PREFIX-HEX` (CJK, Tangut, Khitan, Nushu and the CJK compatibility
/// ideographs: about 100,000 scalars) are read from their code point, and Hangul syllables
/// from a scan of their own block. Only the other named scalars, about 40,000 in a few
/// ranges, go in a table: 64-bit name hashes beside scalars, sorted, built once on first use
/// (a few milliseconds and under half a megabyte, against a dictionary over every code point).
enum UnicodeNames {
    /// Where named scalars live apart from the algorithmically named blocks above.
    static let listedRanges: [ClosedRange<UInt32>] = [
        0x0000...0x33FF, 0x4DC0...0x4DFF, 0xA000...0xABFF, 0xD7A4...0xD7FF, 0xF900...0xFFFF,
        0x10000...0x16FFF, 0x18800...0x1FFFF, 0xE0000...0xE0FFF,
    ]
    static let hangulSyllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    private struct Entry {
        var hash: UInt64
        var scalar: UInt32
    }

    private static let table: [Entry] = {
        var entries: [Entry] = []
        entries.reserveCapacity(48_000)
        for range in listedRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let properties = scalar.properties
                if let name = properties.name { entries.append(Entry(hash: hash(name), scalar: value)) }
                if let alias = properties.nameAlias { entries.append(Entry(hash: hash(alias), scalar: value)) }
            }
        }
        entries.sort { $0.hash < $1.hash }
        return entries
    }()

    /// FNV-1a over the UTF-8 of a normalised name.
    private static func hash(_ name: String) -> UInt64 {
        Hashing.fnv1a(name.utf8)
    }

    private static func isNamed(_ scalar: Unicode.Scalar, _ key: String) -> Bool {
        scalar.properties.name == key || scalar.properties.nameAlias == key
    }

    /// The scalar named `name` (ICU matches names case-insensitively; so do we).
    static func scalar(named name: String) -> Unicode.Scalar? {
        let key = name.uppercased().split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if key.hasPrefix("U+"), let value = UInt32(key.dropFirst(2), radix: 16) { return Unicode.Scalar(value) }
        if let dash = key.lastIndex(of: "-"), let value = UInt32(key[key.index(after: dash)...], radix: 16),
            let scalar = Unicode.Scalar(value), isNamed(scalar, key)
        {
            return scalar
        }
        if key.hasPrefix("HANGUL SYLLABLE ") {
            return hangulSyllables.lazy.compactMap(Unicode.Scalar.init).first { isNamed($0, key) }
        }
        let wanted = hash(key)
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            if table[middle].hash < wanted { low = middle + 1 } else { high = middle }
        }
        while low < table.count, table[low].hash == wanted {
            if let scalar = Unicode.Scalar(table[low].scalar), isNamed(scalar, key) { return scalar }
            low += 1
        }
        return nil
    }
}
