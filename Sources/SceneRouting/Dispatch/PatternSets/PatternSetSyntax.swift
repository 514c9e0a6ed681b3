import PredicateSyntax

/// Which translated patterns may join a Hyperscan pattern set: those written only with
/// constructs that Hyperscan reads exactly as PCRE2 does, so that a set never misses a
/// match PCRE2 would find (a miss would be a wrong route; an extra report only costs the
/// PCRE2 verification that follows every report).
///
/// Admitted: literal text (any UTF-8), escaped punctuation, `\xHH` and `\x{…}`, `.`,
/// bracketed sets of those with ranges and `^`, groups `(…)` and `(?:…)`, `|`, and the
/// quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (greedy or lazy; counts up to
/// ``maximumRepeat``). Everything else keeps its pattern out of sets: anchors and
/// boundaries, which the route's whole-identifier match makes position-dependent; class
/// escapes (`\d`, `\w`, `\p{…}`), whose Unicode tables may differ between the libraries;
/// back-references, lookaround, inline flags, possessive and atomic forms; and any brace or
/// bracket PCRE2 would take as a literal.
enum PatternSetSyntax {
    /// The largest repeat count admitted: Hyperscan's compile time grows with bounded
    /// repeats, and sets are compiled while a table is built or changed.
    static let maximumRepeat = 100
    /// The longest pattern admitted, in bytes.
    static let maximumLength = 1_024

    /// Whether `pattern` (PCRE2 syntax, as the translation produced it) may join a set.
    static func admits(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        var index = 0
        var afterQuantifier = false
        while index < bytes.count {
            let byte = bytes[index]
            var quantifier = false
            switch byte {
            case UInt8(ascii: "\\"):
                guard let next = escapeEnd(bytes, at: index) else { return false }
                index = next
                afterQuantifier = false
                continue
            case UInt8(ascii: "("):
                if index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "*")
                {
                    guard bytes[index + 1] == UInt8(ascii: "?"), index + 2 < bytes.count,
                        bytes[index + 2] == UInt8(ascii: ":")
                    else { return false }
                    index += 3
                    afterQuantifier = false
                    continue
                }
            case UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "."):
                break
            case UInt8(ascii: "["):
                guard let next = setEnd(bytes, at: index) else { return false }
                index = next
                afterQuantifier = false
                continue
            case UInt8(ascii: "*"), UInt8(ascii: "+"):
                // `a*+` is possessive; `a**` is an error PCRE2 already refused.
                if afterQuantifier { return false }
                quantifier = true
            case UInt8(ascii: "?"):
                // After a quantifier, `?` makes it lazy: the same set of whole matches.
                quantifier = !afterQuantifier
                if afterQuantifier {
                    index += 1
                    afterQuantifier = false
                    continue
                }
            case UInt8(ascii: "{"):
                guard !afterQuantifier, let next = repeatEnd(bytes, at: index) else { return false }
                index = next
                afterQuantifier = true
                continue
            case UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "#"):
                return false
            default:
                // Literal text, including every byte of a multi-byte character.
                break
            }
            afterQuantifier = quantifier
            index += 1
        }
        return true
    }

    /// The end of the escape at `index` (a backslash), or nil unless it is escaped ASCII
    /// punctuation or a hexadecimal character code.
    private static func escapeEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index + 1 < bytes.count else { return nil }
        let escaped = bytes[index + 1]
        if escaped == UInt8(ascii: "x") {
            if index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "{") {
                var end = index + 3
                while end < bytes.count, isHexDigit(bytes[end]) { end += 1 }
                guard end > index + 3, end - (index + 3) <= 6, end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
                    return nil
                }
                return end + 1
            }
            guard index + 3 < bytes.count, isHexDigit(bytes[index + 2]), isHexDigit(bytes[index + 3]) else {
                return nil
            }
            return index + 4
        }
        let isPunctuation = (0x21...0x7E).contains(escaped) && !isAlphanumeric(escaped)
        return isPunctuation ? index + 2 : nil
    }

    /// The end of the bracketed set at `index` (a `[`), or nil unless it holds only literal
    /// characters, escapes ``escapeEnd(_:at:)`` admits and ranges.
    private static func setEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        var position = index + 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "^") { position += 1 }
        // A `]` first is a literal to PCRE2: refused rather than relied on.
        guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { return nil }
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "]"):
                return position + 1
            case UInt8(ascii: "["):
                return nil
            case UInt8(ascii: "\\"):
                guard let next = escapeEnd(bytes, at: position) else { return nil }
                position = next
            default:
                position += 1
            }
        }
        return nil
    }

    /// The end of the counted repeat at `index` (a `{`): `{n}`, `{n,}` or `{n,m}` with counts
    /// up to ``maximumRepeat``, optionally lazy; nil for anything else.
    private static func repeatEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        var position = index + 1
        func number() -> Int? {
            let start = position
            var value = 0
            while position < bytes.count, isDigit(bytes[position]), position - start < 4 {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            return position > start ? value : nil
        }
        guard let low = number(), low <= maximumRepeat, position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                guard let high = number(), high >= low, high <= maximumRepeat else { return nil }
            }
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else { return nil }
        position += 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "+") { return nil }
        if position < bytes.count, bytes[position] == UInt8(ascii: "?") { position += 1 }
        return position
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    private static func isHexDigit(_ byte: UInt8) -> Bool { HexDigit.value(byte) != nil }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26
    }
}
