/// The per-scalar folds of the three key families (``KeyFamily``), read from a table that
/// is generated from Foundation's own folding (``KeyFold/data``), and built on first use:
/// some milliseconds and about a megabyte of two-level lookup tables, so that folding an
/// identifier costs two loads per non-ASCII scalar (one for a two-byte scalar) and never
/// calls Foundation. The build
/// also notes which scalars fold otherwise than by ASCII case between families, so that an
/// identifier without one is folded once and lowercased for the caseless families.
///
/// The fold of a scalar is what remains after repeating, until nothing changes: CFString's
/// fold for the family's options (with width insensitivity), compatibility decomposition,
/// and removal of every mark and of what CFString ignores. ASCII is left as is
/// (case-sensitive family) or lowercased; Hangul syllables decompose into their jamo by
/// arithmetic, as Unicode defines it, in every family.
///
/// `@unchecked Sendable`: the tables are written in `init` only and read through pointers
/// (no reference counting per scalar), which this object owns until it is released.
final class KeyFold: @unchecked Sendable {
    /// The table every lookup uses.
    static let shared = KeyFold(data: KeyFold.data)

    /// Per family, `scalar >> 8` → first entry of that scalar's block in `entries`
    /// (`blockCount` per family); block 0 is all identity.
    private let blocks: OwnedBuffer<UInt32>
    private static let blockCount = 0x1100
    /// 256 entries per block: 0 keeps the scalar and is a reliable needle; otherwise bit 31
    /// set if the scalar has a mapping (then its byte length in bits 24–29, bit 23 set if it
    /// holds an upper-case ASCII letter, and its offset in `mappings` below in bits 0–22),
    /// bit 30 set if it is an unreliable needle (``isReliableNeedle(_:_:)``).
    private let entries: OwnedBuffer<UInt32>
    /// The UTF-8 bytes of every mapping, back to back, and eight bytes more: a mapping of up
    /// to eight bytes is copied as one word.
    private let mappings: OwnedBuffer<UInt8>
    /// Folded bytes per input byte, at most (see ``outputCapacity(for:)``).
    let maximumExpansion: Int
    /// Per family, the fold of every two-byte scalar (U+0080–U+07FF: Latin, Greek, Cyrillic,
    /// Hebrew, Arabic), indexed by the scalar: what most non-ASCII identifiers are made of,
    /// folded with one load instead of the two-level lookup and its checks. An entry holds
    /// the folded bytes in bits 0–31 and their count in bits 32–39, and sets
    /// ``TwoByteFold/direct`` when they fit (up to four bytes), ``TwoByteFold/uppercase`` when
    /// they hold an upper-case ASCII letter and ``TwoByteFold/underivable`` as
    /// ``isUnderivable(_:)`` says.
    @exclusivity(unchecked) private var twoByteFolds: OwnedBuffer<UInt64>?
    private enum TwoByteFold {
        static let scalars = 0x800
        static let direct: UInt64 = 1 << 40
        static let uppercase: UInt64 = 1 << 41
        static let underivable: UInt64 = 1 << 42
    }

    /// The bytes an output buffer for folding `count` bytes must have: room for any fold,
    /// and for the whole word the last ASCII bytes are stored as.
    func outputCapacity(for count: Int) -> Int { count * maximumExpansion + 8 }
    /// Scalars whose case-insensitive or diacritic-insensitive fold is not their
    /// case-sensitive fold with ASCII lowercased (`Ж`, `ß`, `Ø`): per 256-scalar block, a
    /// page of four words (page 0 empty), so a route that folded an identifier without such a
    /// scalar derives its other two folds from the first (``derivesCaselessFolds``).
    /// Empty until `init` has the folds to compute them from.
    @exclusivity(unchecked) private var underivablePageOfBlock = OwnedBuffer<UInt16>(zeroedCapacity: 0)
    @exclusivity(unchecked) private var underivablePages = OwnedBuffer<UInt64>(zeroedCapacity: 0)

    /// Parses the generated table. Lines read `FAMILIES FIRST[-LAST] MAPPING`: families are
    /// letters (`s` case-sensitive, `c` case-insensitive, `a` case- and
    /// diacritic-insensitive), scalars hexadecimal, and the mapping `x` (removed), `+H` or
    /// `-H` (each scalar moved by H), scalars joined by `.`, or `!`: CFString matches these
    /// scalars unreliably in literals (listed after the mappings).
    init(data: String) {
        var blockOfScalar = [[UInt32]](
            repeating: [UInt32](repeating: 0, count: 0x1100), count: KeyFamily.allCases.count)
        var entries = [UInt32](repeating: 0, count: 256)
        var mappings: [UInt8] = []
        var mappingOffsets: [[UInt8]: UInt32] = [:]
        var expansion = 1
        for line in data.split(separator: "\n") where !line.isEmpty {
            let fields = line.split(separator: " ")
            precondition(fields.count == 3, "malformed fold table line: \(line)")
            let bounds = fields[1].split(separator: "-").map { UInt32($0, radix: 16)! }
            let (first, last) = (bounds[0], bounds.count > 1 ? bounds[1] : bounds[0])
            let families = fields[0].map { letter -> KeyFamily in
                switch letter {
                case "s": .caseSensitive
                case "c": .caseInsensitive
                default: .caseAndDiacriticInsensitive
                }
            }
            if fields[2] == "!" {
                for value in first...last {
                    for family in families {
                        let block = Int(value >> 8)
                        if blockOfScalar[family.rawValue][block] == 0 {
                            blockOfScalar[family.rawValue][block] = UInt32(entries.count)
                            entries += [UInt32](repeating: 0, count: 256)
                        }
                        entries[Int(blockOfScalar[family.rawValue][block]) + Int(value & 0xFF)] |= 1 << 30
                    }
                }
                continue
            }
            for value in first...last {
                let mapped: [UInt8]
                let spec = fields[2]
                if spec == "x" {
                    mapped = []
                } else if let sign = spec.first, sign == "+" || sign == "-" {
                    let delta = UInt32(spec.dropFirst(), radix: 16)!
                    let target = sign == "+" ? value + delta : value - delta
                    mapped = Array(String(Unicode.Scalar(target)!).utf8)
                } else {
                    mapped = spec.split(separator: ".").flatMap {
                        Array(String(Unicode.Scalar(UInt32($0, radix: 16)!)!).utf8)
                    }
                }
                let sourceLength = String(Unicode.Scalar(value)!).utf8.count
                expansion = max(expansion, (mapped.count + sourceLength - 1) / sourceLength)
                let offset: UInt32
                if let known = mappingOffsets[mapped] {
                    offset = known
                } else {
                    offset = UInt32(mappings.count)
                    mappings += mapped
                    mappingOffsets[mapped] = offset
                }
                precondition(mapped.count < 64 && offset < 1 << 23, "fold table mapping out of range")
                let uppercase: UInt32 = mapped.contains { (0x41...0x5A).contains($0) } ? 1 << 23 : 0
                let entry = 1 << 31 | UInt32(mapped.count) << 24 | uppercase | offset
                for family in families {
                    let block = Int(value >> 8)
                    if blockOfScalar[family.rawValue][block] == 0 {
                        blockOfScalar[family.rawValue][block] = UInt32(entries.count)
                        entries += [UInt32](repeating: 0, count: 256)
                    }
                    entries[Int(blockOfScalar[family.rawValue][block]) + Int(value & 0xFF)] = entry
                }
            }
        }
        blocks = OwnedBuffer(copying: Array(blockOfScalar.joined()))
        self.entries = OwnedBuffer(copying: entries)
        self.mappings = OwnedBuffer(copying: mappings + [UInt8](repeating: 0, count: 8))
        // A Hangul syllable's three bytes become up to nine.
        maximumExpansion = max(expansion, 3)
        let mappedBlocks = (0..<Self.blockCount).filter { block in blockOfScalar.contains { $0[block] != 0 } }
        let (pageOfBlock, pages) = underivableScalars(inBlocks: mappedBlocks)
        underivablePageOfBlock = OwnedBuffer(copying: pageOfBlock)
        underivablePages = OwnedBuffer(copying: pages)
        twoByteFolds = OwnedBuffer(copying: makeTwoByteFolds())
    }

    /// ``twoByteFolds``, from the folds the tables give (made while `twoByteFolds` is empty,
    /// so through the two-level lookup).
    private func makeTwoByteFolds() -> [UInt64] {
        var table = [UInt64](repeating: 0, count: TwoByteFold.scalars * KeyFamily.allCases.count)
        var output = [UInt8](repeating: 0, count: outputCapacity(for: 2))
        for value in UInt32(0x80)..<UInt32(TwoByteFold.scalars) {
            let text: [UInt8] = [0xC0 | UInt8(value >> 6), 0x80 | UInt8(value & 0x3F)]
            let underivable = isUnderivable(value) ? TwoByteFold.underivable : 0
            for family in KeyFamily.allCases {
                let folded = text.withUnsafeBufferPointer { text in
                    output.withUnsafeMutableBufferPointer { Array($0[0..<fold(text, family, into: $0.baseAddress!)]) }
                }
                guard folded.count <= 4 else { continue }
                let bytes = folded.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
                let uppercase = folded.contains { (0x41...0x5A).contains($0) } ? TwoByteFold.uppercase : 0
                table[TwoByteFold.scalars * family.rawValue + Int(value)] =
                    bytes | UInt64(folded.count) << 32 | TwoByteFold.direct | uppercase | underivable
            }
        }
        return table
    }

    /// The pages of ``underivablePages``: only blocks where some family maps a scalar can
    /// hold one (elsewhere every fold is the scalar itself, or a Hangul syllable's jamo in
    /// every family).
    private func underivableScalars(inBlocks mappedBlocks: [Int]) -> (pageOfBlock: [UInt16], pages: [UInt64]) {
        var pageOfBlock = [UInt16](repeating: 0, count: Self.blockCount)
        var pages = [UInt64](repeating: 0, count: 4)
        let room = outputCapacity(for: 4)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 + 3 * room) { buffer in
            let base = buffer.baseAddress!
            for block in mappedBlocks {
                var page = [UInt64](repeating: 0, count: 4)
                for value in UInt32(block << 8)..<UInt32((block + 1) << 8) {
                    guard let scalar = Unicode.Scalar(value) else { continue }
                    var length = 0
                    for byte in String(scalar).utf8 {
                        base[length] = byte
                        length += 1
                    }
                    let text = UnsafeBufferPointer(start: base, count: length)
                    let folds = KeyFamily.allCases.map { family in
                        Array(
                            UnsafeBufferPointer(
                                start: base + 4 + room * family.rawValue,
                                count: fold(text, family, into: base + 4 + room * family.rawValue)))
                    }
                    let lowered = folds[0].map { $0 < 0x80 ? ASCIIText.lowercase($0) : $0 }
                    if folds[1] != lowered || folds[2] != lowered { page[Int(value & 0xFF) >> 6] |= 1 << (value & 63) }
                }
                if page != [0, 0, 0, 0] {
                    pageOfBlock[block] = UInt16(pages.count / 4)
                    pages += page
                }
            }
        }
        return (pageOfBlock, pages)
    }

    /// Whether `value`'s caseless folds are not its case-sensitive fold with ASCII lowercased.
    @inline(__always)
    private func isUnderivable(_ value: UInt32) -> Bool {
        guard value >> 8 < Self.blockCount else { return false }
        let page = Int(underivablePageOfBlock[Int(value >> 8)])
        return underivablePages[page * 4 + Int(value & 0xFF) >> 6] & (1 << UInt64(value & 63)) != 0
    }

    /// Writes the fold of `text` (valid UTF-8) for `family` to `output`, which must have room
    /// for ``outputCapacity(for:)`` of `text.count` bytes; returns how many bytes it wrote.
    /// - Complexity: O(`text.count`); no allocation.
    func fold(_ text: UnsafeBufferPointer<UInt8>, _ family: KeyFamily, into output: UnsafeMutablePointer<UInt8>) -> Int
    {
        fold(text, family, into: output, noting: nil)
    }

    /// What folding for the case-sensitive family noted on the way.
    struct Notes {
        /// Whether the other two folds are this one with ASCII lowercased
        /// (``lowercasingASCII(_:into:)``): true unless the text holds a scalar whose
        /// caseless folds differ otherwise (`Ж`, `ß`, `Ø`).
        var derivesCaselessFolds = true
        /// Whether the fold holds an upper-case ASCII letter (without one, and deriving, all
        /// three folds are the same bytes).
        var hasUppercase = false
    }

    /// ``fold(_:_:into:)`` for the case-sensitive family, with its ``Notes``.
    func foldCaseSensitive(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> (
        length: Int, notes: Notes
    ) {
        var notes = Notes()
        let length = fold(text, .caseSensitive, into: output, noting: &notes)
        return (length, notes)
    }

    /// Copies `folded` to `output` with its ASCII letters lowercased, a word at a time.
    static func lowercasingASCII(_ folded: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        var index = 0
        let count = folded.count
        if let raw = UnsafeRawPointer(folded.baseAddress) {
            while index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                UnsafeMutableRawPointer(output + index).storeBytes(
                    of: ASCIIText.lowercasedASCIIBytes(word), as: UInt64.self)
                index += 8
            }
        }
        while index < count {
            let byte = folded[index]
            output[index] = byte < 0x80 ? ASCIIText.lowercase(byte) : byte
            index += 1
        }
    }

    @inline(__always)
    private func fold(
        _ text: UnsafeBufferPointer<UInt8>, _ family: KeyFamily, into output: UnsafeMutablePointer<UInt8>,
        noting notes: UnsafeMutablePointer<Notes>?
    ) -> Int {
        let blocks = self.blocks.base + Self.blockCount * family.rawValue
        let twoByteFolds = (self.twoByteFolds?.base).map { $0 + TwoByteFold.scalars * family.rawValue }
        let lowercases = family != .caseSensitive
        var written = 0
        var index = 0
        let count = text.count
        let raw = UnsafeRawPointer(text.baseAddress)
        var uppercaseLanes: UInt64 = 0
        var twoByteFlags: UInt64 = 0
        while index < count {
            let lead = text[index]
            if lead &- 0xC0 < 0x20, let twoByteFolds {
                let entry = twoByteFolds[Int(lead & 0x1F) << 6 | Int(text[index &+ 1] & 0x3F)]
                if entry & TwoByteFold.direct != 0 {
                    // Room for four bytes: ``outputCapacity(for:)``.
                    UnsafeMutableRawPointer(output + written).storeBytes(
                        of: UInt32(truncatingIfNeeded: entry).littleEndian, as: UInt32.self)
                    written &+= Int(entry &>> 32 & 0xFF)
                    twoByteFlags |= entry
                    index &+= 2
                    continue
                }
            }
            if lead < 0x80 {
                // Identifiers are mostly ASCII: the ASCII bytes from here, up to eight, fold as
                // one word (stored whole; bytes past the ASCII ones are overwritten next, and
                // ``outputCapacity(for:)`` leaves room). Fewer than eight bytes from the end,
                // the last eight are read and shifted down, so the tail too goes a word at a
                // time. A non-ASCII byte goes straight to the scalar path below.
                if count >= 8, let raw {
                    let remaining = count &- index
                    let word =
                        remaining >= 8
                        ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                        : UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                            &>> UInt64(8 &* (8 &- remaining))
                    let high = word & 0x8080_8080_8080_8080
                    let ascii = min(high == 0 ? 8 : high.trailingZeroBitCount / 8, remaining)
                    // Lanes below the first non-ASCII byte lowercase exactly (carries go up).
                    let folded = lowercases ? ASCIIText.lowercasedWord(word) : word
                    if notes != nil {
                        uppercaseLanes |=
                            ASCIIText.uppercaseLanes(word) & (ascii == 8 ? ~0 : (1 &<< UInt64(8 &* ascii)) &- 1)
                    }
                    UnsafeMutableRawPointer(output + written).storeBytes(of: folded.littleEndian, as: UInt64.self)
                    written &+= ascii
                    index &+= ascii
                    continue
                }
                if notes != nil && lead &- 0x41 < 26 { uppercaseLanes = 1 }
                output[written] = lowercases ? ASCIIText.lowercase(lead) : lead
                written &+= 1
                index &+= 1
                continue
            }
            let (value, length) = UTF8Scalar.decode(text, at: index)
            if let notes, isUnderivable(value) { notes.pointee.derivesCaselessFolds = false }
            let entry = entries[Int(blocks[Int(value >> 8)]) + Int(value & 0xFF)]
            if Self.hangulSyllables.contains(value) {
                written += Self.writeJamo(of: value, to: output + written)
            } else if entry & 1 << 31 == 0 {
                output[written] = lead
                output[written &+ 1] = text[index &+ 1]
                if length > 2 {
                    output[written &+ 2] = text[index &+ 2]
                    if length > 3 { output[written &+ 3] = text[index &+ 3] }
                }
                written &+= length
            } else {
                let mappedLength = Int(entry >> 24 & 0x3F)
                let start = Int(entry & 0x7F_FFFF)
                if mappedLength <= 8 {
                    // Room past the fold's end: ``outputCapacity(for:)``, and `mappings`' padding.
                    let word = UnsafeRawPointer(mappings.base + start).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(output + written).storeBytes(of: word, as: UInt64.self)
                } else {
                    for offset in 0..<mappedLength { output[written + offset] = mappings[start + offset] }
                }
                // A wide letter folds to ASCII (`Ａ` to `A`).
                if notes != nil && entry & 1 << 23 != 0 { uppercaseLanes = 1 }
                written &+= mappedLength
            }
            index &+= length
        }
        if let notes {
            if uppercaseLanes != 0 || twoByteFlags & TwoByteFold.uppercase != 0 { notes.pointee.hasUppercase = true }
            if twoByteFlags & TwoByteFold.underivable != 0 { notes.pointee.derivesCaselessFolds = false }
        }
        return written
    }

    static let hangulSyllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    /// Whether CFString matches `scalar`, in a comparison's literal (the needle), as its
    /// fold in `family` says. CFString lets pieces it splits off or drops while comparing
    /// stand for a neighbouring character of the identifier: without options `Ä` matches
    /// `AK` (with a Kelvin sign), under `[c]` `é` matches `eＡ`, under `[d]` `각` matches
    /// `ᄀöａ`, under `[cd]` `ß` matches `sö`; no fold can predict that. Marks, scalars with
    /// a canonical decomposition, what CFString ignores and what it folds to several scalars
    /// are therefore unreliable; a literal's key is taken from its reliable characters only
    /// (``ClauseIndexing``).
    func isReliableNeedle(_ scalar: Unicode.Scalar, _ family: KeyFamily) -> Bool {
        let value = scalar.value
        let block = blocks[Self.blockCount * family.rawValue + Int(value >> 8)]
        return entries[Int(block) + Int(value & 0xFF)] & (1 << 30) == 0
    }

    /// Writes the two or three conjoining jamo of a Hangul syllable (three bytes of UTF-8
    /// each); returns the bytes written.
    private static func writeJamo(of syllable: UInt32, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let index = syllable - hangulSyllables.lowerBound
        let trailing = index % 28
        writeThreeByte(0x1100 + index / 588, to: output)
        writeThreeByte(0x1161 + index % 588 / 28, to: output + 3)
        guard trailing != 0 else { return 6 }
        writeThreeByte(0x11A7 + trailing, to: output + 6)
        return 9
    }

    @inline(__always)
    private static func writeThreeByte(_ value: UInt32, to output: UnsafeMutablePointer<UInt8>) {
        output[0] = 0xE0 | UInt8(value >> 12)
        output[1] = 0x80 | UInt8(value >> 6 & 0x3F)
        output[2] = 0x80 | UInt8(value & 0x3F)
    }

    /// The fold of `text` as bytes (for keys, at build time).
    func fold(_ text: String, _ family: KeyFamily) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes in
            [UInt8](unsafeUninitializedCapacity: outputCapacity(for: bytes.count)) { buffer, count in
                count = fold(bytes, family, into: buffer.baseAddress!)
            }
        }
    }

    /// The fold of `text` for `family`, as the shared table gives it; ASCII text without the
    /// table (``asciiKey(_:_:)``): an app whose literals are all ASCII (most) never builds it.
    static func foldedKey(_ text: String, _ family: KeyFamily) -> [UInt8] {
        asciiKey(text, family) ?? shared.fold(text, family)
    }

    /// The fold of `text` if it is all ASCII, which folds to itself (case-sensitive) or its
    /// lowercase, as the table says; nil for any other text.
    static func asciiKey(_ text: String, _ family: KeyFamily) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes in
            guard ASCIIText.isASCII(bytes) else { return nil }
            return family == .caseSensitive ? Array(bytes) : bytes.map(ASCIIText.lowercase)
        }
    }
}
