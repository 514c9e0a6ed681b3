import Foundation
import Testing

@Suite struct RouteCommandTests {
    /// A script that forgets the manifest must fail, not route some other app and pass.
    @Test func everyAppCommandRequiresAManifest() throws {
        for arguments in [["route", "mail.inbox"], ["replay", "--timeline", "-"], ["check"], ["compile"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains("--manifest <file>"), "\(arguments): \(result.stderr)")
        }
        let both = try CLIRunner.run(["route", "--manifest", "Fixtures/apps/mail.json", "--example", "x"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give --manifest or --example, not both"))
    }

    /// A misspelled command or option gets a suggestion, whatever the command checks first.
    /// Lines read from a file are decided in batches; the answers are those of one line at a
    /// time (each identifier given as an argument on its own), in the input's order, with
    /// bad lines answered in their place, across several batches.
    @Test func batchedLinesAnswerInOrderAsOneByOne() throws {
        let identifiers = ["mail.thread.1", "calendar.event.5", "mail.inbox", "mail.compose.draft-7", "x", ""]
        var input = Data()
        var expected: [String] = []
        for index in 0..<700 {
            if index % 97 == 40 {
                input.append(contentsOf: [0x61, 0xFF, 0x0A])
                expected.append("error: line \(index + 1): not valid UTF-8")
                continue
            }
            let identifier = identifiers[index % identifiers.count]
            input.append(contentsOf: Array((identifier + "\n").utf8))
            expected.append(identifier)
        }
        let result = try CLIRunner.run(["route", "--manifest", "Fixtures/apps/mail.json"], stdin: input)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 700)
        var answers: [String: String] = [:]
        for identifier in identifiers {
            let alone = try CLIRunner.run(["route", "--manifest", "Fixtures/apps/mail.json", identifier])
            answers[identifier] = Self.withoutNumber(alone.stdout.split(separator: "\n").first ?? "")
        }
        var differing: [String] = []
        for (index, (line, want)) in zip(lines, expected).enumerated() {
            let body = Self.withoutNumber(line)
            let matches = want.hasPrefix("error: ") ? body.hasPrefix(want) : body == answers[want]
            if !matches || !line.hasPrefix("\(index)  ") { differing.append("\(index): \(line)") }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// An answer line without its leading event number.
    private static func withoutNumber(_ line: Substring) -> String {
        guard let gap = line.firstRange(of: "  ") else { return String(line) }
        return String(line[gap.upperBound...])
    }

    @Test func misspellingsGetSuggestions() throws {
        let cases: [([String], String)] = [
            (
                ["rout", "--manifest", "Fixtures/apps/mail.json", "x"],
                "Error: unknown command 'rout'. Did you mean 'route'?"
            ),
            (
                ["route", "--manifst", "Fixtures/apps/mail.json", "x"],
                "Error: unknown option '--manifst'. Did you mean '--manifest'?"
            ),
            (
                ["replay", "--manifst", "a", "--timeline", "b"],
                "Error: unknown option '--manifst'. Did you mean '--manifest'?"
            ),
            (
                ["check", "--manifest", "Fixtures/apps/mail.json", "--stric"],
                "Error: unknown option '--stric'. Did you mean '--strict'?"
            ),
            (
                ["xyzzy"],
                "Error: unknown command 'xyzzy'. Commands: eval, route, replay, check, import, compile, bench."
            ),
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\nUsage: scene-router"))
            #expect(result.stdout.isEmpty)
        }
        // A value that starts with -- and is near no option keeps the parser's own message.
        let value = try CLIRunner.run(["eval", "SELF == %@", "--arg", "--x"])
        #expect(value.status == 64)
        #expect(value.stderr.hasPrefix("Error: Missing value for '--arg <arg>'"))
        // A valid command line is never second-guessed.
        #expect(
            try CLIRunner.run(["eval", "SELF == %@", "--arg=--manifst", "--", "--manifst"]).stdout
                == "true   \"--manifst\"\n")
    }

    @Test func exampleRoutesTheBundledAppAndItsEvents() throws {
        let named = try CLIRunner.run(["route", "--example", "mail.inbox", "calendar.event.5"])
        #expect(named.status == 0)
        #expect(
            named.stdout
                == "0  \"mail.inbox\"  activate main-1  (prefers)\n1  \"calendar.event.5\"  create Main  (default-declaration)\n"
        )
        #expect(named.stderr.isEmpty)
        let bundled = try CLIRunner.run(["route", "--example"])
        let explicit = try CLIRunner.run(
            ["route", "--manifest", "Fixtures/apps/mail.json", "--events", "Fixtures/apps/mail-events.jsonl"])
        #expect(bundled.status == 0)
        #expect(bundled.stdout == explicit.stdout)
        #expect(bundled.stdout.split(separator: "\n").count >= 5)
    }

    /// An installed binary has no clone of the repository around it: the example is built
    /// in, byte for byte the fixture's (the explanations and JSON records agree too).
    @Test func aCopiedBinaryStillRoutesTheExample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-router-installed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("scene-router")
        try FileManager.default.copyItem(at: CLIRunner.binary, to: copy)
        for format in [["--explain"], ["--format", "json", "--explain"]] {
            let installed = try CLIRunner.run(["route", "--example"] + format, in: folder, executable: copy)
            let explicit = try CLIRunner.run(
                ["route", "--manifest", "Fixtures/apps/mail.json", "--events", "Fixtures/apps/mail-events.jsonl"]
                    + format)
            #expect(installed.status == 0, "\(installed.stderr)")
            #expect(installed.stderr.isEmpty)
            #expect(installed.stdout == explicit.stdout)
        }
    }

    /// Text output shows identifiers in JSON string syntax: a quote, tab or newline in one
    /// cannot be read as the line's structure.
    @Test func textOutputEscapesIdentifiers() throws {
        let result = try CLIRunner.run(["route", "--manifest", "Fixtures/apps/mail.json", "a\"b\tc", "x\ny", "mail/é"])
        #expect(result.status == 0)
        #expect(
            result.stdout == #"""
                0  "a\"b\tc"  create Main  (default-declaration)
                1  "x\ny"  create Main  (default-declaration)
                2  "mail/é"  create Main  (default-declaration)

                """#)
    }

    @Test func versionIsPrinted() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        let changelog = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // The newest section is the version the tool says it is.
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }?.dropFirst(3).split(separator: " ")
            .first
        #expect(
            newest.map(String.init) == String(result.stdout.dropLast()),
            "--version is not CHANGELOG.md's newest section")
    }

    /// Under `--format json` every diagnostic is one JSON object per line, with the place.
    @Test func diagnosticsAreJSONUnderJSONFormat() throws {
        let result = try CLIRunner.run(
            [
                "route", "--manifest", "Fixtures/apps/mail.json", "--events", "Fixtures/bad-input/events-mixed.jsonl",
                "--format", "json",
            ])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 7)
        var places: [String] = []
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            for key in ["severity", "file", "path", "line", "column", "message"] {
                #expect(object[key] != nil, "\(key) in \(line)")
            }
            #expect(object["severity"] as? String == "error")
            #expect(object["file"] as? String == "Fixtures/bad-input/events-mixed.jsonl")
            places.append(
                "\(object["line"] as? Int ?? 0):\(object["column"] as? Int ?? 0):\(object["path"] as? String ?? "")")
        }
        #expect(places == ["2:22:", "3:0:", "4:0:", "5:18:", "6:0:identifier", "8:28:", "9:0:url"])

        let predicate = try CLIRunner.run([
            "check", "--manifest", "Fixtures/bad-input/manifest-bad-regex.json", "--format", "json",
        ])
        #expect(predicate.status == 2)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(predicate.stderr.split(separator: "\n")[0].utf8))
                as? [String: Any])
        #expect(object["path"] as? String == "declarations[0].matching")
        #expect(object["code"] as? String == "invalid-regex")
        #expect(object["offset"] is Int)
        #expect(object["predicate"] is String)
    }

    @Test func explainListsCandidates() throws {
        let result = try CLIRunner.run([
            "route", "--manifest", "Fixtures/apps/mail.json", "--explain", "--format", "json", "mail.thread.1",
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"action":"activate","candidates":[{"condition":"canActivate","decidedBy":"SELF BEGINSWITH 'mail.'","declaration":"Main","lastActive":40,"position":0,"predicate":"SELF BEGINSWITH 'mail.' AND NOT SELF BEGINSWITH 'mail.compose.'","score":1,"session":"main-1","state":"foregroundActive"},{"condition":"canActivate","decidedBy":"SELF BEGINSWITH 'mail.'","declaration":"Main","lastActive":31,"position":1,"predicate":"SELF BEGINSWITH 'mail.' AND NOT SELF BEGINSWITH 'mail.compose.'","score":1,"session":"main-2","state":"background"},{"declaration":"Compose","lastActive":38,"position":2,"score":0,"session":"compose-7","state":"foregroundInactive"},{"declaration":"Viewer","lastActive":12,"position":3,"score":0,"session":"viewer-3","state":"background"}],"considered":4,"declarations":[],"event":0,"identifier":"mail.thread.1","omitted":0,"reason":"can","session":"main-1"}"#
                + "\n")
    }

    /// `--explain` lists ten candidates and counts the rest; `--explain-all` lists them all.
    @Test func explainCountsWhatItLeavesOut() throws {
        let sessions = (0..<12).map { #"{"id": "S\#($0)", "declaration": "Main", "lastActive": \#($0)}"# }
        let manifest = #"{"declarations": [{"name": "Main"}], "sessions": ["# + sessions.joined(separator: ", ") + "]}"
        let short = try CLIRunner.run(["route", "--manifest", "-", "--explain", "x"], stdin: Data(manifest.utf8))
        #expect(short.status == 0)
        #expect(short.stdout.contains("… 2 more (--explain-all lists every candidate)"))
        #expect(short.stdout.components(separatedBy: "  score 1").count - 1 == 10)
        let all = try CLIRunner.run(
            ["route", "--manifest", "-", "--explain-all", "--format", "json", "x"], stdin: Data(manifest.utf8))
        let record = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        #expect((record["candidates"] as? [Any])?.count == 12)
        #expect(record["omitted"] as? Int == 0)
    }

    @Test func identifiersFromStdinWithAnInvalidLine() throws {
        var input = Data("mail.inbox\n".utf8)
        input.append(contentsOf: [0xC3, 0x28, 0x0A])
        input.append(Data("mail.mailbox.work\n".utf8))
        let result = try CLIRunner.run(
            ["route", "--manifest", "Fixtures/apps/mail.json", "--format", "json"], stdin: input)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                {"action":"activate","event":0,"identifier":"mail.inbox","reason":"prefers","session":"main-1"}
                {"error":"line 2: not valid UTF-8 (at byte offset 0)","event":1}
                {"action":"activate","event":2,"identifier":"mail.mailbox.work","reason":"prefers","session":"main-2"}

                """)
    }

    @Test func eventsFromStdin() throws {
        let result = try CLIRunner.run(
            ["route", "--manifest", "Fixtures/apps/mail.json", "--events", "-", "--format", "json"],
            stdin: "{\"shortcut\": {\"targetContentIdentifier\": \"mail.inbox/\"}}\n\n{\"identifier\": null}\n")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                {"action":"activate","event":0,"identifier":"mail.inbox/","reason":"prefers","session":"main-1"}
                {"action":"activate","event":1,"identifier":null,"reason":"no-identifier","session":"main-1"}

                """)
    }

    @Test func usageErrors() throws {
        #expect(try CLIRunner.run(["route", "--events", "x.jsonl", "id"]).status == 64)
        #expect(try CLIRunner.run(["replay", "--timeline", "t.jsonl"]).status == 64)
        #expect(try CLIRunner.run(["check"]).status == 64)
        #expect(try CLIRunner.run(["route", "--manifest", "-", "--events", "-"]).status == 64)
    }
}
