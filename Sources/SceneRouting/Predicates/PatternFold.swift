import Foundation

/// The form `LIKE` and `MATCHES` read a non-ASCII identifier in — folded for the mode
/// (``FoldMode/fold(_:)``), then normalised to NFKC — made without Foundation for the text
/// most identifiers are: ASCII, two-byte scalars (Latin, Greek, Cyrillic, Hebrew, Arabic)
/// and a few ranges of scalars the modes leave as they are (CJK ideographs, pictographs, and
/// kana unless diacritics are ignored).
///
/// Folding and normalising such text is done scalar by scalar: each of these scalars is a
/// starter (canonical combining class 0) that is not a mark nor a format character and that
/// nothing before it composes with, and so is the first scalar of its form, so no neighbour
/// changes a scalar's form and the forms concatenate. Text holding anything else (a mark, a
/// compatibility character outside two bytes, Hangul jamo, a skin tone) returns nil and is
/// left to Foundation. The two-byte forms are Foundation's own, asked once per scalar and
/// mode when the table is first used.
final class PatternFold: @unchecked Sendable {
    /// The table every route uses, made on first use (about 7,700 of Foundation's folds, a
    /// quarter of what ``KeyFold/shared`` costs to make, which a non-ASCII route needs first).
    static let shared = PatternFold()

    /// The bytes an output buffer for the form of `count` bytes must have: two per byte of
    /// text at most, and room for a four-byte store at the end. Static, so that making room
    /// does not make the table.
    static func outputCapacity(for count: Int) -> Int { count * 2 + 4 }

    /// Per folding mode (``slot(of:)``), per two-byte scalar: its form's bytes in bits 0–31 and their count in bits 32–39, and
    /// ``usable`` set when the form is at most four bytes and begins with an ASCII or two-byte
    /// starter.
    private let entries = OwnedBuffer<UInt64>(zeroedCapacity: PatternFold.scalars * PatternFold.slots)
    private static let scalars = 0x800
    private static let usable: UInt64 = 1 << 40

    /// The folding modes, one table (and one form per route) each.
    static let slots = 4

    /// Which of the ``slots`` `mode` uses: its place after ``FoldMode/literal``, which has
    /// no form to make (nil).
    static func slot(of mode: FoldMode) -> Int? { mode == .literal ? nil : mode.rawValue - 1 }

    private init() {
        for modeIndex in 0..<Self.slots {
            let mode = FoldMode(rawValue: modeIndex + 1)!
            for value in UInt32(0x80)..<UInt32(Self.scalars) {
                guard let scalar = Unicode.Scalar(value), Self.standsAlone(scalar) else { continue }
                let form = mode.fold(String(scalar)).precomposedStringWithCompatibilityMapping
                let bytes = Array(form.utf8)
                guard bytes.count <= 4 else { continue }
                if let first = form.unicodeScalars.first {
                    guard first.value < UInt32(Self.scalars), Self.standsAlone(first) else { continue }
                }
                let packed = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
                entries[modeIndex * Self.scalars + Int(value)] = packed | UInt64(bytes.count) << 32 | Self.usable
            }
        }
    }

    /// Whether `scalar` begins a character of its own and leaves its neighbours to theirs: a
    /// starter that is not a mark (some marks are starters, yet join the character before
    /// them, which folding then treats as one), nor a format or control character.
    private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.canonicalCombiningClass == .notReordered else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: return false
        default: return true
        }
    }

    /// Writes the form of `text` (valid UTF-8) for `mode` (not ``FoldMode/literal``) to
    /// `output`, which must have room for ``outputCapacity(for:)`` of `text.count` bytes;
    /// returns how many bytes it wrote, or nil for text this table cannot fold.
    /// - Complexity: O(`text.count`); no allocation.
    func form(_ text: UnsafeBufferPointer<UInt8>, _ mode: FoldMode, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        guard let modeIndex = Self.slot(of: mode) else { return nil }
        let table = entries.base + modeIndex * Self.scalars
        let lowercases = mode.foldsCase
        var written = 0
        var index = 0
        let count = text.count
        while index < count {
            let lead = text[index]
            if lead < 0x80 {
                // Folding changes ASCII only by lowercasing it, and NFKC not at all.
                output[written] = lowercases ? ASCIIText.lowercase(lead) : lead
                written &+= 1
                index &+= 1
                continue
            }
            if lead < 0xE0 {
                let entry = table[Int(lead & 0x1F) << 6 | Int(text[index &+ 1] & 0x3F)]
                guard entry & Self.usable != 0 else { return nil }
                UnsafeMutableRawPointer(output + written).storeBytes(
                    of: UInt32(truncatingIfNeeded: entry).littleEndian, as: UInt32.self)
                written &+= Int(entry &>> 32 & 0xFF)
                index &+= 2
                continue
            }
            let (value, length) = UTF8Scalar.decode(text, at: index)
            guard
                Self.isUnchangedInEveryMode(value)
                    || (!mode.ignoresDiacritics && Self.isUnchangedUnlessDiacriticsAreIgnored(value))
            else {
                return nil
            }
            for offset in 0..<length { output[written &+ offset] = text[index &+ offset] }
            written &+= length
            index &+= length
        }
        return written
    }

    /// Kana without their voicing marks: their own form without options and under `[c]`;
    /// `[d]` takes the voicing off `ド`.
    static func isUnchangedUnlessDiacriticsAreIgnored(_ value: UInt32) -> Bool {
        (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
    }

    /// Scalars of three or four bytes that are their own form in every mode: caseless,
    /// without decomposition or diacritics, and composing with nothing.
    static func isUnchangedInEveryMode(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FFF, // CJK unified ideographs
            0x1F300...0x1F3FA, 0x1F400...0x1F64F: // pictographs, emoticons (not skin tones)
            return true
        default:
            return false
        }
    }
}
