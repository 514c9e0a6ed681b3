import Foundation
import Testing

/// Every file in `Fixtures/bad-input/` through the CLI: exit code 2 (or 64 for usage), a
/// message that names the place, no crash, no hang, and in a batch the good lines answered.
@Suite struct BadInputCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The file under Fixtures/bad-input (or an absolute path).
        var file: String
        /// Arguments, with `{}` for the file's path; nil: the file's bytes are the predicate
        /// of `eval` (passed through /bin/sh, so they reach argv byte for byte).
        var arguments: [String]?
        /// Send the file on stdin instead of naming it.
        var onStdin = false
        var status: Int32 = 2
        /// Texts stderr must contain, in order.
        var messages: [String]
        /// Decision or evaluation records expected on stdout (the good lines of a batch).
        var answered = 0
        var testDescription: String { file }
    }

    static let mail = "Fixtures/apps/mail.json"

    static let cases: [Case] = [
        Case(
            file: "manifest-bad-regex.json", arguments: ["check", "--manifest", "{}"],
            messages: [
                "manifest-bad-regex.json:1:36: declarations[0].matching: error: invalid regular expression: missing closing parenthesis",
                "^",
            ]),
        Case(
            file: "manifest-deep-json.json", arguments: ["check", "--manifest", "{}"],
            messages: ["manifest-deep-json.json:1:116: error: nesting deeper than 100 levels", "^"]),
        Case(
            file: "manifest-deep-nesting.json", arguments: ["route", "--manifest", "{}", "x"],
            messages: [
                "manifest-deep-nesting.json:1:87: sessions[0].canActivate: error: parentheses and aggregates nest deeper than 100 levels",
                "…((((", "^",
            ]),
        Case(
            file: "manifest-deep-regex-sets.json", arguments: ["check", "--manifest", "{}"],
            messages: ["declarations[0].matching: error: character sets nest deeper than 100 levels", "^"]),
        Case(
            file: "manifest-directory.json", arguments: ["check", "--manifest", "{}"],
            messages: ["manifest-directory.json: error: cannot read the file (it is a directory)"]),
        Case(
            file: "manifest-empty.json", arguments: ["check", "--manifest", "{}"],
            messages: [
                "manifest-empty.json: error: the file is empty: a manifest is a JSON object with declarations and sessions"
            ]),
        Case(
            file: "/dev/null", arguments: ["route", "--manifest", "{}", "x"],
            messages: ["/dev/null: error: the file is empty"]),
        Case(
            file: "manifest-every-key-wrong.json", arguments: ["check", "--manifest", "{}"],
            messages: [
                "frameworks: error: unknown key 'frameworks' (did you mean 'framework'?)",
                "declarations[0].nam: error: unknown key 'nam' (did you mean 'name'?)",
                "sessions[0].stat: error: unknown key 'stat' (did you mean 'state'?)",
            ]),
        Case(
            file: "manifest-huge-single-line.json", arguments: ["check", "--manifest", "{}"],
            messages: [
                "declarations[0].matching: error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)", "…xxx",
                "^~~~~~~~~",
            ]),
        Case(
            file: "manifest-invalid-utf8.json", arguments: ["check", "--manifest", "{}"],
            messages: ["manifest-invalid-utf8.json:1:29: error: invalid UTF-8", "^"]),
        Case(
            file: "manifest-last-active-overflow.json",
            arguments: ["replay", "--manifest", "{}", "--timeline", "/dev/null"],
            messages: [
                "sessions[0].lastActive: error: 9223372036854774784 is out of range: expected an integer from -9007199254740991 to 9007199254740991"
            ]),
        Case(
            file: "manifest-nul-byte.json", arguments: ["check", "--manifest", "{}"],
            messages: ["manifest-nul-byte.json:1:29: error: control character in a string", "^"]),
        Case(
            file: "manifest-truncated.json", arguments: ["check", "--manifest", "{}"],
            messages: ["manifest-truncated.json:1:58: error: unterminated string", "^"]),
        Case(
            file: "manifest-wrong-types.json", arguments: ["check", "--manifest", "{}"],
            messages: [
                "framework: error: expected a string, found a number",
                "sessions[0].declaration: error: unknown declaration 'Main'; declared: none that loaded",
                "sessions[0].lastActive: error: expected an integer, found a number",
            ]),
        Case(
            file: "predicate-invalid-utf8.txt",
            messages: ["error: argument 2 is not valid UTF-8 (at byte offset 10)", "SELF == 'a\\xFFb'", "          ^"]),
        Case(
            file: "predicate-deep-nesting.txt",
            messages: ["error: parentheses and aggregates nest deeper than 100 levels", "^"]),
        Case(
            file: "predicate-unknown-operator.txt",
            messages: ["error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)", "     ^~~~~~~~~"]),
        Case(
            file: "events-mixed.jsonl", arguments: ["route", "--manifest", mail, "--events", "{}"],
            messages: [
                "events-mixed.jsonl:2:22: error: invalid UTF-8",
                "events-mixed.jsonl:3: error: expected an object with one of identifier",
                "events-mixed.jsonl:4: error: the identifier is 80000 bytes long; routes accept at most 65536 bytes",
                "events-mixed.jsonl:5:18: error: control character in a string",
                "events-mixed.jsonl:6: identifier: error: expected a string or null, found a number",
                "events-mixed.jsonl:8:28: error: expected ',' or '}', found the end of the input",
                "events-mixed.jsonl:9: url: error: 'not a url' is not an absolute URL",
            ],
            answered: 3),
        Case(
            file: "timeline-mixed.jsonl", arguments: ["replay", "--manifest", mail, "--timeline", "{}"],
            messages: [
                "timeline-mixed.jsonl:1: update.lastActive: error: expected an integer, found a number",
                "timeline-mixed.jsonl:2: open.lastActive: error: 18446744073709551616 is out of range",
                "timeline-mixed.jsonl:4: error: cannot close 'nobody': no open session has that id",
                "timeline-mixed.jsonl:5: error: the identifier is 80000 bytes long",
                "timeline-mixed.jsonl:6: open.canActivate: error: parentheses and aggregates nest deeper than 100 levels",
            ],
            answered: 2),
        Case(
            file: "identifiers-stdin.txt", arguments: ["route", "--manifest", mail], onStdin: true,
            messages: [
                "stdin:2: error: not valid UTF-8 (at byte offset 5)",
                "stdin:3: error: the identifier is 80000 bytes long",
            ],
            answered: 2),
        Case(
            file: "eval-stdin.txt", arguments: ["eval", "SELF BEGINSWITH 'ab'"], onStdin: true,
            messages: [
                "stdin:2: error: not valid UTF-8 (at byte offset 0)",
                "stdin:3: error: not valid UTF-8 (at byte offset 2)",
            ],
            answered: 2),
        Case(
            file: "events-mixed.jsonl", arguments: ["route", "--manifest", "-", "--events", "-"], status: 64,
            messages: ["the manifest and the events cannot both come from stdin"]),
    ]

    static func path(_ file: String) -> String {
        file.hasPrefix("/") ? file : "Fixtures/bad-input/" + file
    }

    @Test(arguments: cases) func badInputIsReportedWhereItIs(_ testCase: Case) throws {
        let path = Self.path(testCase.file)
        let result: CLIResult
        if let arguments = testCase.arguments {
            let stdin =
                testCase.onStdin ? try Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent(path)) : nil
            result = try CLIRunner.run(arguments.map { $0 == "{}" ? path : $0 }, stdin: stdin)
        } else {
            // The predicate's bytes straight into argv, invalid UTF-8 included.
            result = try CLIRunner.run(
                ["-c", "exec \"$0\" eval \"$(cat \"$1\")\" x", CLIRunner.binary.path, path],
                executable: URL(fileURLWithPath: "/bin/sh"))
        }
        #expect(!result.timedOut, "hung")
        #expect(!result.signaled, "crashed: \(result.stderr.suffix(2_000))")
        #expect(result.status == testCase.status, "\(result.stderr.prefix(2_000))")
        var rest = Substring(result.stderr)
        for message in testCase.messages {
            guard let found = rest.range(of: message) else {
                Issue.record("stderr lacks \(message.debugDescription) (in order): \(result.stderr.prefix(3_000))")
                break
            }
            rest = rest[found.upperBound...]
        }
        // Text output: a decision line starts with its event number and does not say "error";
        // eval prints true or false, or error, and the identifier or the line.
        let records = result.stdout.split(separator: "\n").filter {
            !$0.contains("  error: ") && !$0.hasPrefix("error  stdin line ") && !$0.hasPrefix("    ")
        }
        #expect(records.count == testCase.answered, "\(result.stdout.prefix(2_000))")
    }

    /// Every file in the folder is one of the cases, so a new bad input cannot go untested.
    @Test func everyCorpusFileHasACase() throws {
        let folder = CLIRunner.packageRoot.appendingPathComponent("Fixtures/bad-input")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        let covered = Set(Self.cases.map(\.file))
        #expect(files.count >= 20)
        for file in files { #expect(covered.contains(file), "\(file) has no case") }
    }

    /// Replay names new sessions new-1, new-2, … skipping taken ids: with 200,000 taken it
    /// answers without trying each candidate against the whole session list (which takes
    /// minutes); the guard is a hang guard, not a speed assertion.
    @Test func replayNamesANewSessionBesideManyTakenIDs() throws {
        let count = 200_000
        let sessions = (1...count).map { #"{"id":"new-\#($0)","declaration":"Main"}"# }.joined(separator: ",")
        let manifest = #"{"framework":"swiftui","declarations":[{"name":"Main"}],"sessions":["# + sessions + "]}"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "many-new-\(UUID().uuidString).json")
        try Data(manifest.utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try CLIRunner.run(
            ["replay", "--manifest", scratch.path, "--timeline", "-", "--format", "json"],
            stdin: Data(#"{"identifier":"zzz"}"#.utf8), deadline: 90)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""session":"new-\#(count + 1)""#))
    }
}
