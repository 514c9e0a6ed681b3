import Testing

@testable import SceneRouting

/// The table keeps a session's declaration and role as positions in name lists: what it
/// hands back (snapshots) and how it routes must be what the sessions state, for roles outside
/// the known list and for names that change through updates.
@Suite struct SessionSlotTests {
    @Test func internedNamesKeepOnePositionPerName() {
        // Past eight names the lookup switches from comparing to hashing: both must agree.
        let words = (0..<20).map { "name-\($0)" }
        var names = InternedNames(words + words.reversed())
        #expect(names.names == words)
        for (position, word) in words.enumerated() {
            #expect(names.position(of: word) == UInt32(position))
            #expect(names[UInt32(position)] == word)
        }
        #expect(names.position(of: "name-20") == nil)
        #expect(names.intern("name-20") == 20)
        #expect(names.intern("name-3") == 3)
        #expect(names.names.count == 21)
        var few = InternedNames(["a", "b"])
        #expect(few.position(of: "c") == nil)
        #expect(few.intern("c") == 2)
        #expect(few.position(of: "c") == 2)
    }

    /// The build fetches each session's prefer predicate ahead through its reference's place
    /// in the session: the place must resolve, and hold that predicate.
    @Test func predicateReferencesAreWhereTheBuildFetchesThem() throws {
        let predicate = try ActivationPredicate(format: "SELF == 'doc-1'")
        let session = SceneSession(
            id: "w1", declaration: "Main", state: .background, lastActive: 1,
            conditions: ActivationConditions(prefersToActivate: predicate))
        let expected = UInt(bitPattern: Unmanaged.passUnretained(predicate.storage).toOpaque())
        var copy = session
        let sessionOffset = try #require(DispatchTable.sessionPredicateOffset)
        #expect(withUnsafeBytes(of: &copy) { $0.load(fromByteOffset: sessionOffset, as: UInt.self) } == expected)
    }

    private static func fields(_ app: SceneApp) -> [String] {
        app.sessions.map {
            "\($0.id) \($0.declaration) \($0.role.rawValue) \($0.state) \($0.lastActive) "
                + "\($0.conditions.canActivate.format) | \($0.conditions.prefersToActivate.format)"
        }
    }

    /// A window's conditions are read back from its tiers' groups; a session that receives no
    /// events has them kept beside the slots. Both must follow updates, across role changes
    /// either way, and a slot reused after a close must not inherit them.
    @Test func conditionsFollowUpdatesAcrossRoleChanges() throws {
        let custom = SessionRole(rawValue: "com.example.dashboard")
        func prefers(_ literal: String) throws -> ActivationPredicate {
            try ActivationPredicate(format: "SELF == '\(literal)'")
        }
        let app = try SceneApp(
            declarations: [SceneDeclaration(name: "Main")],
            sessions: [
                SceneSession(id: "w1", declaration: "Main", lastActive: 1, conditions: ActivationConditions()),
                SceneSession(
                    id: "d1", declaration: "Main", role: custom, lastActive: 5,
                    conditions: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: try prefers("inbox"))
                ),
            ])
        let router = SceneRouter(app: app)
        // Changed while it receives no events: kept, not enrolled.
        try router.update(SessionUpdate(id: "d1", prefersToActivate: try prefers("outbox")))
        #expect(router.snapshot.sessions[1].conditions.prefersToActivate.format == "SELF == 'outbox'")
        #expect(router.route(identifier: "outbox").action == .activate(sessionID: "w1"))
        // Becomes a window: enrolled with the conditions it has now.
        try router.update(SessionUpdate(id: "d1", role: .windowApplication))
        #expect(router.route(identifier: "outbox").action == .activate(sessionID: "d1"))
        #expect(router.route(identifier: "inbox").action == .activate(sessionID: "w1"))
        // A window's change of conditions and role at once: kept again, from the update.
        try router.update(
            SessionUpdate(id: "d1", role: custom, canActivate: .alwaysFalse, prefersToActivate: try prefers("drafts")))
        let kept = router.snapshot.sessions[1].conditions
        #expect(kept.prefersToActivate.format == "SELF == 'drafts'" && kept.canActivate.format == "FALSEPREDICATE")
        #expect(router.route(identifier: "drafts").action == .activate(sessionID: "w1"))
        // Its slot, reused by a window with conditions of its own.
        try router.close(sessionID: "d1")
        try router.open(SceneSession(id: "w2", declaration: "Main", lastActive: 9, conditions: ActivationConditions()))
        #expect(
            router.snapshot.sessions.map(\.conditions.prefersToActivate.format) == ["FALSEPREDICATE", "FALSEPREDICATE"])
        #expect(router.route(identifier: "drafts").action == .activate(sessionID: "w2"))
    }

    @Test func snapshotsAndRoutesFollowDeclarationsAndRoles() throws {
        let custom = SessionRole(rawValue: "com.example.dashboard")
        let prefersInbox = ActivationConditions(prefersToActivate: try ActivationPredicate(format: "SELF == 'inbox'"))
        let app = try SceneApp(
            declarations: [SceneDeclaration(name: "Main"), SceneDeclaration(name: "Viewer")],
            sessions: [
                SceneSession(id: "m1", declaration: "Main", lastActive: 3, conditions: ActivationConditions()),
                SceneSession(
                    id: "d1", declaration: "Viewer", role: custom, state: .foregroundActive, lastActive: 9,
                    conditions: prefersInbox),
                SceneSession(
                    id: "v1", declaration: "Viewer", role: .carTemplateApplication, lastActive: 1,
                    conditions: prefersInbox),
            ])
        let router = SceneRouter(app: app)
        #expect(Self.fields(router.snapshot) == Self.fields(app))
        // Neither the custom-role session nor the CarPlay one receives events.
        #expect(router.route(identifier: "inbox").action == .activate(sessionID: "m1"))

        try router.update(SessionUpdate(id: "d1", role: .windowApplication))
        #expect(router.route(identifier: "inbox").action == .activate(sessionID: "d1"))
        try router.update(SessionUpdate(id: "d1", lastActive: 11, role: custom))
        #expect(router.route(identifier: "inbox").action == .activate(sessionID: "m1"))

        // A role the table has not seen before, on a session opened later.
        let later = SessionRole(rawValue: "com.example.later")
        try router.open(
            SceneSession(
                id: "x1", declaration: "Main", role: later, state: .background, lastActive: 20, conditions: prefersInbox
            ))
        try router.update(SessionUpdate(id: "v1", state: .foregroundInactive, role: .windowApplication))
        #expect(router.route(identifier: "inbox").action == .activate(sessionID: "v1"))
        try router.close(sessionID: "m1")

        var expected = app
        expected.sessions.removeFirst()
        expected.sessions[0].role = custom
        expected.sessions[0].lastActive = 11
        expected.sessions[1].role = .windowApplication
        expected.sessions[1].state = .foregroundInactive
        expected.sessions.append(
            SceneSession(id: "x1", declaration: "Main", role: later, lastActive: 20, conditions: prefersInbox))
        #expect(Self.fields(router.snapshot) == Self.fields(expected))
    }
}
