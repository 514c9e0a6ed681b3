/// Line endings under ICU's `(?d)` (UNIX_LINES): only LF ends a line for `.`, `^` and `$`,
/// where otherwise CR, LF, CR LF, VT, FF, NEL, LS and PS all do (`\Z` takes them all either
/// way). PCRE2 fixes its newline convention once per pattern, and `(?d)` may be turned on and
/// off anywhere (`a(?d:b$)c`), so the three are spelled with explicit LF wherever it is on.
extension ICURegexTranslator {
    /// The inline flags in force at a point of the pattern.
    struct Flags: Equatable {
        var caseInsensitive = false
        /// `m`: on from the start, as NSPredicate compiles every pattern with it.
        var multiline = true
        /// `s`: on from the start, likewise.
        var dotAll = true
        /// `d`: only LF ends a line.
        var unixLines = false
    }

    /// How `.` is spelled: outside `(?s)` and under `(?d)`, anything but LF (PCRE2's `.` would
    /// also stop at CR and the other line endings).
    var dotSpelling: String? {
        flags.unixLines && !flags.dotAll ? "[^\\n]" : nil
    }

    /// How the line anchor `byte` (`^` or `$`) is spelled under `(?d)`, or nil
    /// when PCRE2's own is ICU's. Under `(?m)`, ICU's `^` under `(?d)` also matches after an LF
    /// that ends the text, which its `^` without `(?d)` does not.
    func lineAnchorSpelling(_ byte: UInt8) -> String? {
        guard flags.unixLines else { return nil }
        switch byte {
        case UInt8(ascii: "^"): return flags.multiline ? "(?:\\A|(?<=\\n))" : nil
        case UInt8(ascii: "$"): return flags.multiline ? "(?=\\n|\\z)" : "(?=\\n?\\z)"
        default: return nil
        }
    }
}
