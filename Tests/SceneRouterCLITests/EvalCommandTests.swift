import Foundation
import Testing

@Suite struct EvalCommandTests {
    @Test func identifiersAsArguments() throws {
        let result = try CLIRunner.run(["eval", "SELF BEGINSWITH[cd] %@", "--arg", "sms:", "SMS:group-17", "mail"])
        #expect(result.status == 0)
        #expect(result.stdout == "true   \"SMS:group-17\"\nfalse  \"mail\"\n")
        #expect(result.stderr.isEmpty)
    }

    /// Each line says which identifier it answers, in the order written, `--nil` included.
    @Test func answersAreLabelledAndInOrder() throws {
        let result = try CLIRunner.run([
            "eval", "SELF BEGINSWITH %@", "--arg", "a", "abc", "--nil", "x\ty", "--format", "text",
        ])
        #expect(result.stdout == "true   \"abc\"\nfalse  (no identifier)\nfalse  \"x\\ty\"\n")
        let first = try CLIRunner.run(["eval", "SELF == nil", "--nil", "a", "--", "--b"])
        #expect(first.stdout == "true   (no identifier)\nfalse  \"a\"\nfalse  \"--b\"\n")
        let last = try CLIRunner.run(["eval", "SELF == nil", "a", "--format", "json", "--nil"])
        #expect(last.stdout == "{\"identifier\":\"a\",\"matches\":false}\n{\"identifier\":null,\"matches\":true}\n")
    }

    @Test func identifiersFromStdinAsJSON() throws {
        let result = try CLIRunner.run(
            ["eval", "SELF IN %@", "--args-json", #"[["mail.inbox", "compose"]]"#, "--format", "json"],
            stdin: "mail.inbox\nother\n\ncompose\r\n")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                {"identifier":"mail.inbox","matches":true}
                {"identifier":"other","matches":false}
                {"identifier":"","matches":false}
                {"identifier":"compose","matches":true}

                """)
    }

    @Test func nilIdentifier() throws {
        let result = try CLIRunner.run(["eval", "SELF == nil", "--nil", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout == "{\"identifier\":null,\"matches\":true}\n")
    }

    @Test func invalidPredicateExitsTwoWithACaretAndNoOutput() throws {
        let result = try CLIRunner.run(["eval", "SELF BEGINWITH 'a'", "abc"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
                SELF BEGINWITH 'a'
                     ^~~~~~~~~

                """)
    }

    @Test(arguments: [
        "SELF == 'a' OR (SELF == 'b'", "name == 'x'", "SELF == %@", "SELF MATCHES '(ab'", "SELF LIKE 'a\\\\'",
        "SUBQUERY(SELF, $x, $x == 'a').@count > 0", "SELF BETWEEN {'a'}", "SELF MATCHES '(?w)a'",
        "ANY SELF == 'a'", "FUNCTION(SELF, 'x') == 'y'", "SELF == $VAR", "%K == 'a'", "",
    ])
    func everyBadPredicateExitsTwoWithACaret(_ format: String) throws {
        let result = try CLIRunner.run(["eval", format, "x"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains("^"))
    }

    @Test func invalidUTF8LineIsReportedAndTheRestAnswered() throws {
        var input = Data("a\n".utf8)
        input.append(contentsOf: [0x62, 0xFF, 0x0A])
        input.append(Data("c\n".utf8))
        let result = try CLIRunner.run(["eval", "SELF != 'zzz'", "--format", "json"], stdin: input)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                {"identifier":"a","matches":true}
                {"error":"stdin line 2: not valid UTF-8 (at byte offset 1)","line":2}
                {"identifier":"c","matches":true}

                """)
        #expect(
            result.stderr
                == #"{"column":null,"file":"stdin","line":2,"message":"not valid UTF-8 (at byte offset 1)","path":null,"severity":"error"}"#
                + "\n")
    }

    @Test func usageErrorsExitSixtyFour() throws {
        #expect(try CLIRunner.run(["eval"]).status == 64)
        #expect(try CLIRunner.run(["eval", "SELF == 'a'", "--bogus"]).status == 64)
        #expect(try CLIRunner.run(["eval", "SELF == %@", "--arg", "a", "--args-json", "[\"b\"]", "x"]).status == 64)
        #expect(try CLIRunner.run(["eval", "SELF == %@", "--args-json", "{\"a\": 1}", "x"]).status == 64)
        #expect(try CLIRunner.run(["eval", "SELF == 'a'", "--format", "xml", "x"]).status == 64)
    }

    @Test func catastrophicRegexComesBackWithAWarning() throws {
        let subject = String(repeating: "a", count: 5_000) + "b"
        let result = try CLIRunner.run(["eval", "SELF MATCHES '(a+)+$'", subject])
        #expect(result.status == 0)
        #expect(result.stdout == "false  \"" + String(repeating: "a", count: 60) + "\"… (5001 bytes)\n")
        #expect(result.stderr.contains("hit its match budget"))
    }

    @Test func megabyteIdentifiersFromStdin() throws {
        let big = String(repeating: "x", count: 2_000_000)
        let result = try CLIRunner.run(
            ["eval", "SELF MATCHES '.*y.*' OR SELF CONTAINS 'xy' OR SELF ENDSWITH 'x'"], stdin: big + "\n" + big + "y\n"
        )
        #expect(result.status == 0)
        let shown = "\"" + String(repeating: "x", count: 60) + "\"…"
        #expect(result.stdout == "true   \(shown) (2000000 bytes)\ntrue   \(shown) (2000001 bytes)\n")
        #expect(result.stderr.isEmpty)
    }
}
