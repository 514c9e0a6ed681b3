import Testing

@testable import PredicateSyntax

/// The whole rendered diagnostic for the mistakes people actually make.
@Suite struct DiagnosticTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var format: String
        var arguments: [PredicateArgument] = []
        var rendered: String
        var testDescription: String { format }
    }

    static let cases: [Case] = [
        Case(
            format: "SELF BEGINWITH 'a'",
            rendered: """
                error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
                SELF BEGINWITH 'a'
                     ^~~~~~~~~
                """),
        Case(
            format: "SELF CONTAIN 'a'",
            rendered: """
                error: unknown operator 'CONTAIN' (did you mean CONTAINS?)
                SELF CONTAIN 'a'
                     ^~~~~~~
                """),
        Case(
            format: "SELF FOO 'a'",
            rendered: """
                error: unknown operator 'FOO': expected ==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN or BETWEEN
                SELF FOO 'a'
                     ^~~
                """),
        Case(
            format: "SELF BEGINSWITH",
            rendered: """
                error: expected a string after BEGINSWITH, found the end of the predicate
                SELF BEGINSWITH
                               ^
                """),
        Case(
            format: "SELF == \"abc'",
            rendered: """
                error: unterminated string: the " opened here is never closed
                SELF == "abc'
                        ^
                """),
        Case(
            format: "((SELF == 'a')",
            rendered: """
                error: missing ')' to close this '('
                ((SELF == 'a')
                ^
                """),
        Case(
            format: "SELF == 'a')",
            rendered: """
                error: unbalanced ')': there is no '(' to close
                SELF == 'a')
                           ^
                """),
        Case(
            format: "name == 'x'",
            rendered: """
                error: unsupported key path 'name': only SELF (the target content identifier) can be compared
                name == 'x'
                ^~~~
                """),
        Case(
            format: "SELF == %@",
            rendered: """
                error: %@ has no argument (0 given): pass one with --arg or in the manifest's "args"
                SELF == %@
                        ^~
                """),
        Case(
            format: "SELF == %@",
            arguments: ["a", "b"],
            rendered: """
                error: 2 arguments given but the predicate has 1 %@
                SELF == %@
                          ^
                """),
        Case(
            format: "ANY SELF == 'a'",
            rendered: """
                error: ANY needs a collection on its left, but SELF (the target content identifier) is a string
                ANY SELF == 'a'
                ^~~
                """),
        Case(
            format: "SELF == $id",
            rendered: """
                error: variables ('$id') are not supported: write the value, or pass it as a %@ argument
                SELF == $id
                        ^~~
                """),
        Case(
            format: "SELF BETWEEN 'a'",
            rendered: """
                error: BETWEEN needs two bounds: {lower, upper}, found a string
                SELF BETWEEN 'a'
                             ^~~
                """),
        Case(
            format: "SELF ==[x] 'a'",
            rendered: """
                error: unknown option 'x' in [x]: options are c, d, n and l
                SELF ==[x] 'a'
                       ^~~
                """),
        Case(
            format: "TRUE",
            rendered: """
                error: a boolean value is not a predicate (did you mean TRUEPREDICATE?)
                TRUE
                ^~~~
                """),
        Case(
            format: "SELF",
            rendered: """
                error: expected an operator after SELF, found the end of the predicate
                SELF
                    ^
                """),
        Case(
            format: "SELF == 'a' SELF == 'b'",
            rendered: """
                error: expected AND or OR between predicates, found SELF
                SELF == 'a' SELF == 'b'
                            ^~~~
                """),
        Case(
            format: "SELF === 'a'",
            rendered: """
                error: unknown operator '===' (did you mean ==?)
                SELF === 'a'
                     ^~~
                """),
        Case(
            format: "SELF == 'é' AND SELF BEGINWITH 'x'",
            rendered: """
                error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
                SELF == 'é' AND SELF BEGINWITH 'x'
                                     ^~~~~~~~~
                """),
        Case(
            format: "",
            rendered: """
                error: empty predicate: expected a comparison such as SELF == 'id'

                ^
                """),
    ]

    @Test(arguments: cases)
    func rendersWholeDiagnostic(_ testCase: Case) {
        #expect(throws: Diagnostic.self) { try Parser.parse(testCase.format, arguments: testCase.arguments) }
        do {
            _ = try Parser.parse(testCase.format, arguments: testCase.arguments)
        } catch {
            #expect(error.rendered() == testCase.rendered)
        }
    }

    @Test func renderedWithLocationPrefix() throws {
        var error = try #require(throws: Diagnostic.self) { try Parser.parse("SELF BEGINSWITH 42") }
        error.file = "app.json"
        error.path = "sessions[3].canActivate"
        #expect(
            error.rendered() == """
                app.json: sessions[3].canActivate: error: BEGINSWITH needs a string, found a number
                SELF BEGINSWITH 42
                                ^~
                """)
        #expect(error.code == .invalidOperand)
        #expect(error.excerpt?.offset == 16)
    }

    @Test func offsetsAreUTF8CodeUnits() throws {
        let error = try #require(throws: Diagnostic.self) { try Parser.parse("SELF == '日本' AND x == 'y'") }
        // 'SELF == ' is 8 bytes, the literal '日本' with quotes is 8, ' AND ' is 5.
        #expect(error.excerpt?.offset == 21)
    }

    @Test func multiLinePredicateShowsTheOffendingLine() throws {
        let error = try #require(throws: Diagnostic.self) {
            try Parser.parse("SELF == 'a'\n  OR SELF BEGINWITH 'b'")
        }
        #expect(
            error.rendered() == """
                error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
                  OR SELF BEGINWITH 'b'
                          ^~~~~~~~~
                """)
    }
}
