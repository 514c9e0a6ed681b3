import Foundation

/// Whether CFString finds one string in another, asked through `NSString`.
///
/// `StringProtocol.range(of:options:)` on this platform's Foundation converts CFString's
/// answer to `String` indices and traps when that answer reaches past the end of the string,
/// which it does for some needles ending in NUL (`"é".range(of: "é\0")`). Identifiers are
/// untrusted and may hold NUL, so every search goes through `NSString`, whose `NSRange` is
/// only compared with `NSNotFound`.
enum FoundationSearch {
    static func finds(_ needle: String, in haystack: String, options: String.CompareOptions) -> Bool {
        NSString(string: haystack).range(of: needle, options: options).location != NSNotFound
    }
}
