/// Whether a comparison's literal appears verbatim in a non-ASCII identifier (the same UTF-8
/// bytes, where the comparison's kind says) between neighbours that cannot join it.
///
/// CFString compares composed character sequences: a literal found byte for byte can still
/// be no match when the identifier's sequence goes on past its end (`BEGINSWITH 'cafe'` on
/// "cafe\u{301}", `CONTAINS 'x\u{1100}'` on "x\u{1100}각"). At an edge where the literal's
/// own character is printable ASCII and the identifier's neighbour is printable ASCII or a
/// letter that joins nothing before or after it, no sequence crosses the edge, and identical
/// text between such edges matches under every option (case, diacritics, width and
/// canonical equivalence only make more text match). The start edge is held to the same
/// rule, though CFString also finds a literal that begins inside a sequence: a shortcut
/// must only ever answer what CFString would. A hit found this way needs no Foundation
/// call; every other hit (other case, another normalization, another neighbour) still does.
enum VerbatimMatch {
    /// Whether `literal` (non-empty) is found verbatim as `kind` in `identifier`, both
    /// valid UTF-8; false means "ask CFString", not "no match".
    static func found(
        _ literal: UnsafeBufferPointer<UInt8>, as kind: IndexKey.Kind, in identifier: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard !literal.isEmpty, literal.count <= identifier.count else { return false }
        let free = identifier.count - literal.count
        switch kind {
        case .exact:
            return free == 0 && ASCIIText.matchesAt(identifier, 0, literal, caseless: false)
        case .prefix:
            return ASCIIText.matchesAt(identifier, 0, literal, caseless: false) && endsCleanly(literal, in: identifier, at: literal.count)
        case .suffix:
            return ASCIIText.matchesAt(identifier, free, literal, caseless: false) && startsCleanly(literal, in: identifier, at: free)
        case .inner:
            // The first occurrence only: later ones are CFString's to find.
            guard let start = ASCIIText.firstIndex(of: literal, in: identifier, caseless: false) else { return false }
            return startsCleanly(literal, in: identifier, at: start) && endsCleanly(literal, in: identifier, at: start + literal.count)
        }
    }

    /// Whether the occurrence ending at `end` ends where no character sequence continues.
    private static func endsCleanly(_ literal: UnsafeBufferPointer<UInt8>, in identifier: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        guard end < identifier.count else { return true }
        guard isPrintableASCII(literal[literal.count - 1]) else { return false }
        return isInertNeighbour(scalar(in: identifier, startingAt: end))
    }

    /// Whether the occurrence starting at `start` starts where no character sequence began.
    private static func startsCleanly(_ literal: UnsafeBufferPointer<UInt8>, in identifier: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start > 0 else { return true }
        guard isPrintableASCII(literal[0]) else { return false }
        var lead = start - 1
        while lead > 0 && identifier[lead] & 0xC0 == 0x80 { lead -= 1 }
        return isInertNeighbour(scalar(in: identifier, startingAt: lead))
    }

    @inline(__always)
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// A neighbour no sequence joins across, beside printable ASCII: printable ASCII itself,
    /// or a letter or digit of a script whose letters are all bases (Latin, Greek, Cyrillic
    /// and Armenian letters, kana, CJK ideographs, Hangul syllables), outside the marks,
    /// voicing marks and modifiers those blocks also hold.
    private static func isInertNeighbour(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        let value = scalar.value
        if value < 0x80 { return isPrintableASCII(UInt8(value)) }
        let inScript =
            (0xC0...0x24F).contains(value) || (0x370...0x3FF).contains(value) || (0x400...0x482).contains(value)
            || (0x48A...0x58F).contains(value) || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
        guard inScript else { return false }
        let properties = scalar.properties
        guard properties.canonicalCombiningClass == .notReordered else { return false }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }

    /// The scalar whose UTF-8 sequence starts at `offset` (nil on a malformed one).
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int) -> Unicode.Scalar? {
        let lead = UInt32(bytes[offset])
        let (length, initial): (Int, UInt32) =
            switch lead {
            case 0..<0x80: (1, lead)
            case 0xC0..<0xE0: (2, lead & 0x1F)
            case 0xE0..<0xF0: (3, lead & 0x0F)
            case 0xF0..<0xF8: (4, lead & 0x07)
            default: (0, 0)
            }
        guard length > 0, offset + length <= bytes.count else { return nil }
        var value = initial
        for index in 1..<max(1, length) {
            let byte = UInt32(bytes[offset + index])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (byte & 0x3F)
        }
        return Unicode.Scalar(value)
    }
}
