import Foundation
import PCRE2Support
import Testing

@testable import SceneRouting

/// Compiled tests keep their literals as bytes in one block (a literal test, a membership
/// test) or their pattern as text until a regex is needed (a pattern test its skeleton or
/// glob decides on ASCII identifiers). What they hand back — the literal, the members, the
/// operation — must be what was stated, byte for byte, and their answers those of the
/// forms they replace.
@Suite struct CompiledTestStorageTests {
    private static let literals = [
        "", "a", "note/17/", "com.example.app.window.123456", "Straße", "ＡＢＣ", "café", "e\u{301}", "ﬁle",
        "KELVIN \u{212A}",
    ]
    private static let modes: [FoldMode] = [
        .literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
    ]
    private static let operations: [LiteralTest.Operation] = [
        .equal, .less, .lessEqual, .greater, .greaterEqual, .beginsWith, .endsWith, .contains, .containedIn,
    ]

    private static func sameOperation(_ a: LiteralTest.Operation, _ b: LiteralTest.Operation) -> Bool {
        switch (a, b) {
        case (.between(let x), .between(let y)): Array(x.utf8) == Array(y.utf8)
        case (.between, _), (_, .between): false
        default: "\(a)" == "\(b)"
        }
    }

    @Test func aLiteralTestHandsBackWhatWasStated() {
        for literal in Self.literals {
            for mode in Self.modes {
                // The compiler compares BETWEEN without options only.
                let between: [LiteralTest.Operation] = mode == .canonical ? [.between(upper: literal + "z")] : []
                for operation in Self.operations + between {
                    let test = LiteralTest.make(operation, literal: literal, mode: mode)
                    let label = "\(operation) \(mode) \(literal.debugDescription)"
                    #expect(Array(test.literal.utf8) == Array(literal.utf8), "\(label)")
                    #expect(Array(test.literalUTF8) == Array(literal.utf8), "\(label)")
                    #expect(Self.sameOperation(test.operation, operation), "\(label)")
                    #expect(test.mode == mode, "\(label)")
                    let expectedForm: [UInt8]? =
                        if case .containedIn = operation, !ASCIIText.isASCII(literal) { nil } else {
                            mode.asciiForm(of: literal)
                        }
                    #expect(test.asciiLiteral.map(Array.init) == expectedForm, "\(label)")
                }
            }
        }
    }

    /// A million windows hold a literal test each: its fields stay within 24 bytes.
    @Test func aLiteralTestsFieldsStaySmall() {
        #expect(MemoryLayout<LiteralTestFields>.stride <= 24)
        #expect(MemoryLayout<MembershipTest.Entry>.stride == 16)
    }

    @Test func anASCIIFormThatIsTheLiteralIsNotASecondCopy() throws {
        let same = LiteralTest.make(.equal, literal: "com.example.app.window.123456", mode: .literal)
        let sameForm = try #require(same.asciiLiteral)
        #expect(sameForm.baseAddress == same.literalUTF8.baseAddress)
        let lowered = LiteralTest.make(.contains, literal: "Group-17;", mode: .caseInsensitive)
        let loweredForm = try #require(lowered.asciiLiteral)
        #expect(Array(loweredForm) == Array("group-17;".utf8))
        #expect(Array(lowered.literalUTF8) == Array("Group-17;".utf8))
    }

    @Test func aLiteralTestAnswersAsFoundationDoes() {
        let identifiers = [
            "", "a", "A", "note/17/x", "NOTE/17/", "com.example.app.window.123456", "strasse", "STRASSE", "abc", "Café",
            "cafe", "e\u{301}", "file", "kelvin k", "zzz",
        ]
        for literal in Self.literals {
            for mode in Self.modes {
                for operation in Self.operations {
                    let test = LiteralTest.make(operation, literal: literal, mode: mode)
                    for identifier in identifiers {
                        var fast = false
                        Subject.with(identifier) { fast = test.evaluate(&$0) }
                        #expect(
                            fast == test.foundation(identifier),
                            "\(operation) \(mode) \(literal.debugDescription) on \(identifier.debugDescription)")
                    }
                }
            }
        }
    }

    @Test(arguments: [
        [String](), ["doc/7"], ["doc/7", "https://example.com/doc/7"], ["b", "a", "b", ""],
        (0..<40).map { "member-\($0 * 7919 % 40)" }, ["é", "e\u{301}", "ﬁ"],
    ])
    func aMembershipTestKeepsItsMembersInOrder(_ members: [String]) {
        let test = MembershipTest(members: members)
        #expect(test.members.map { Array($0.utf8) } == members.map { Array($0.utf8) })
        #expect(test.isEmpty == members.isEmpty)
        for identifier in members + ["", "doc/8", "member-40", "e", "fi"] {
            var found = false
            Subject.with(identifier) { found = test.evaluate(&$0) }
            let expected = members.contains { Array($0.utf8) == Array(identifier.utf8) }
            #expect(found == expected, "\(identifier.debugDescription) in \(members)")
        }
    }

    /// A pattern its skeleton or glob decides on ASCII compiles PCRE2 code only for the first
    /// non-ASCII identifier, and answers as the regex does.
    @Test(arguments: [
        ("SELF MATCHES %@", "ticket-[0-9]+-17", "ticket-１２-17", true),
        ("SELF MATCHES %@", "ticket-[0-9]+-17", "ticket-x-17é", false),
        ("SELF LIKE %@", "chart-*-17", "chart-é-17", true),
        ("SELF LIKE[c] %@", "report-*.pdf", "RÉPORT-1.pdf", false),
        ("SELF LIKE[c] %@", "report-*.pdf", "REPORT-é.PDF", true),
    ])
    func aPatternCompilesItsRegexWhenANonASCIIIdentifierComes(
        format: String, pattern: String, nonASCII: String, matches: Bool
    ) throws {
        let predicate = try ActivationPredicate(format: format, arguments: [.string(pattern)])
        guard case .pattern(let test) = predicate.root else {
            Issue.record("\(format) \(pattern) is not one pattern test")
            return
        }
        #expect(!test.holdsCompiledCode)
        #expect(predicate.evaluate(pattern.replacingOccurrences(of: "[0-9]+", with: "42")))
        #expect(!test.holdsCompiledCode, "an ASCII identifier needs no regex")
        #expect(predicate.evaluate(nonASCII) == matches)
        #expect(test.holdsCompiledCode)
        #expect(test.pattern?.isJITCompiled == false)
    }

    @Test func threadsThatNeedTheRegexAtOnceShareOneAnswer() async throws {
        let predicate = try ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string("ticket-[0-9]+-17")])
        let answers = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<200).map { predicate.evaluate($0 % 2 == 0 ? "ticket-１２-17" : "ticket-é-17") } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = (0..<200).map { $0 % 2 == 0 }
        #expect(answers.count == 8)
        #expect(answers.allSatisfy { $0 == expected })
    }
}
