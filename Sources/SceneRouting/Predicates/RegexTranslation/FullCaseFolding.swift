/// Full case folding (Unicode's common and full foldings), what ICU compares literal text
/// by under `(?i)`: `straße` and `STRASSE` both fold to `strasse`, `ﬁ` to `fi`.
///
/// PCRE2's caseless matching folds one character to one character. Text that folds to
/// several (`ß`, `ﬃ`, `İ`) is spelled out instead: every way to write a literal's folding,
/// as PCRE2 alternatives grouped by how many characters each matches.
enum FullCaseFolding {
    /// The full folding of one code point.
    static func fold(_ scalar: UInt32) -> [UInt32] {
        if let expansion = expansions[scalar] { return expansion }
        var low = 0
        var high = common.count
        while low < high {
            let middle = (low + high) / 2
            if common[middle].0 < scalar { low = middle + 1 } else { high = middle }
        }
        return low < common.count && common[low].0 == scalar ? [common[low].1] : [scalar]
    }

    static func fold(_ scalars: [UInt32]) -> [UInt32] { scalars.flatMap(fold) }

    private static let expansions = [UInt32: [UInt32]](uniqueKeysWithValues: expanding)

    /// The characters whose folding is each sequence of several code points.
    private static let foldingTo: [[UInt32]: [UInt32]] = {
        var result: [[UInt32]: [UInt32]] = [:]
        for (scalar, expansion) in expanding { result[expansion, default: []].append(scalar) }
        return result
    }()

    private static let longestExpansion = expanding.map(\.1.count).max() ?? 1

    /// The characters folding to each run of `folded` starting at `position`, with the run's
    /// length.
    private static func expansions(in folded: [UInt32], at position: Int) -> [(length: Int, scalars: [UInt32])] {
        var found: [(Int, [UInt32])] = []
        var length = 2
        while length <= longestExpansion && position + length <= folded.count {
            if let scalars = foldingTo[Array(folded[position..<(position + length)])] {
                found.append((length, scalars))
            }
            length += 1
        }
        return found
    }

    /// Whether some text that is not caselessly equal to `folded` character by character
    /// folds to it (PCRE2 alone would miss it).
    static func needsSpelling(_ folded: [UInt32]) -> Bool {
        folded.indices.contains { !expansions(in: folded, at: $0).isEmpty }
    }

    /// Every way to write text folding to `folded`, for a pattern in caseless mode, as
    /// stretches to match one after the other, each by its length in characters; nil when a
    /// stretch takes more than `limit` bytes. `folded` is not empty.
    static func spellings(of folded: [UInt32], at offset: Int, limit: Int) -> [FixedLengthSpellings]? {
        // Cut where no expansion spans the boundary, so that alternatives multiply only within
        // runs like `sss`, not along the whole text.
        var spans = [Bool](repeating: false, count: folded.count + 1)
        for position in folded.indices {
            for (length, _) in expansions(in: folded, at: position) {
                for inside in (position + 1)..<(position + length) { spans[inside] = true }
            }
        }
        var stretches: [FixedLengthSpellings] = []
        var stretchStart = 0
        for boundary in 1...folded.count where boundary == folded.count || !spans[boundary] {
            guard let stretch = segmentSpellings(folded, stretchStart, boundary, at: offset, limit: limit) else {
                return nil
            }
            stretches.append(stretch)
            stretchStart = boundary
        }
        return stretches
    }

    /// The spellings of `folded[start..<end]`, a stretch no shorter piece can be cut from.
    private static func segmentSpellings(
        _ folded: [UInt32], _ start: Int, _ end: Int, at offset: Int, limit: Int
    ) -> FixedLengthSpellings? {
        var memo: [Int: FixedLengthSpellings] = [end: .empty]
        for position in stride(from: end - 1, through: start, by: -1) {
            var here = FixedLengthSpellings.impossible
            var single = TranslatedPattern()
            single.emit(literal(folded[position]), from: offset)
            guard let rest = memo[position + 1],
                let first = FixedLengthSpellings(single: single, length: 1).followed(by: rest, at: offset, limit: limit)
            else { return nil }
            here.formUnion(first)
            for (length, scalars) in expansions(in: folded, at: position) where position + length <= end {
                var set = TranslatedPattern()
                set.emit("[" + scalars.map(literal).joined() + "]", from: offset)
                guard let rest = memo[position + length],
                    let alternative = FixedLengthSpellings(single: set, length: 1).followed(
                        by: rest, at: offset, limit: limit)
                else { return nil }
                here.formUnion(alternative)
            }
            guard here.byteCount <= limit else { return nil }
            memo[position] = here
        }
        return memo[start]
    }

    /// One code point as PCRE2 pattern text: ASCII letters and digits and most non-ASCII
    /// characters as they are, anything PCRE2 could read as syntax or (under `(?x)`) as
    /// white space as `\x{…}`.
    static func literal(_ scalar: UInt32) -> String {
        let isWordASCII =
            (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
        let isPatternSpace = [0x85, 0x200E, 0x200F, 0x2028, 0x2029].contains(scalar)
        if isWordASCII || (scalar > 0x7F && !isPatternSpace), let character = Unicode.Scalar(scalar) {
            return String(Character(character))
        }
        return "\\x{" + String(scalar, radix: 16) + "}"
    }
}
