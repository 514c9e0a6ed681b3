import Foundation

/// ICU itself, for the one comparison PCRE2 cannot follow: under `(?i)` ICU compares a back
/// reference by full case folding (`(?i)(ß)\1` matches `ßss`), PCRE2 by simple folding. The
/// two agree unless the identifier holds a character whose full folding is several (`ß`,
/// `ﬁ`, `İ`), so only such identifiers, for only such patterns, come here. Foundation's
/// `NSRegularExpression` is ICU's regex engine on every platform.
///
/// `@unchecked Sendable`: an `NSRegularExpression` is immutable and safe to share between
/// threads (Foundation documents it so); nothing else is stored.
final class ICUFullFoldingMatcher: @unchecked Sendable {
    private let regex: NSRegularExpression

    /// ICU's whole-string match of `pattern` (the ICU pattern as written, after the mode's
    /// folding and normalisation), as NSPredicate asks: `.` takes line ends, `^` and `$`
    /// match at them. Nil when ICU does not compile the wrapped pattern (a `(?x)` comment
    /// running to the end would swallow the wrapper): PCRE2's answer then stands.
    init?(pattern: String) {
        guard
            let regex = try? NSRegularExpression(
                pattern: "(?:" + pattern + ")\\z", options: [.dotMatchesLineSeparators, .anchorsMatchLines])
        else { return nil }
        self.regex = regex
    }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: subject, as: UTF8.self)
        return regex.firstMatch(in: text, options: [.anchored], range: NSRange(text.startIndex..., in: text)) != nil
    }
}

extension FullCaseFolding {
    /// Whether UTF-8 `bytes` hold a character whose full folding is several characters, where
    /// full and simple case folding part. Reads the bytes without allocating.
    static func holdsExpandingCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                // Every such character is U+00DF or above.
                if scalar.value >= 0xDF && fold(scalar.value).count > 1 { return true }
            case .emptyInput, .error: return false
            }
        }
    }
}
