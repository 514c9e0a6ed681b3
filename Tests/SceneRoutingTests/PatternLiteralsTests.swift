import SceneRouterWorkloads
import Testing

@testable import SceneRouting

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

    @Test(arguments: [
        ("ticket-[0-9]+-42-[a-z]+", ["ticket-", "-42-"], "-42-"),
        ("https://h/[a-z]+/item/77/\\d+", ["https://h/", "/item/77/"], "/item/77/"),
        ("a.*middle.*z", ["a", "middle", "z"], "middle"),
        ("x(abcd)+y\\.long", ["x", "y.long"], "y.long"),
        ("pre[abcd]{2}midd?le\\d", ["pre", "mid", "le"], "pre"),
        ("abcde*fghi", ["abcd", "fghi"], "abcd"),
        ("abcde+fghi", ["abcde", "fghi"], "fghi"),
        ("\\d{3}-[0-9]{4}-word", ["-", "-word"], "-word"),
    ])
    func requiredRunsAndTheMiddleKey(pattern: String, runs: [String], inner: String) {
        let read = PatternLiterals.requiredRuns(Array(pattern.utf8))?.map { String(decoding: $0, as: UTF8.self) }
        #expect(read == runs, "runs of \(pattern)")
        #expect(String(decoding: PatternLiterals.regex(pattern).inner, as: UTF8.self) == inner, "inner of \(pattern)")
    }

    @Test(arguments: ["a(?i)bcde", "a\\p{L}bcde", "a\\x{41}bcde", "a\\Qbc\\Ede", "a[[b]]cdef", "(a)\\1bcde", "ab|cdef"])
    func runsAreNotClaimedThroughConstructsThisReadingDoesNotFollow(pattern: String) {
        #expect(PatternLiterals.requiredRuns(Array(pattern.utf8)) == nil, "\(pattern)")
    }

    /// Random regexes, each with an identifier it matches built alongside it: PCRE2 (through
    /// the ICU translation) must match the identifier, and every run claimed must occur in it.
    @Test func everyClaimedRunOccursInEveryMatch() throws {
        var random = DeterministicRandom(seed: 16)
        var checked = 0
        for _ in 0..<3_000 {
            let (pattern, identifier) = RandomRegex.withMatch(&random)
            guard let runs = PatternLiterals.requiredRuns(Array(pattern.utf8)) else { continue }
            let predicate = try ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string(pattern)])
            #expect(predicate.evaluate(identifier), "\(pattern) should match \(identifier)")
            for run in runs {
                #expect(
                    identifier.utf8.firstRange(of: run) != nil,
                    "\(pattern) claims \(String(decoding: run, as: UTF8.self)) but matches \(identifier)")
            }
            let inner = PatternLiterals.regex(pattern).inner
            #expect(
                inner.isEmpty || identifier.utf8.firstRange(of: inner) != nil,
                "inner of \(pattern) not in \(identifier)")
            checked += 1
        }
        #expect(checked > 2_000)
    }
}
