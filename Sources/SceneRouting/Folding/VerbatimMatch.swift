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
    ///
    /// A comparison that ignores case or diacritics (`folding`) also accepts, character for
    /// character, ASCII letters in either case and Latin-1 letters whose fold under those
    /// options is plain (``Folding/representative(of:)``): CFString compares each such
    /// character as that fold, so `GRÜPPE` matches `grüppe` under `[c]` and `gruppe` under
    /// `[cd]` here as there.
    static func found(
        _ literal: UnsafeBufferPointer<UInt8>, as kind: IndexKey.Kind, in identifier: UnsafeBufferPointer<UInt8>,
        folding: Folding = .none
    ) -> Bool {
        if foundByteForByte(literal, as: kind, in: identifier) { return true }
        guard folding != .none, !literal.isEmpty else { return false }
        // Trying every start could cost identifier × literal comparisons; a shortcut may give
        // up (CFString then decides), so the walk stops after a few per byte of input.
        var budget = 4 * (identifier.count + literal.count)
        switch kind {
        case .exact:
            return matchLength(literal, in: identifier, at: 0, folding, &budget) == identifier.count
        case .prefix:
            guard let end = matchLength(literal, in: identifier, at: 0, folding, &budget) else { return false }
            return endsCleanly(literal, in: identifier, at: end)
        case .suffix, .inner:
            // Each scalar start, first match only (a suffix: the one that ends at the end).
            var start = 0
            while start < identifier.count && budget > 0 {
                if let end = matchLength(literal, in: identifier, at: start, folding, &budget),
                    kind == .inner || end == identifier.count
                {
                    return startsCleanly(literal, in: identifier, at: start)
                        && endsCleanly(literal, in: identifier, at: end)
                }
                start += UTF8Scalar.length(ledBy: identifier[start])
            }
            return false
        }
    }

    /// Which differences a comparison ignores, as far as this shortcut follows it.
    enum Folding: Equatable {
        case none, caseOnly, diacriticsOnly, caseAndDiacritics

        /// The character CFString compares `scalar` as under these options, for ASCII and the
        /// Latin-1 letters whose fold is one plain letter (`Ü` → `ü`, `u` or `U`); nil for
        /// any other scalar, which then matches only itself.
        func representative(of scalar: UInt32) -> UInt32? {
            var value = scalar
            if value >= 0x80 {
                guard value >= 0xC0 && value <= 0xFF else { return nil }
                let base = Self.latin1Bases[Int(value - 0xC0)]
                guard base != UInt8(ascii: "?") else { return nil }
                if self == .diacriticsOnly || self == .caseAndDiacritics { value = UInt32(base) }
            }
            // Upper case, ASCII or Latin-1 (× and ß are out already), is lower case + 0x20.
            let upper = (0x41...0x5A).contains(value) || (0xC0...0xDE).contains(value)
            return (self == .caseOnly || self == .caseAndDiacritics) && upper ? value | 0x20 : value
        }

        /// U+00C0–U+00FF without their diacritics; `?` for what is not a letter with a plain
        /// fold (`×`, `÷`, `ß`, `Æ`, `Ð`, `Ø`, `Þ` and their lower case).
        private static let latin1Bases = Array("AAAAAA?CEEEEIIII?NOOOOO??UUUUY??aaaaaa?ceeeeiiii?nooooo??uuuuy?y".utf8)
    }

    /// How many bytes of `identifier` from `start` match `literal` character for character
    /// under `folding`, or nil if they do not.
    /// (`budget` counts down one per character compared; nil once it runs out.)
    private static func matchLength(
        _ literal: UnsafeBufferPointer<UInt8>, in identifier: UnsafeBufferPointer<UInt8>, at start: Int,
        _ folding: Folding,
        _ budget: inout Int
    ) -> Int? {
        var (at, from) = (start, 0)
        while from < literal.count {
            budget -= 1
            guard at < identifier.count, budget >= 0 else { return nil }
            let wanted = UTF8Scalar.decode(literal, at: from)
            let found = UTF8Scalar.decode(identifier, at: at)
            if wanted.value != found.value {
                guard let representative = folding.representative(of: wanted.value),
                    representative == folding.representative(of: found.value)
                else { return nil }
            }
            from += wanted.length
            at += found.length
        }
        return at
    }

    /// ``found(_:as:in:folding:)`` for the literal's own bytes.
    private static func foundByteForByte(
        _ literal: UnsafeBufferPointer<UInt8>, as kind: IndexKey.Kind, in identifier: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard !literal.isEmpty, literal.count <= identifier.count else { return false }
        let free = identifier.count - literal.count
        switch kind {
        case .exact:
            return free == 0 && ASCIIText.matchesAt(identifier, 0, literal, caseless: false)
        case .prefix:
            return ASCIIText.matchesAt(identifier, 0, literal, caseless: false)
                && endsCleanly(literal, in: identifier, at: literal.count)
        case .suffix:
            return ASCIIText.matchesAt(identifier, free, literal, caseless: false)
                && startsCleanly(literal, in: identifier, at: free)
        case .inner:
            // The first occurrence only: later ones are CFString's to find.
            guard let start = ASCIIText.firstIndex(of: literal, in: identifier, caseless: false) else { return false }
            return startsCleanly(literal, in: identifier, at: start)
                && endsCleanly(literal, in: identifier, at: start + literal.count)
        }
    }

    /// Whether the occurrence ending at `end` ends where no character sequence continues.
    private static func endsCleanly(
        _ literal: UnsafeBufferPointer<UInt8>, in identifier: UnsafeBufferPointer<UInt8>, at end: Int
    ) -> Bool {
        guard end < identifier.count else { return true }
        guard isPrintableASCII(literal[literal.count - 1]) else { return false }
        return isInertNeighbour(UTF8Scalar.decode(identifier, at: end).value)
    }

    /// Whether the occurrence starting at `start` starts where no character sequence began.
    private static func startsCleanly(
        _ literal: UnsafeBufferPointer<UInt8>, in identifier: UnsafeBufferPointer<UInt8>, at start: Int
    ) -> Bool {
        guard start > 0 else { return true }
        guard isPrintableASCII(literal[0]) else { return false }
        var lead = start - 1
        while lead > 0 && identifier[lead] & 0xC0 == 0x80 { lead -= 1 }
        return isInertNeighbour(UTF8Scalar.decode(identifier, at: lead).value)
    }

    @inline(__always)
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// A neighbour no sequence joins across, beside printable ASCII: printable ASCII itself,
    /// or a letter or digit of a script whose letters are all bases (Latin, Greek, Cyrillic
    /// and Armenian letters, kana, CJK ideographs, Hangul syllables), outside the marks,
    /// voicing marks and modifiers those blocks also hold.
    private static func isInertNeighbour(_ value: UInt32) -> Bool {
        if value < 0x80 { return isPrintableASCII(UInt8(value)) }
        let inScript =
            (0xC0...0x24F).contains(value) || (0x370...0x3FF).contains(value) || (0x400...0x482).contains(value)
            || (0x48A...0x58F).contains(value) || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
        guard inScript, let scalar = Unicode.Scalar(value) else { return false }
        let properties = scalar.properties
        guard properties.canonicalCombiningClass == .notReordered else { return false }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }
}
