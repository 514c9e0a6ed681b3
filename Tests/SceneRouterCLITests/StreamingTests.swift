import Dispatch
import Foundation
import Testing

/// `route` and `replay` answer each line as it arrives on a pipe, so another process can
/// keep one running as a router (`tail -f events.jsonl | scene-router route …`).
@Suite struct StreamingTests {
    /// A running `scene-router` fed through a pipe, whose answers are read line by line.
    private final class Conversation {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        private var received: [UInt8] = []

        init(_ arguments: [String]) throws {
            process.executableURL = CLIRunner.binary
            process.arguments = arguments
            process.currentDirectoryURL = CLIRunner.packageRoot
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        func send(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// The next line of output, or nil if none arrives within `seconds` (the process is
        /// holding it back): a hang guard, generous for a debug build.
        func nextLine(within seconds: Double = 20) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: received[..<newline], as: UTF8.self)
                    received.removeFirst(newline + 1)
                    return line
                }
                let descriptor = output.fileHandleForReading.fileDescriptor
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) >= 0 else { return nil }
                if ready.revents != 0 {
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    let count = read(descriptor, &chunk, chunk.count)
                    if count <= 0 { return nil }
                    received.append(contentsOf: chunk[..<count])
                }
            }
            return nil
        }

        func finish() -> Int32 {
            input.fileHandleForWriting.closeFile()
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// Everything written to stderr; call after ``finish()``.
        var stderr: String {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    @Test func routeAnswersEachIdentifierBeforeTheNextArrives() throws {
        let router = try Conversation(["route", "--manifest", "Fixtures/apps/mail.json"])
        router.send("mail.thread.1")
        #expect(router.nextLine() == #"0  "mail.thread.1"  activate main-1  (can)"#)
        router.send("calendar.event.5")
        #expect(router.nextLine() == #"1  "calendar.event.5"  create Main  (default-declaration)"#)
        // A bad line is answered in place too, and the router goes on.
        router.input.fileHandleForWriting.write(Data([0x61, 0xFF, 0x0A]))
        #expect(router.nextLine()?.hasPrefix("2  error: line 3: not valid UTF-8") == true)
        router.send("mail.inbox")
        #expect(router.nextLine() == #"3  "mail.inbox"  activate main-1  (prefers)"#)
        #expect(router.finish() == 2)
    }

    @Test func routeStreamsEventsAsJSON() throws {
        let router = try Conversation([
            "route", "--manifest", "Fixtures/apps/mail.json", "--events", "-", "--format", "json",
        ])
        router.send(#"{"identifier": "mail.compose.draft-7"}"#)
        let first = try #require(router.nextLine())
        #expect(first.contains(#""event":0"#) && first.contains(#""session":"compose-7""#), "\(first)")
        router.send(#"{"identifier": "mail.inbox"}"#)
        let second = try #require(router.nextLine())
        #expect(second.contains(#""event":1"#) && second.contains(#""session":"main-1""#), "\(second)")
        #expect(router.finish() == 0)
    }

    @Test func replayAnswersEachEventBeforeTheNextArrives() throws {
        let replay = try Conversation(["replay", "--manifest", "Fixtures/apps/mail.json", "--timeline", "-"])
        replay.send(#"{"identifier": "calendar.event.5"}"#)
        let first = try #require(replay.nextLine())
        #expect(first.contains("create Main"), "\(first)")
        replay.send(#"{"identifier": "mail.inbox"}"#)
        let second = try #require(replay.nextLine())
        #expect(second.contains("activate main-1"), "\(second)")
        #expect(replay.finish() == 0)
    }

    /// A load that takes over a second says so on stderr (here the manifest arrives slowly
    /// on a pipe); the answer is unaffected.
    @Test func aSlowLoadShowsProgress() throws {
        let manifest = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("Fixtures/apps/mail.json"), encoding: .utf8)
        let router = try Conversation(["route", "--manifest", "-", "mail.inbox"])
        let half = manifest.utf8.count / 2
        router.input.fileHandleForWriting.write(Data(manifest.utf8.prefix(half)))
        Thread.sleep(forTimeInterval: 1.8)
        router.input.fileHandleForWriting.write(Data(manifest.utf8.dropFirst(half)))
        // The manifest is read to its end before anything is routed.
        #expect(router.finish() == 0)
        #expect(router.nextLine() == #"0  "mail.inbox"  activate main-1  (prefers)"#)
        #expect(router.stderr.hasPrefix("scene-router: loading stdin… 1 s\n"))
    }
}
