import Foundation
import Testing

@testable import SceneRouting

@Suite struct EvaluationTests {
    private func evaluate(_ format: String, _ identifier: String?, _ arguments: [PredicateArgument] = []) throws -> Bool
    {
        try ActivationPredicate(format: format, arguments: arguments).evaluate(identifier)
    }

    /// `SELF IN {…}` finds every member and nothing else, whatever the count: members that
    /// are prefixes of one another, repeats, the empty string, non-ASCII code units compared
    /// as they are (no folding, no normalisation).
    @Test func membershipFindsExactlyItsMembers() throws {
        let members = (0..<300).map { "doc/\($0)" } + ["doc/1", "", "café", "doc/"]
        let predicate = try ActivationPredicate(format: "SELF IN %@", arguments: [.strings(members)])
        for member in members { #expect(predicate.evaluate(member), "\(member)") }
        for other in ["doc/300", "doc", "doc/1 ", "Doc/1", "cafe\u{301}", "CAFÉ", "doc//"] {
            #expect(!predicate.evaluate(other), "\(other)")
        }
        #expect(!predicate.evaluate(nil))
        let pair = try ActivationPredicate(format: "SELF IN[cd] {'a', 'ab'}")
        #expect(pair.evaluate("ab") && pair.evaluate("a") && !pair.evaluate("A") && !pair.evaluate("abc"))
    }

    /// Predicates are the same (and share a table group) exactly when their format, their
    /// arguments and their SwiftUI members agree, however they were built.
    @Test func samePredicateNeedsFormatArgumentsAndMembersAlike() throws {
        let one = try ActivationPredicate(format: "SELF == %@", arguments: ["doc/1"])
        #expect(one.isSamePredicate(as: try ActivationPredicate(format: "SELF == %@", arguments: ["doc/1"])))
        #expect(one.isSamePredicate(as: one.located(at: SourceLocation(file: "A.swift", line: 3, column: 5))))
        #expect(!one.isSamePredicate(as: try ActivationPredicate(format: "SELF == %@", arguments: ["doc/2"])))
        #expect(!one.isSamePredicate(as: try ActivationPredicate(format: "SELF == 'doc/1'")))
        let substring = try ActivationPredicate(format: "SELF IN %@", arguments: [.string("doc/1")])
        let member = try ActivationPredicate(format: "SELF IN %@", arguments: [.strings(["doc/1"])])
        #expect(!substring.isSamePredicate(as: member))
        #expect(
            member.isSamePredicate(as: try ActivationPredicate(format: "SELF IN %@", arguments: [.strings(["doc/1"])])))
        let set = ActivationPredicate(swiftUISet: ["doc"])
        let written = try ActivationPredicate(format: set.format)
        #expect(!set.isSamePredicate(as: written))
        #expect(set.isSamePredicate(as: ActivationPredicate(swiftUISet: ["doc"])))
    }

    /// Found by FuzzPredicate: Foundation's `String.range(of:)` trapped when CFString matched
    /// a needle ending in NUL past the end of a non-ASCII haystack, so one identifier could
    /// crash the router. Every operator where the identifier or the literal is the needle,
    /// with NULs at either end, must answer.
    @Test func needlesWithNULDoNotTrap() throws {
        let identifiers = ["é\0", "Pſ&0\0\0", "\0é", "é\0\0\0", "\0", "a\0", "ſ\0ſ"]
        for format in [
            "SELF IN 'Pſ&0é'", "SELF IN[cd] 'é'", "'é' BEGINSWITH SELF", "'é' ENDSWITH[c] SELF", "'é' CONTAINS SELF",
            "SELF CONTAINS 'é'", "SELF BEGINSWITH[d] 'é'", "SELF ENDSWITH 'é'",
        ] {
            let predicate = try ActivationPredicate(format: format)
            for identifier in identifiers { _ = predicate.evaluate(identifier) }
        }
        #expect(try ActivationPredicate(format: "SELF IN 'Pſ&0'").evaluate("Pſ&0"))
        #expect(!(try ActivationPredicate(format: "SELF IN 'Pſ&0'").evaluate("Pſ&1\0")))
    }

    /// Found by FuzzPredicate: LIKE with many stars backtracked through every split of the
    /// identifier, ran out of its match budget and answered false where the pattern matches.
    /// Stars now take each piece between them where it first occurs.
    @Test func likeWithManyStarsAnswersWithinItsBudget() throws {
        let format = "SELF LIKE[c] '****[l]***.P*****[l]***.P****(******[l]***.P*******'"
        let identifier =
            "**(******[l]*IN SMAL WITH ACUTE}c]'****[l]***.P*****[l]***.P****(******[l]***.P*******'\0\0ab3"
        #expect(try evaluate(format, identifier))
        let long = String(repeating: "ab", count: 5_000)
        #expect(try evaluate("SELF LIKE '*a*b*a*b*a*b*a*b*c'", long + "c"))
        #expect(try !evaluate("SELF LIKE '*a*b*a*b*a*b*a*b*c'", long + "d"))
        #expect(try evaluate("SELF LIKE 'x*?y*yz'", "x1yyz"))
        #expect(try !evaluate("SELF LIKE 'x*?y*yz'", "xyyz"))
        #expect(try evaluate("SELF LIKE '*'", ""))
        #expect(try evaluate("SELF LIKE 'a**b'", "ab"))
        #expect(try evaluate("SELF LIKE '*a*'", "xxaxx"))
        #expect(try !evaluate("SELF LIKE 'a*b'", "ab c"))
    }

    @Test func nilIdentifier() throws {
        #expect(try evaluate("SELF == nil", nil))
        #expect(try evaluate("SELF != 'x'", nil))
        #expect(try !evaluate("SELF != nil", nil))
        #expect(try !evaluate("SELF == 'x'", nil))
        #expect(try !evaluate("SELF BEGINSWITH 'x'", nil))
        #expect(try !evaluate("SELF MATCHES '.*'", nil))
        #expect(try !evaluate("SELF LIKE '*'", nil))
        #expect(try !evaluate("SELF IN {'x'}", nil))
        #expect(try !evaluate("SELF < 'x'", nil))
        #expect(try evaluate("NOT SELF BEGINSWITH 'x'", nil))
        #expect(try evaluate("TRUEPREDICATE", nil))
        #expect(try evaluate("SELF == SELF", nil))
        #expect(try evaluate("SELF != 42", nil))
    }

    @Test func argumentsOfBothKinds() throws {
        #expect(try evaluate("SELF == %@", "doc-42", ["doc-42"]))
        #expect(try evaluate("SELF IN %@", "b", [["a", "b"]]))
        #expect(try !evaluate("SELF IN %@", "c", [["a", "b"]]))
        #expect(try evaluate("SELF IN %@", "cde", ["abcdef"]))
        #expect(try evaluate("SELF BEGINSWITH[cd] %@ AND SELF ENDSWITH %@", "SMS:x.pdf", ["sms:", ".pdf"]))
    }

    @Test func membershipIsExactCodeUnits() throws {
        // Swift's == treats these as equal (canonical equivalence); isEqual: does not.
        #expect(try !evaluate("SELF IN %@", "cafe\u{301}", [["café"]]))
        #expect(try evaluate("SELF IN %@", "café", [["café"]]))
        #expect(try !evaluate("SELF == 'café'", "cafe\u{301}"))
    }

    @Test func swiftUISets() {
        #expect(ActivationPredicate(swiftUISet: ["*"]).evaluate("anything"))
        #expect(ActivationPredicate(swiftUISet: ["*"]).evaluate(nil))
        #expect(!ActivationPredicate(swiftUISet: []).evaluate("x"))
        #expect(!ActivationPredicate(swiftUISet: [""]).evaluate("x"))
        let set = ActivationPredicate(swiftUISet: ["main", "Compose"])
        #expect(set.evaluate("domain.example"))
        #expect(set.evaluate("COMPOSE-1"))
        #expect(set.evaluate("composé"))
        #expect(!set.evaluate("viewer"))
        #expect(!set.evaluate(nil))
        #expect(set.format == "SELF CONTAINS[cd] \"main\" OR SELF CONTAINS[cd] \"Compose\"")
        // The format it reports parses to the same predicate.
        let reparsed = try? ActivationPredicate(format: set.format)
        #expect(reparsed?.evaluate("domain") == true)
    }

    @Test func catastrophicRegexIsCutOffAndReported() throws {
        let predicate = try ActivationPredicate(format: "SELF MATCHES '(a+)+$'")
        let subject = String(repeating: "a", count: 5_000) + "b"
        let result = predicate.evaluateReportingBudget(subject)
        #expect(result == PredicateEvaluation(matches: false, budgetExceeded: true))
        #expect(predicate.evaluateReportingBudget("aaa") == PredicateEvaluation(matches: true, budgetExceeded: false))
    }

    @Test func linearPatternOnAMegabyteIdentifierFinishes() throws {
        let predicate = try ActivationPredicate(format: "SELF MATCHES '.*y.*' OR SELF LIKE '*q'")
        let subject = String(repeating: "x", count: 1_000_000)
        #expect(
            predicate.evaluateReportingBudget(subject) == PredicateEvaluation(matches: false, budgetExceeded: false))
        #expect(predicate.evaluate(subject + "y"))
    }

    @Test func regexErrorsPointIntoThePredicate() throws {
        let error = try #require(throws: Diagnostic.self) { try ActivationPredicate(format: "SELF MATCHES 'a(b'") }
        #expect(error.code == .invalidRegex)
        #expect(
            error.rendered() == """
                error: invalid regular expression: missing closing parenthesis
                SELF MATCHES 'a(b'
                                 ^
                """)
        let translated = try #require(throws: Diagnostic.self) {
            try ActivationPredicate(format: #"SELF MATCHES 'ab[\\P{InGreek}]'"#)
        }
        #expect(translated.code == .unsupportedRegex)
        #expect(
            translated.rendered() == #"""
                error: \P{InGreek} inside a set is not supported (write it outside the brackets, or use a set difference)
                SELF MATCHES 'ab[\\P{InGreek}]'
                                 ^~~~~~~~~~~~
                """#)
    }

    @Test func regexErrorInAnArgumentPointsAtThePlaceholder() throws {
        let error = try #require(throws: Diagnostic.self) {
            try ActivationPredicate(format: "SELF MATCHES %@", arguments: ["(ab"])
        }
        #expect(error.excerpt?.offset == 13)
        #expect(error.excerpt?.length == 2)
    }

    @Test func constantsFold() throws {
        #expect(try ActivationPredicate(format: "TRUEPREDICATE OR SELF == 'x'").constantValue == true)
        #expect(try ActivationPredicate(format: "1 > 2 AND SELF == 'x'").constantValue == false)
        #expect(try ActivationPredicate(format: "SELF == 'x'").constantValue == nil)
    }

    @Test func concurrentEvaluationIsConsistent() async throws {
        let predicate = try ActivationPredicate(
            format: "SELF MATCHES[c] 'doc-[0-9]+' OR SELF LIKE '*.pdf' OR SELF BEGINSWITH[cd] 'mail.'")
        let identifiers = (0..<2_000).map { index in
            switch index % 4 {
            case 0: "DOC-\(index)"
            case 1: "file\(index).pdf"
            case 2: "Mail.\(index)"
            default: "other-\(index)"
            }
        }
        let expected = identifiers.map { predicate.evaluate($0) }
        let results = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<8 {
                group.addTask { identifiers.map { predicate.evaluate($0) } }
            }
            var all: [[Bool]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected) }
        #expect(expected.filter { $0 }.count == 1_500)
    }
}
