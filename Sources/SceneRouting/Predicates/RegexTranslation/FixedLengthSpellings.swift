/// A piece of a lookbehind written as alternatives that each match one number of
/// characters, grouped by that number: what PCRE2 needs of every branch of a lookbehind.
///
/// Alternatives of one length are kept apart until a piece is combined with another, then
/// joined into one group (`(?:ab|cd)`), which PCRE2 still reads as fixed length.
struct FixedLengthSpellings {
    /// Alternatives by length, in characters.
    private(set) var byLength: [Int: [TranslatedPattern]]
    /// The bytes of all alternatives together, to bound how far a pattern is spelled out.
    private(set) var byteCount: Int

    /// Matches nothing at all (no length).
    static let impossible = FixedLengthSpellings(byLength: [:], byteCount: 0)
    /// Matches the empty string.
    static let empty = FixedLengthSpellings(single: TranslatedPattern(), length: 0)

    init(single piece: TranslatedPattern, length: Int) {
        byLength = [length: [piece]]
        byteCount = piece.bytes.count
    }

    private init(byLength: [Int: [TranslatedPattern]], byteCount: Int) {
        self.byLength = byLength
        self.byteCount = byteCount
    }

    /// Whether every alternative has the same length (the piece may be written as it is).
    var hasOneLength: Bool { byLength.count == 1 }

    /// Every alternative, shortest first.
    var alternatives: [TranslatedPattern] {
        byLength.keys.sorted().flatMap { byLength[$0]! }
    }

    /// The alternatives of `length` as one piece: the only one, or a group of all of them.
    func joined(length: Int, at offset: Int) -> TranslatedPattern {
        let pieces = byLength[length] ?? []
        if pieces.count == 1 { return pieces[0] }
        var piece = TranslatedPattern()
        piece.emit("(?:", from: offset)
        for (position, alternative) in pieces.enumerated() {
            if position > 0 { piece.emit("|", from: offset) }
            piece.append(alternative)
        }
        piece.emit(")", from: offset)
        return piece
    }

    mutating func formUnion(_ other: FixedLengthSpellings) {
        for (length, pieces) in other.byLength {
            byLength[length, default: []] += pieces
        }
        byteCount += other.byteCount
    }

    /// What matching `self` then `other` spells, or nil when that would take more than
    /// `limit` bytes (checked before any of it is built).
    func followed(by other: FixedLengthSpellings, at offset: Int, limit: Int) -> FixedLengthSpellings? {
        let estimate =
            byteCount * other.byLength.count + other.byteCount * byLength.count + 6 * byLength.count
            * other.byLength.count
        guard estimate <= limit else { return nil }
        var result = FixedLengthSpellings.impossible
        for (length, _) in byLength {
            let head = joined(length: length, at: offset)
            for (otherLength, _) in other.byLength {
                var piece = head
                piece.append(other.joined(length: otherLength, at: offset))
                result.byLength[length + otherLength, default: []].append(piece)
                result.byteCount += piece.bytes.count
            }
        }
        return result
    }

    /// Appends `other` in place when both have one length and this one alternative (the
    /// common run of fixed-length elements); otherwise as ``followed(by:at:limit:)``.
    mutating func append(_ other: FixedLengthSpellings, at offset: Int, limit: Int) -> Bool {
        if byLength.count == 1, let (length, pieces) = byLength.first, pieces.count == 1, other.byLength.count == 1,
            let otherLength = other.byLength.keys.first
        {
            let tail = other.joined(length: otherLength, at: offset)
            guard byteCount + tail.bytes.count <= limit else { return false }
            var piece = pieces[0]
            byLength = [:]
            piece.append(tail)
            byLength[length + otherLength] = [piece]
            byteCount = piece.bytes.count
            return true
        }
        guard let combined = followed(by: other, at: offset, limit: limit) else { return false }
        self = combined
        return true
    }

    /// Each length's alternatives inside `opening` … `)`, one group per length.
    func wrapped(in opening: TranslatedPattern, at offset: Int) -> FixedLengthSpellings {
        var result = FixedLengthSpellings.impossible
        for (length, pieces) in byLength {
            var piece = opening
            for (position, alternative) in pieces.enumerated() {
                if position > 0 { piece.emit("|", from: offset) }
                piece.append(alternative)
            }
            piece.emit(")", from: offset)
            result.byLength[length] = [piece]
            result.byteCount += piece.bytes.count
        }
        return result
    }
}
