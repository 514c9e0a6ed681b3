/// Apple's LIKE wildcards turned into a PCRE2 pattern (`copyRegexFindSafePattern`).
///
/// `*` is any run of characters, `?` exactly one; `\*`, `\?` and `\\` are literal; a
/// backslash before anything else is dropped; every other character is literal. A single
/// trailing backslash is an error, with Apple's message.
enum LikePattern {
    static func translate(_ like: String) throws(PatternTranslationError) -> TranslatedPattern {
        var output = TranslatedPattern()
        let bytes = Array(like.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "*"):
                output.emit(".*", from: index)
            case UInt8(ascii: "?"):
                output.emit(".", from: index)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else {
                    throw PatternTranslationError(
                        message: "The backslash is a wildcard char, and cannot appear unescaped at the end of a string.",
                        offset: index)
                }
                index += 1
                emitLiteral(bytes[index], into: &output, from: index - 1)
            default:
                emitLiteral(byte, into: &output, from: index)
            }
            index += 1
        }
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
