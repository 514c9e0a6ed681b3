@testable import SceneRouting
import Testing

/// The literals the table files a LIKE or MATCHES predicate under must occur in every
/// identifier the pattern matches: a literal too many would lose routes. Where a construct
/// makes the text after it ambiguous, no literal is claimed.
@Suite struct PatternLiteralsTests {
    private func regex(_ pattern: String) -> (prefix: String, suffix: String) {
        let literals = PatternLiterals.regex(pattern)
        return (String(decoding: literals.prefix, as: UTF8.self), String(decoding: literals.suffix, as: UTF8.self))
    }

    @Test(arguments: [
        ("ticket-[0-9]+-42", "ticket-", "-42"),
        ("https://host/[a-z]+/item/7", "https://host/", "/item/7"),
        ("doc-\\d+\\.pdf", "doc-", ".pdf"),
        ("a[xyz]", "a", ""),
        ("ab+", "ab", "b"),
        ("x(ab)+", "x", ""),
        ("x[0-9]+y+", "x", "y"),
        ("abc?", "ab", ""),
        ("abc*", "ab", ""),
        ("ab{2}", "a", ""),
        ("a{2}bc", "", "bc"),
        ("a.*$", "a", ""),
        ("a.*b\\z", "a", ""),
        ("a.*\\cJ", "a", ""),
        ("a.*\\x41b", "a", ""),
        ("a.*\\x{41}b", "a", "b"),
        ("a.*\\p{L}é", "a", "é"),
        ("a.*\\k<name>x", "a", ""),
        ("a.*(?i)bc", "a", ""),
        ("a.*(?<=b)", "a", ""),
        ("a.*\\Qb*\\E", "a", ""),
        ("a|b", "", ""),
        ("a.*[\\]]x", "a", "x"),
        ("a.*\\.+", "a", "."),
        ("a.*\\d+", "a", ""),
    ])
    func regexLiterals(pattern: String, prefix: String, suffix: String) {
        let literals = regex(pattern)
        #expect(literals.prefix == prefix, "prefix of \(pattern)")
        #expect(literals.suffix == suffix, "suffix of \(pattern)")
    }

    /// Every claimed suffix ends every match: checked against PCRE2 on identifiers that match.
    @Test(arguments: [
        ("ticket-[0-9]+-42", "ticket-917-42"),
        ("doc-\\d+\\.pdf", "doc-12.pdf"),
        ("ab+", "abbb"),
        ("x[0-9]+y+", "x1yyy"),
        ("a.*\\x{41}b", "a-Ab"),
        ("a.*[\\]]x", "a]x"),
        ("a.*\\.+", "a.."),
    ])
    func claimedSuffixEndsAMatch(pattern: String, identifier: String) throws {
        let predicate = try ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string(pattern)])
        #expect(predicate.evaluate(identifier))
        let suffix = regex(pattern).suffix
        #expect(!suffix.isEmpty)
        #expect(identifier.utf8.reversed().starts(with: suffix.utf8.reversed()))
    }
}
