import Testing

@testable import SceneRouting

/// A group whose predicate is one literal test from a format with one `%@`, or one
/// membership test from `SELF IN %@`, keeps the format (shared) and the compiled test, not
/// the predicate object; a group whose program decides every ASCII identifier keeps its
/// format and stated arguments, and compiles the predicate again when it needs it. Once the
/// app a router was built from is gone, those objects are freed. What the router hands back
/// must still be the predicate as stated, byte for byte, routes must answer as the predicate
/// would, and churn must find, share and release the group.
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
        let regex = try ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string("ticket-(open|closed)")])
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
        #expect(watched.inlineLiteral == nil, "a literal stated inline is kept with its own format")
        // Kept whole: a source location to report, a regex that decides ASCII identifiers
        // itself.
        #expect(watched.literalWithSource != nil)
        #expect(watched.regex != nil)

        #expect(Self.activated(router.route(identifier: "note/17/page-2")) == "note")
        #expect(Self.activated(router.route(identifier: "report.pdf")) == "pdf")
        #expect(Self.activated(router.route(identifier: "ticket-open")) == "ticket")
        #expect(Self.activated(router.route(identifier: "https://example.com/doc/7")) == "alias")
        let stated = Dictionary(
            uniqueKeysWithValues: router.snapshot.sessions.map { ($0.id, $0.conditions.prefersToActivate) })
        let note = try #require(stated["note"])
        #expect(note.format == "SELF BEGINSWITH %@")
        #expect(note.arguments == [.string("note/17/")])
        #expect(note.source == nil)
        #expect(note.evaluate("note/17/x") && !note.evaluate("note/1/x"))
        #expect(stated["pdf"]?.source == SourceLocation(file: "Sources/Scenes.swift", line: 12, column: 5))
        #expect(stated["doc"]?.format == "SELF == 'doc-1'" && stated["doc"]?.arguments == [])
        #expect(Self.activated(router.route(identifier: "doc-1")) == "doc")
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

    /// Predicates whose programs decide every ASCII identifier, one session each, and one
    /// whose regex decides ASCII identifiers itself (kept whole).
    private static let keptAsText: [(id: String, format: String, arguments: [PredicateArgument])] = [
        ("like", "SELF LIKE %@", [.string("doc-*-17")]),
        ("regex", "SELF MATCHES %@", [.string("ticket-[0-9]+-17")]),
        ("sms", "SELF BEGINSWITH[cd] 'sms:' AND SELF CONTAINS[cd] %@", [.string("group-4;")]),
        (
            "note", "(SELF BEGINSWITH %@ OR SELF == %@) AND NOT SELF ENDSWITH '.tmp'",
            [.string("note/17/"), .string("note-17")]
        ),
        ("report", "SELF LIKE[c] %@", [.string("Report-*.PDF")]),
        ("pair", "SELF IN %@ OR SELF ENDSWITH %@", [.strings(["a/1", "b/1"]), .string("/end")]),
        ("inline", "SELF CONTAINS[cd] \"topic-7.\"", []),
        ("inlineCompound", "SELF BEGINSWITH 'tab/' AND NOT SELF CONTAINS[c] 'Draft'", []),
    ]

    /// A router built from `app`, which is released once it is built, and which of its
    /// sessions' `prefersToActivate` predicates are still alive, session by session.
    private static func routerReleasingItsApp(_ app: consuming SceneApp) -> (SceneRouter, alive: () -> [Bool]) {
        let watched = app.sessions.map { session in
            { [weak storage = session.conditions.prefersToActivate.storage] in storage != nil }
        }
        return (SceneRouter(app: app), { watched.map { $0() } })
    }

    private static func keptAsTextApp() throws -> SceneApp {
        try SceneApp(
            declarations: [SceneDeclaration(name: "Main")],
            sessions: try keptAsText.map {
                session($0.id, try ActivationPredicate(format: $0.format, arguments: $0.arguments))
            } + [
                session(
                    "whole",
                    try ActivationPredicate(format: "SELF MATCHES %@", arguments: [.string("(open|closed)-[0-9]+")]))
            ])
    }

    private static let keptAsTextIdentifiers = [
        "doc-rev-17", "doc-\u{E9}-17", "DOC-\u{E9}-17", "doc-17", "ticket-42-17", "ticket-\u{664}\u{662}-17",
        "ticket-42-17\u{E9}",
        "SMS:Group-4;\u{F6}", "sms:gr\u{FC}ppe-4;", "\u{15B}ms:group-4;", "s\u{301}ms:group-4;", "note/17/\u{FC}",
        "note/17/\u{FC}.tmp", "note-17", "report-\u{FC}.pdf", "REPORT-\u{DC}.PDF", "r\u{E9}port-x.pdf", "a/1",
        "b/1\u{301}",
        "x/\u{E9}/end", "open-42", "cl\u{F6}sed-1", "", "forum/T\u{D3}PIC-7.html", "tab/\u{E9}", "tab/DRAFT-\u{E9}",
    ]

    @Test func groupsKeptAsTextDropTheirPredicateObjectsAndAnswerAsThem() throws {
        let (router, alive) = try Self.routerReleasingItsApp(Self.keptAsTextApp())
        #expect(alive() == Self.keptAsText.map { _ in false } + [true], "groups kept as text free their predicates")

        let reference = try Self.keptAsTextApp()
        for identifier in Self.keptAsTextIdentifiers {
            #expect(
                router.route(identifier: identifier) == ReferenceRouter.route(identifier: identifier, in: reference),
                "\(identifier)")
        }
        // The non-ASCII identifiers the programs leave to the predicates compiled again.
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-17")) == "like")
        #expect(Self.activated(router.route(identifier: "SMS:Group-4;\u{F6}")) == "sms")
        #expect(Self.activated(router.route(identifier: "note/17/\u{FC}")) == "note")
        #expect(Self.activated(router.route(identifier: "note/17/\u{FC}.tmp")) == nil)
        #expect(Self.activated(router.route(identifier: "REPORT-\u{DC}.PDF")) == "report")
        #expect(Self.activated(router.route(identifier: "x/\u{E9}/end")) == "pair")
        #expect(Self.activated(router.route(identifier: "forum/T\u{D3}PIC-7.html")) == "inline")
        #expect(Self.activated(router.route(identifier: "tab/\u{E9}")) == "inlineCompound")
        #expect(Self.activated(router.route(identifier: "tab/DRAFT-\u{E9}")) == nil)

        let stated = Dictionary(
            uniqueKeysWithValues: router.snapshot.sessions.map { ($0.id, $0.conditions.prefersToActivate) })
        for condition in Self.keptAsText {
            let predicate = try #require(stated[condition.id])
            let original = try ActivationPredicate(format: condition.format, arguments: condition.arguments)
            #expect(predicate.format.utf8.elementsEqual(condition.format.utf8), "\(condition.id)")
            #expect(predicate.arguments == condition.arguments, "\(condition.id)")
            #expect(predicate.isSamePredicate(as: original) && predicate.internHash == original.internHash)
            for identifier in Self.keptAsTextIdentifiers {
                #expect(
                    predicate.evaluate(identifier) == original.evaluate(identifier), "\(condition.id) \(identifier)")
            }
        }
    }

    /// A format that folds to one literal test but states more than its literal
    /// (`SELF == %@ AND %@ == 'x'`) keeps the literal as a record and its arguments as text:
    /// sessions stating the same predicate share its group, and routes find it.
    @Test func predicatesFoldingToOneLiteralShareTheirGroup() throws {
        func predicate(_ literal: String) throws -> ActivationPredicate {
            try ActivationPredicate(format: "SELF == %@ AND %@ == 'x'", arguments: [.string(literal), .string("x")])
        }
        let router = SceneRouter(
            app: try SceneApp(
                declarations: [SceneDeclaration(name: "Main")],
                sessions: [
                    Self.session("a", try predicate("doc-1")), Self.session("b", try predicate("doc-1"), lastActive: 5),
                    Self.session("c", try predicate("doc-2")),
                ]))
        #expect(router.shape.prefer.groups == 2)
        #expect(Self.activated(router.route(identifier: "doc-1")) == "b")
        #expect(Self.activated(router.route(identifier: "doc-2")) == "c")
        try router.open(Self.session("d", try predicate("doc-2"), lastActive: 9))
        #expect(router.shape.prefer.groups == 2)
        #expect(Self.activated(router.route(identifier: "doc-2")) == "d")
        let stated = try #require(router.snapshot.sessions.first { $0.id == "d" }).conditions.prefersToActivate
        #expect(stated.arguments == [.string("doc-2"), .string("x")])
    }

    /// Churn on groups kept as text: an equal predicate joins its group, an update that only
    /// reorders windows moves the winner, closing the last member releases the group (and the
    /// predicate compiled for a route), and released records are reused or compacted away
    /// while the rest still answer, ASCII or not.
    @Test func churnFindsSharesAndReleasesGroupsKeptAsText() throws {
        func like(_ pattern: String) throws -> ActivationPredicate {
            try ActivationPredicate(format: "SELF LIKE %@", arguments: [.string(pattern)])
        }
        let router = SceneRouter(
            app: try SceneApp(
                declarations: [SceneDeclaration(name: "Main")],
                sessions: [Self.session("a", try like("doc-*-1"))]
                    + (0..<200).map { Self.session("f\($0)", try like("filler-*-\($0)")) }),
            tuning: TableTuning(arenaCompactionFloor: 0))
        let groups = router.shape.prefer.groups
        #expect(Self.activated(router.route(identifier: "doc-x-1")) == "a")
        #expect(router.reading { $0.prefer.rootsCompiledForRoutes } == 0, "an ASCII identifier needs no predicate")
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-1")) == "a")
        #expect(Self.activated(router.route(identifier: "DOC-\u{E9}-1")) == nil)
        #expect(router.reading { $0.prefer.rootsCompiledForRoutes } == 1, "compiled once, kept for the next route")
        try router.open(Self.session("b", try like("doc-*-1"), lastActive: 5))
        #expect(router.shape.prefer.groups == groups, "an equal predicate shares its group")
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-1")) == "b")
        try router.update(SessionUpdate(id: "a", lastActive: 9))
        #expect(Self.activated(router.route(identifier: "doc-x-1")) == "a")
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-1")) == "a")
        try router.close(sessionID: "a")
        try router.close(sessionID: "b")
        #expect(router.shape.prefer.groups == groups - 1)
        #expect(router.reading { $0.prefer.rootsCompiledForRoutes } == 0, "released with its group")
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-1")) == nil)
        try router.open(Self.session("c", try like("doc-*-2")))
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-2")) == "c")
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-1")) == nil)

        for index in 0..<200 where index % 4 != 0 { try router.close(sessionID: "f\(index)") }
        for index in [0, 4, 196] {
            #expect(Self.activated(router.route(identifier: "filler-x-\(index)")) == "f\(index)")
            #expect(Self.activated(router.route(identifier: "filler-\u{E9}-\(index)")) == "f\(index)")
        }
        #expect(Self.activated(router.route(identifier: "filler-\u{E9}-5")) == nil)
        let stated = Dictionary(
            uniqueKeysWithValues: router.snapshot.sessions.map { ($0.id, $0.conditions.prefersToActivate) })
        #expect(stated["f196"]?.arguments == [.string("filler-*-196")])
        #expect(stated["c"]?.arguments == [.string("doc-*-2")])
        try router.update(SessionUpdate(id: "c", prefersToActivate: try like("doc-*-3")))
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-3")) == "c")
        #expect(Self.activated(router.route(identifier: "doc-\u{E9}-2")) == nil)
    }

    /// Threads routing at once identifiers that need a group's predicate compiled again all
    /// get its answer, and each group keeps one compiled predicate.
    @Test func routesThatNeedAGroupKeptAsTextAtOnceAgree() async throws {
        let app = try Self.keptAsTextApp()
        let router = SceneRouter(app: app)
        let identifiers = Self.keptAsTextIdentifiers.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
        let expected = identifiers.map { ReferenceRouter.route(identifier: $0, in: app) }
        let agreed = await withTaskGroup(of: Bool.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    (0..<50).allSatisfy { round in
                        let order =
                            (round + thread) % 2 == 0 ? Array(identifiers.indices) : identifiers.indices.reversed()
                        return order.allSatisfy { router.route(identifier: identifiers[$0]) == expected[$0] }
                    }
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(agreed)
        let kept = router.reading { $0.prefer.rootsCompiledForRoutes }
        #expect(kept > 0 && kept <= Self.keptAsText.count)
    }

    /// A SwiftUI set keeps its members as its stated arguments: one member as a literal
    /// record, several as a program kept as text; a set with a non-ASCII member, or `"*"`,
    /// keeps its predicate. Routes answer as the sets do, and sets made again are the ones
    /// stated.
    @Test func swiftUISetsKeepTheirMembersInParts() throws {
        let sets: [[String]] = [
            ["topic-7."], ["doc/3", "https://example.com/doc/3"], ["th\u{E8}me-4."], ["*"], ["", "x-1"],
        ]
        func app() throws -> SceneApp {
            try SceneApp(
                declarations: [SceneDeclaration(name: "Main")],
                sessions: sets.enumerated().map {
                    Self.session(
                        "s\($0.offset)", ActivationPredicate(swiftUISet: $0.element), lastActive: 10 - $0.offset)
                })
        }
        let (router, alive) = try Self.routerReleasingItsApp(app())
        #expect(alive() == [false, false, true, true, false])
        let reference = try app()
        for identifier in [
            "forum/Topic-7.html", "forum/T\u{D3}PIC-7.html", "https://example.com/DOC/3", "doc/3\u{E9}",
            "TH\u{C8}ME-4.",
            "x-1", "X-1/\u{FC}", "nothing", "",
        ] {
            #expect(
                router.route(identifier: identifier) == ReferenceRouter.route(identifier: identifier, in: reference),
                "\(identifier)")
        }
        #expect(Self.activated(router.route(identifier: "forum/T\u{D3}PIC-7.html")) == "s0")
        #expect(Self.activated(router.route(identifier: "doc/3\u{E9}")) == "s1")
        let stated = Dictionary(
            uniqueKeysWithValues: router.snapshot.sessions.map { ($0.id, $0.conditions.prefersToActivate) })
        for (index, members) in sets.enumerated() {
            let predicate = try #require(stated["s\(index)"])
            let original = ActivationPredicate(swiftUISet: members)
            #expect(predicate.swiftUIMembers == members)
            #expect(predicate.isSamePredicate(as: original) && predicate.internHash == original.internHash)
        }
        // The same set joins its group; closing both members releases it.
        let groups = router.shape.prefer.groups
        try router.open(Self.session("again", ActivationPredicate(swiftUISet: sets[1]), lastActive: 20))
        #expect(router.shape.prefer.groups == groups)
        #expect(Self.activated(router.route(identifier: "doc/3\u{E9}")) == "again")
        try router.close(sessionID: "again")
        try router.close(sessionID: "s1")
        #expect(router.shape.prefer.groups == groups - 1)
        try router.open(Self.session("s0b", ActivationPredicate(swiftUISet: ["topic-7."]), lastActive: 30))
        #expect(router.shape.prefer.groups == groups - 1)
        #expect(Self.activated(router.route(identifier: "forum/T\u{D3}PIC-7.html")) == "s0b")
    }
}
