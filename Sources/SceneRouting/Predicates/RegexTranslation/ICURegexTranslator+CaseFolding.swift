import PredicateSyntax

/// Literal text under `(?i)`. ICU compares a run of literal characters by full case folding
/// (`(?i)strasse` matches `STRAẞE`, `(?i)ss` matches `ß`), one string at a time: the run
/// ends at anything that is not a literal, and a quantifier takes the last character off it
/// (`(?i)xss+` does not match `xß`). Runs whose folding no character expands to are left to
/// PCRE2's caseless matching; the others are spelled out by ``FullCaseFolding``.
extension ICURegexTranslator {
    /// How many bytes the spellings of one stretch of literal text (such as `sss`, which has
    /// several ways to split) may take.
    static let maximumStretchSpelling = 4 * 1024

    /// Literal characters in a row: their code points, where each was written, where the run
    /// ends.
    struct LiteralRun {
        var scalars: [UInt32] = []
        var offsets: [Int] = []
        var end: Int
    }

    /// The literal characters from `start` on: plain ones, escaped ones, `\Q…\E`.
    func literalRun(from start: Int) -> LiteralRun {
        var run = LiteralRun(end: start)
        while let (scalars, end) = literalUnit(at: run.end) {
            run.scalars += scalars
            run.offsets += Array(repeating: run.end, count: scalars.count)
            run.end = end
        }
        return run
    }

    /// The run at `index` split as ICU compiles it: the string, and the character a
    /// quantifier after the run repeats on its own (nil when none follows). Nil when no
    /// literal starts at `index`.
    private func splitLiteralRun() -> (run: LiteralRun, head: [UInt32], last: [UInt32]?)? {
        let run = literalRun(from: index)
        guard !run.scalars.isEmpty else { return nil }
        guard isQuantifier(at: run.end) else { return (run, run.scalars, nil) }
        return (run, Array(run.scalars.dropLast()), [run.scalars.last!])
    }

    /// The literal run at `index`, translated, when full case folding changes what it
    /// matches; nil (with `index` unmoved) when it does not, or no run starts there.
    mutating func translateCaselessRun() throws(PatternTranslationError) -> TranslatedPattern? {
        guard let (run, head, last) = splitLiteralRun() else { return nil }
        let headFolded = FullCaseFolding.fold(head)
        let lastFolded = last.map(FullCaseFolding.fold) ?? []
        guard FullCaseFolding.needsSpelling(headFolded) || FullCaseFolding.needsSpelling(lastFolded) else { return nil }
        var piece = TranslatedPattern()
        let pieces = [(headFolded, run.offsets[0], false), (lastFolded, run.offsets.last!, true)]
        for (folded, offset, isRepeated) in pieces where !folded.isEmpty {
            var spelled = TranslatedPattern()
            for stretch in try caselessSpellings(of: folded, at: offset) {
                let alternatives = stretch.alternatives
                if alternatives.count > 1 { spelled.emit("(?:", from: offset) }
                for (position, alternative) in alternatives.enumerated() {
                    if position > 0 { spelled.emit("|", from: offset) }
                    spelled.append(alternative)
                }
                if alternatives.count > 1 { spelled.emit(")", from: offset) }
            }
            // The character a quantifier repeats is one group, whatever it spells.
            if isRepeated { piece.emit("(?:", from: offset) }
            piece.append(spelled)
            if isRepeated { piece.emit(")", from: offset) }
            guard piece.bytes.count <= spellingBudget else { throw tooMuchFolding(at: offset) }
        }
        spellingBudget -= piece.bytes.count
        index = run.end
        return piece
    }

    /// The literal run at `index` inside a lookbehind, under `(?i)`: the string and the
    /// character a quantifier repeats, as parts of fixed-length spellings. Empty when no
    /// run starts there.
    mutating func caselessLookbehindParts() throws(PatternTranslationError) -> [LookbehindPart] {
        guard let (run, head, last) = splitLiteralRun() else { return [] }
        var parts: [LookbehindPart] = []
        for (scalars, offset) in [(head, run.offsets[0]), (last ?? [], run.offsets.last!)] where !scalars.isEmpty {
            let folded = FullCaseFolding.fold(scalars)
            if FullCaseFolding.needsSpelling(folded) {
                var part = LookbehindPart()
                for stretch in try caselessSpellings(of: folded, at: offset) {
                    guard part.append(LookbehindPart(spellings: stretch), at: offset, limit: spellingBudget) else {
                        throw tooMuchFolding(at: offset)
                    }
                }
                parts.append(part)
            } else {
                var piece = TranslatedPattern()
                piece.emit(scalars.map(FullCaseFolding.literal).joined(), from: offset)
                parts.append(LookbehindPart(spellings: FixedLengthSpellings(single: piece, length: scalars.count)))
            }
        }
        index = run.end
        return parts
    }

    private func caselessSpellings(of folded: [UInt32], at offset: Int) throws(PatternTranslationError)
        -> [FixedLengthSpellings]
    {
        let limit = min(Self.maximumStretchSpelling, spellingBudget)
        guard let stretches = FullCaseFolding.spellings(of: folded, at: offset, limit: limit) else {
            throw tooMuchFolding(at: offset)
        }
        return stretches
    }

    private func tooMuchFolding(at offset: Int) -> PatternTranslationError {
        fail(
            "this case-insensitive text has too many ways to be written under full case folding (such as ß for ss): "
                + "split it with (?:) or write it without (?i)", at: offset)
    }

    /// One literal at `position` (its code points and where it ends), or nil when something
    /// else starts there.
    private func literalUnit(at position: Int) -> ([UInt32], Int)? {
        guard position < input.count else { return nil }
        let byte = input[position]
        if byte != UInt8(ascii: "\\") {
            if Self.metacharacters.contains(byte) { return nil }
            if extendedMode != .never && (byte == 0x20 || (0x09...0x0D).contains(byte) || byte == UInt8(ascii: "#")) {
                return nil
            }
            return scalar(at: position).map { ([$0.value], $1) }
        }
        guard position + 1 < input.count else { return nil }
        let letter = input[position + 1]
        switch letter {
        case UInt8(ascii: "Q"):
            var end = position + 2
            var scalars: [UInt32] = []
            while end < input.count,
                !(input[end] == UInt8(ascii: "\\") && end + 1 < input.count && input[end + 1] == UInt8(ascii: "E"))
            {
                guard let (scalar, next) = scalar(at: end) else { return nil }
                scalars.append(scalar.value)
                end = next
            }
            return (scalars, min(input.count, end + 2))
        case UInt8(ascii: "a"): return ([0x07], position + 2)
        case UInt8(ascii: "e"): return ([0x1B], position + 2)
        case UInt8(ascii: "f"): return ([0x0C], position + 2)
        case UInt8(ascii: "n"): return ([0x0A], position + 2)
        case UInt8(ascii: "r"): return ([0x0D], position + 2)
        case UInt8(ascii: "t"): return ([0x09], position + 2)
        case UInt8(ascii: "x"):
            if position + 2 < input.count, input[position + 2] == UInt8(ascii: "{"),
                let close = input[(position + 3)...].firstIndex(of: UInt8(ascii: "}")),
                let value = hexValue(input[(position + 3)..<close]), Unicode.Scalar(value) != nil
            {
                return ([value], close + 1)
            }
            guard position + 4 <= input.count, let value = hexValue(input[(position + 2)..<(position + 4)]) else {
                return nil
            }
            return ([value], position + 4)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            guard position + 2 + count <= input.count,
                let value = hexValue(input[(position + 2)..<(position + 2 + count)]),
                Unicode.Scalar(value) != nil
            else { return nil }
            return ([value], position + 2 + count)
        case UInt8(ascii: "N"):
            guard position + 2 < input.count, input[position + 2] == UInt8(ascii: "{"),
                let close = input[(position + 3)...].firstIndex(of: UInt8(ascii: "}")),
                let scalar = UnicodeNames.scalar(named: String(decoding: input[(position + 3)..<close], as: UTF8.self))
            else { return nil }
            return ([scalar.value], close + 1)
        case UInt8(ascii: "0"):
            var value: UInt32 = 0
            var end = position + 2
            while end < position + 5, end < input.count, (0x30...0x37).contains(input[end]),
                value * 8 + UInt32(input[end] - 0x30) <= 0o377
            {
                value = value * 8 + UInt32(input[end] - 0x30)
                end += 1
            }
            return end > position + 2 ? ([value], end) : nil
        default:
            let isLetter = (letter | 0x20) >= UInt8(ascii: "a") && (letter | 0x20) <= UInt8(ascii: "z")
            let isDigit = (0x30...0x39).contains(letter)
            if isDigit || (isLetter && (Self.sharedEscapeLetters.contains(letter) || letter == UInt8(ascii: "Q"))) {
                return nil
            }
            // An unknown letter escape is the letter; any other escaped character is itself.
            return scalar(at: position + 1).map { ([$0.value], $1) }
        }
    }

    /// Characters with a meaning of their own outside sets.
    private static let metacharacters = Set("^$.|?*+()[]{".utf8)

    /// The code point whose UTF-8 starts at `position`, and where the next one starts.
    private func scalar(at position: Int) -> (Unicode.Scalar, Int)? {
        var end = position + 1
        while end < input.count, input[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: input[position..<end], as: UTF8.self).unicodeScalars.first.map { ($0, end) }
    }

    private func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            guard let hex = HexDigit.value(digit) else { return nil }
            value = value * 16 + UInt32(hex)
        }
        return value
    }
}
