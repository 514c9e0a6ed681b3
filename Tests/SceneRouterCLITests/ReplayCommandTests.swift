import Foundation
import Testing

@Suite struct ReplayCommandTests {
    /// An `open` without an id is told the id it received, in text and JSON; one with an id
    /// is not echoed.
    @Test func anOpenWithoutAnIdSaysWhichItGot() throws {
        let timeline = """
            {"open": {"declaration": "Main"}}
            {"open": {"id": "z", "declaration": "Main"}}
            {"open": {"declaration": "Main"}}
            {"identifier": "mail.x"}
            """
        let text = try CLIRunner.run(
            ["replay", "--manifest", "Fixtures/apps/mail.json", "--timeline", "-"], stdin: timeline)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["-  opened Main-1  (line 1)", "-  opened Main-2  (line 3)"], "\(lines)")
        #expect(lines.count == 3 && lines[2].hasPrefix("0  \"mail.x\"  activate "))
        let json = try CLIRunner.run(
            ["replay", "--manifest", "Fixtures/apps/mail.json", "--timeline", "-", "--format", "json"], stdin: timeline)
        #expect(
            json.stdout.hasPrefix("{\"line\":1,\"opened\":\"Main-1\"}\n{\"line\":3,\"opened\":\"Main-2\"}\n{\"action\"")
        )
    }
}
