/// Character names for ICU's `\N{NAME}`, which PCRE2 lacks: built once, on first use, from
/// the Unicode data the Swift runtime carries.
enum UnicodeNames {
    private static let table: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [:]
        table.reserveCapacity(300_000)
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            if let name = properties.name { table[name] = scalar }
            if let alias = properties.nameAlias, table[alias] == nil { table[alias] = scalar }
        }
        return table
    }()

    /// The scalar named `name` (ICU matches names case-insensitively; so do we).
    static func scalar(named name: String) -> Unicode.Scalar? {
        let key = name.uppercased().split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if key.hasPrefix("U+"), let value = UInt32(key.dropFirst(2), radix: 16) { return Unicode.Scalar(value) }
        return table[key]
    }
}
