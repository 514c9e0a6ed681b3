/// `\w`, `\W`, `\b` and `\B` as ICU reads them. ICU's word characters are UTS #18's:
/// Alphabetic, decimal digits, every mark, connector punctuation and the two joiners. PCRE2
/// 10.42's `\w` under UCP is letters, numbers and underscore: it misses combining marks (the
/// vowel signs of Devanagari, a decomposed accent) and takes `²`. So each is spelled with the
/// properties ICU uses, and the boundaries with lookarounds over them.
extension ICURegexTranslator {
    /// ICU's word characters, as the members of a PCRE2 class (checked against ICU for every
    /// code point).
    static let wordMembers = #"\p{Alphabetic}\p{Nd}\p{M}\p{Pc}\p{Join_Control}"#

    /// `\w` or `\W`; `\W` inside a set cannot be spelled as members of it. Under `(?i)`, closed
    /// over case as ICU closes every set (which adds nothing to the word characters today).
    func wordClass(negated: Bool, inClass: Bool, from start: Int) throws(PatternTranslationError) -> TranslatedPattern {
        var piece = TranslatedPattern()
        var members = Self.wordMembers
        if flags.caseInsensitive, let additions = CaseClosure.additions(toClassWith: members) {
            members += CaseClosure.members(additions)
        }
        switch (negated, inClass) {
        case (false, false): piece.emit("[" + members + "]", from: start)
        case (true, false): piece.emit("[^" + members + "]", from: start)
        case (false, true): piece.emit(members, from: start)
        case (true, true):
            throw fail(
                "\\W inside a set is not supported (write it outside the brackets, or negate a set with \\w)",
                at: start, length: 2)
        }
        return piece
    }

    /// `\b` (`letter` b) or `\B` (B): between a word character and something else, or not.
    static func wordBoundarySpelling(_ letter: UInt8) -> String? {
        let word = "[" + wordMembers + "]"
        switch letter {
        case UInt8(ascii: "b"): return "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
        case UInt8(ascii: "B"): return "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
        default: return nil
        }
    }
}
