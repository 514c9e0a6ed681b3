import CPCRE2

/// A pattern PCRE2 refused to compile: PCRE2's own message and the UTF-8 offset in the
/// pattern where it stopped.
package struct PCRE2CompileError: Error, Equatable, Sendable {
    /// PCRE2's error code (negative or positive compile error number).
    package var code: Int32
    /// PCRE2's explanation, e.g. `missing closing parenthesis`.
    package var message: String
    /// Offset into the compiled pattern, in UTF-8 code units.
    package var offset: Int

    /// Whether PCRE2 refused the pattern for its size ("regular expression is too large",
    /// "lookbehind is too complicated") rather than its syntax.
    package var isSizeLimit: Bool {
        code == PCRE2_ERROR_PATTERN_TOO_LARGE || code == PCRE2_ERROR_LOOKBEHIND_TOO_COMPLICATED
    }

    package init(code: Int32, message: String, offset: Int) {
        self.code = code
        self.message = message
        self.offset = offset
    }
}
