import Foundation
import Testing

@testable import SceneRouting

/// Integers from input are bounded where they are read, and replay arithmetic cannot trap.
@Suite struct ReplayHardeningTests {
    private func load(_ json: String) throws(ManifestError) -> SceneApp {
        try ManifestLoader.load(Data(json.utf8), file: "app.json")
    }

    @Test func lastActiveBeyondWhatJSONHoldsExactlyIsALocatedError() {
        #expect(throws: ManifestError.self) {
            try load(
                #"{"declarations":[{"name":"M"}],"sessions":[{"id":"S","declaration":"M","lastActive":9223372036854774784}]}"#
            )
        }
        do {
            _ = try load(
                #"{"declarations":[{"name":"M"}],"sessions":[{"id":"S","declaration":"M","lastActive":-9007199254740992}]}"#
            )
        } catch {
            #expect(
                error.description
                    == "app.json:1:72: sessions[0].lastActive: error: -9007199254740992 is out of range: expected an integer "
                    + "from -9007199254740991 to 9007199254740991")
        }
        let edge = try? load(
            #"{"declarations":[{"name":"M"}],"sessions":[{"id":"S","declaration":"M","lastActive":9007199254740991}]}"#)
        #expect(edge?.sessions.first?.lastActive == 9_007_199_254_740_991)
    }

    @Test func timelineUpdatesAreBoundedToo() throws {
        let app = try load(#"{"declarations":[{"name":"M"}],"sessions":[{"id":"S","declaration":"M"}]}"#)
        let decoder = TimelineDecoder(file: "t.jsonl", app: app, allowsLifecycle: true)
        #expect(throws: Diagnostic.self) {
            try decoder.decode(Array(#"{"update":{"id":"S","lastActive":1e300}}"#.utf8), line: 3)
        }
        do {
            _ = try decoder.decode(Array(#"{"update":{"id":"S","lastActive":1e300}}"#.utf8), line: 3)
        } catch {
            #expect(error.locatedMessage == "line 3: update.lastActive: expected an integer, found a number")
        }
        do {
            _ = try decoder.decode(
                Array(#"{"open":{"id":"T","declaration":"M","lastActive":18446744073709551616}}"#.utf8), line: 4)
        } catch {
            #expect(
                error.locatedMessage
                    == "line 4: open.lastActive: 18446744073709551616 is out of range: expected an integer "
                    + "from -9007199254740991 to 9007199254740991")
        }
    }

    /// The library accepts any Int: replaying from Int.max keeps one key window and traps on
    /// nothing (the loader refuses such values; the library must still not crash on them).
    @Test func replayingFromTheLargestLastActiveSaturates() throws {
        let sessions = [
            SceneSession(
                id: "A", declaration: "M", state: .foregroundActive, lastActive: .max,
                conditions: .defaults(for: .uikit)),
            SceneSession(
                id: "B", declaration: "M", state: .background, lastActive: .max - 1, conditions: .defaults(for: .uikit)),
        ]
        var replayer = TimelineReplayer(
            app: try SceneApp(declarations: [SceneDeclaration(name: "M")], sessions: sessions))
        for _ in 0..<1_024 { _ = replayer.route(.identifier("x")) }
        #expect(replayer.app.sessions.map(\.lastActive) == [.max, .max - 1])
        #expect(replayer.app.sessions.filter { $0.state == .foregroundActive }.map(\.id) == ["A"])
    }

    /// New sessions are named new-1, new-2, …, skipping ids already open, however many.
    @Test func newIDsSkipTakenOnesAcrossManySessions() throws {
        let taken = (1...5_000).map { index in
            SceneSession(
                id: "new-\(index)", declaration: "M",
                conditions: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: .alwaysFalse))
        }
        var replayer = TimelineReplayer(
            app: try SceneApp(framework: .swiftui, declarations: [SceneDeclaration(name: "M")], sessions: taken))
        var created: [String] = []
        for _ in 0..<3 {
            if case .create(_, let id?) = replayer.route(.identifier("x")).action { created.append(id) }
        }
        #expect(created == ["new-5001", "new-5002", "new-5003"])
        // A closed id is free again, but the counter has moved on past it.
        try? replayer.apply(.close(sessionID: "new-2"))
        try? replayer.apply(.open(SceneSession(id: "new-5004", declaration: "M", conditions: .defaults(for: .swiftui))))
        if case .create(_, let id?) = replayer.route(.identifier("x")).action { created.append(id) }
        #expect(created.last == "new-5005")
        #expect(throws: TimelineReplayer.ReplayError.self) {
            try replayer.apply(
                .open(SceneSession(id: "new-5005", declaration: "M", conditions: .defaults(for: .uikit))))
        }
    }
}
