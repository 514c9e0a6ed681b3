/// Apple's LIKE wildcards turned into a PCRE2 pattern (`copyRegexFindSafePattern`).
///
/// `*` is any run of characters, `?` exactly one; `\*`, `\?` and `\\` are literal; a
/// backslash before anything else is dropped; every other character is literal. A single
/// trailing backslash is an error, with Apple's message.
///
/// Between two stars, a piece is taken where it first occurs, in an atomic group: its length
/// is fixed, so a later occurrence never leaves more for the rest, and the pattern matches in
/// time linear in the stars instead of backtracking through every split of the identifier
/// (`*a*b*c*…` on a long identifier would otherwise run out of its match budget and answer
/// false where Apple answers true).
enum LikePattern {
    static func translate(_ like: String) throws(PatternTranslationError) -> TranslatedPattern {
        // The pieces between stars, and where each star is.
        var pieces = [TranslatedPattern()]
        var stars: [Int] = []
        let bytes = Array(like.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "*"):
                stars.append(index)
                pieces.append(TranslatedPattern())
            case UInt8(ascii: "?"):
                pieces[pieces.count - 1].emit(".", from: index)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else {
                    throw PatternTranslationError(
                        message:
                            "The backslash is a wildcard char, and cannot appear unescaped at the end of a string.",
                        offset: index)
                }
                index += 1
                emitLiteral(bytes[index], into: &pieces[pieces.count - 1], from: index - 1)
            default:
                emitLiteral(byte, into: &pieces[pieces.count - 1], from: index)
            }
            index += 1
        }
        var output = pieces[0]
        guard let lastStar = stars.last else { return output }
        for (star, piece) in zip(stars, pieces.dropFirst().dropLast()) where !piece.bytes.isEmpty {
            output.emit("(?>.*?", from: star)
            output.append(piece)
            output.emit(")", from: star)
        }
        // The last piece ends the identifier (the pattern is end-anchored).
        output.emit(".*", from: lastStar)
        output.append(pieces[pieces.count - 1])
        return output
    }

    /// Characters PCRE2 treats specially outside a class; everything else is copied as is
    /// (multi-byte UTF-8 sequences included).
    private static let special = Set("\\^$.[]|()?*+{}#".utf8)

    private static func emitLiteral(_ byte: UInt8, into output: inout TranslatedPattern, from offset: Int) {
        if special.contains(byte) { output.emit("\\", from: offset) }
        output.emit(bytes: CollectionOfOne(byte), from: offset)
    }
}
