import Foundation
import Testing

@Suite struct RouteCommandTests {
    @Test func withoutManifestUsesTheExampleAppAndSaysSo() throws {
        let result = try CLIRunner.run(["route", "mail.inbox", "calendar.event.5"])
        #expect(result.status == 0)
        #expect(result.stdout == "0  \"mail.inbox\"  activate main-1  (prefers)\n1  \"calendar.event.5\"  create Main  (default-declaration)\n")
        #expect(result.stderr.hasPrefix("note: no --manifest given; routing against the example app "))
        #expect(result.stderr.hasSuffix("Fixtures/apps/mail.json\n"))
    }

    @Test func explainListsCandidates() throws {
        let result = try CLIRunner.run(["route", "--manifest", "Fixtures/apps/mail.json", "--explain", "--format", "json", "mail.thread.1"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"action":"activate","candidates":[{"lastActive":40,"score":1,"session":"main-1","state":"foregroundActive"},{"lastActive":31,"score":1,"session":"main-2","state":"background"},{"lastActive":38,"score":0,"session":"compose-7","state":"foregroundInactive"},{"lastActive":12,"score":0,"session":"viewer-3","state":"background"}],"considered":4,"event":0,"identifier":"mail.thread.1","reason":"can","session":"main-1"}"#
                + "\n")
    }

    @Test func identifiersFromStdinWithAnInvalidLine() throws {
        var input = Data("mail.inbox\n".utf8)
        input.append(contentsOf: [0xC3, 0x28, 0x0A])
        input.append(Data("mail.mailbox.work\n".utf8))
        let result = try CLIRunner.run(["route", "--manifest", "Fixtures/apps/mail.json", "--format", "json"], stdin: input)
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
