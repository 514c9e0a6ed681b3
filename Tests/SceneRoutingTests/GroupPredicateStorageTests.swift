import Testing

@testable import SceneRouting

/// A group whose predicate is one literal test from a format with one `%@`, or one
/// membership test from `SELF IN %@`, keeps the format (shared) and the compiled test, not
/// the predicate object: once the app a router
/// was built from is gone, that object is freed. What the router hands back must still be
/// the predicate as stated, byte for byte, and churn must find, share and release the group.
@Suite struct GroupPredicateStorageTests {
    /// Weak references to the storage of predicates a router was built with.
    private final class Watched {
        weak var literal: ActivationPredicate.Storage?
        weak var membership: ActivationPredicate.Storage?
        weak var literalWithSource: ActivationPredicate.Storage?
        weak var inlineLiteral: ActivationPredicate.Storage?
        weak var regex: ActivationPredicate.Storage?
    }

    private static func activated(_ decision: RoutingDecision) -> String? {
        if case .activate(let id) = decision.action { return id }
        return nil
    }

    private static func session(_ id: String, _ predicate: ActivationPredicate, lastActive: Int = 1) -> SceneSession {
        SceneSession(
            id: id, declaration: "Main", state: .background, lastActive: lastActive,
            conditions: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: predicate))
    }

    /// Builds a router from an app that is released when this returns.
    private static func router(watching watched: Watched) throws -> SceneRouter {
        let literal = try ActivationPredicate(format: "SELF BEGINSWITH %@", arguments: [.string("note/17/")])
        let located = try ActivationPredicate(format: "SELF ENDSWITH %@", arguments: [.string(".pdf")])
            .located(at: SourceLocation(file: "Sources/Scenes.swift", line: 12, column: 5))
        let inline = try ActivationPredicate(format: "SELF == 'doc-1'")
        let regex = try ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string("ticket-[0-9]+")])
        let membership = try ActivationPredicate(
            format: "SELF IN %@", arguments: [.strings(["doc/7", "https://example.com/doc/7"])])
        watched.literal = literal.storage
        watched.membership = membership.storage
        watched.literalWithSource = located.storage
        watched.inlineLiteral = inline.storage
        watched.regex = regex.storage
        let app = try SceneApp(
            declarations: [SceneDeclaration(name: "Main")],
            sessions: [
                session("note", literal), session("pdf", located), session("doc", inline), session("ticket", regex),
                session("alias", membership),
            ])
        return SceneRouter(app: app)
    }

    @Test func literalGroupsKeepNoPredicateObjectOfTheirOwn() throws {
        let watched = Watched()
        let router = try Self.router(watching: watched)
        #expect(watched.literal == nil, "a one-literal group keeps its format and test, not the predicate")
        #expect(watched.membership == nil, "a membership group keeps its format and test, not the predicate")
        // Kept whole: a source location to report, no argument to put back, a regex.
        #expect(watched.literalWithSource != nil)
        #expect(watched.inlineLiteral != nil)
        #expect(watched.regex != nil)

        #expect(Self.activated(router.route(identifier: "note/17/page-2")) == "note")
        #expect(Self.activated(router.route(identifier: "report.pdf")) == "pdf")
        #expect(Self.activated(router.route(identifier: "ticket-42")) == "ticket")
        #expect(Self.activated(router.route(identifier: "https://example.com/doc/7")) == "alias")
        let stated = Dictionary(
            uniqueKeysWithValues: router.snapshot.sessions.map { ($0.id, $0.conditions.prefersToActivate) })
        let note = try #require(stated["note"])
        #expect(note.format == "SELF BEGINSWITH %@")
        #expect(note.arguments == [.string("note/17/")])
        #expect(note.source == nil)
        #expect(note.evaluate("note/17/x") && !note.evaluate("note/1/x"))
        #expect(stated["pdf"]?.source == SourceLocation(file: "Sources/Scenes.swift", line: 12, column: 5))
        let alias = try #require(stated["alias"])
        #expect(alias.format == "SELF IN %@")
        #expect(alias.arguments == [.strings(["doc/7", "https://example.com/doc/7"])])
    }

    /// Put together again, a predicate has the bytes it was stated with: the format's own
    /// spelling, and an argument in whatever normalization it came.
    @Test func predicatesPutTogetherAreTheOnesStated() throws {
        let stated: [(format: String, argument: String)] = [
            ("self  beginswith[c]  %@", "Note/"),
            ("SELF == %@", "caf\u{E9}"),
            ("SELF == %@", "cafe\u{301}"),
            ("SELF CONTAINS[cd] %@", "\u{1F4C4} r\u{E9}sum\u{E9}"),
            ("SELF ENDSWITH %@", ""),
        ]
        let sessions = try stated.enumerated().map { index, condition in
            Self.session(
                "s\(index)", try ActivationPredicate(format: condition.format, arguments: [.string(condition.argument)])
            )
        }
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
        let snapshot = router.snapshot.sessions
        #expect(snapshot.count == stated.count)
        for (session, condition) in zip(snapshot, stated) {
            let predicate = session.conditions.prefersToActivate
            #expect(predicate.format.utf8.elementsEqual(condition.format.utf8), "\(session.id)")
            guard case .string(let argument)? = predicate.arguments.first, predicate.arguments.count == 1 else {
                Issue.record("\(session.id): \(predicate.arguments)")
                continue
            }
            #expect(argument.utf8.elementsEqual(condition.argument.utf8), "\(session.id)")
            let original = try ActivationPredicate(format: condition.format, arguments: [.string(condition.argument)])
            #expect(predicate.isSamePredicate(as: original) && predicate.internHash == original.internHash)
        }
        #expect(Self.activated(router.route(identifier: "NOTE/7")) == "s0")
        #expect(Self.activated(router.route(identifier: "caf\u{E9}")) == "s1")
    }

    /// A session opened with a predicate equal to a kept-in-parts group's joins that group;
    /// closing the last member releases it, and it can be made again.
    @Test func churnFindsSharesAndReleasesGroupsKeptInParts() throws {
        func predicate(_ literal: String) throws -> ActivationPredicate {
            try ActivationPredicate(format: "SELF == %@", arguments: [.string(literal)])
        }
        let router = SceneRouter(
            app: try SceneApp(
                declarations: [SceneDeclaration(name: "Main")],
                sessions: [Self.session("a", try predicate("doc-1")), Self.session("b", try predicate("doc-2"))]))
        let groups = router.shape.prefer.groups
        try router.open(Self.session("c", try predicate("doc-1"), lastActive: 5))
        #expect(router.shape.prefer.groups == groups, "an equal predicate shares its group")
        #expect(Self.activated(router.route(identifier: "doc-1")) == "c")
        try router.close(sessionID: "a")
        try router.close(sessionID: "c")
        #expect(router.shape.prefer.groups == groups - 1)
        #expect(Self.activated(router.route(identifier: "doc-1")) == nil)
        try router.open(Self.session("d", try predicate("doc-1")))
        #expect(router.shape.prefer.groups == groups)
        #expect(Self.activated(router.route(identifier: "doc-1")) == "d")
        try router.update(SessionUpdate(id: "b", prefersToActivate: try predicate("doc-3")))
        #expect(Self.activated(router.route(identifier: "doc-3")) == "b")
        #expect(Self.activated(router.route(identifier: "doc-2")) == nil)
        let b = try #require(router.snapshot.sessions.first { $0.id == "b" })
        #expect(b.conditions.prefersToActivate.arguments == [.string("doc-3")])
    }

    /// A membership group kept in parts keeps its program alone, which compares bytes for
    /// every identifier as `IN` does: non-ASCII members and identifiers, an empty member, the
    /// members handed back in stated order, and programs moved by compaction.
    @Test func membershipGroupsKeepTheirProgramAlone() throws {
        let sets: [[String]] = [
            ["doc/7", "https://example.com/doc/7"], ["caf\u{E9}", "cafe\u{301}"], ["", "b", "a"], ["文档/1", "doc/1"],
        ]
        func session(_ index: Int, _ members: [String]) throws -> SceneSession {
            Self.session("m\(index)", try ActivationPredicate(format: "SELF IN %@", arguments: [.strings(members)]))
        }
        let router = SceneRouter(
            app: try SceneApp(
                declarations: [SceneDeclaration(name: "Main")],
                sessions: try sets.enumerated().map { try session($0.offset, $0.element) }
                    + (0..<200).map { try session(100 + $0, ["filler/\($0)"]) }),
            tuning: TableTuning(arenaCompactionFloor: 0))
        for index in 0..<200 where index % 4 != 0 { try router.close(sessionID: "m\(100 + index)") }
        #expect(Self.activated(router.route(identifier: "https://example.com/doc/7")) == "m0")
        #expect(Self.activated(router.route(identifier: "caf\u{E9}")) == "m1")
        #expect(Self.activated(router.route(identifier: "cafe\u{301}")) == "m1")
        #expect(Self.activated(router.route(identifier: "CAF\u{C9}")) == nil, "IN compares code units")
        #expect(Self.activated(router.route(identifier: "")) == "m2")
        #expect(Self.activated(router.route(identifier: "文档/1")) == "m3")
        #expect(Self.activated(router.route(identifier: "文档/2")) == nil)
        #expect(Self.activated(router.route(identifier: "filler/4")) == "m104")
        #expect(Self.activated(router.route(identifier: "filler/5")) == nil)
        let stated = Dictionary(
            uniqueKeysWithValues: router.snapshot.sessions.map { ($0.id, $0.conditions.prefersToActivate) })
        for (index, members) in sets.enumerated() {
            let predicate = try #require(stated["m\(index)"])
            guard case .strings(let handedBack)? = predicate.arguments.first else {
                Issue.record("m\(index): \(predicate.arguments)")
                continue
            }
            #expect(handedBack.map { Array($0.utf8) } == members.map { Array($0.utf8) })
            #expect(predicate.evaluate(members[0]))
        }
        // A session stating the same set joins the group.
        let groups = router.shape.prefer.groups
        try router.open(try session(9, sets[0]))
        #expect(router.shape.prefer.groups == groups)
    }
}
