import Testing

@testable import SceneRouting

/// A small tier keeps the few groups that can beat its always groups (``TierContenders``):
/// routes verify those instead of probing the index, so the list must follow every change,
/// and decisions must stay the reference router's.
@Suite struct TierContendersTests {
    private static func session(
        _ id: String, can: String, state: ActivationState = .background, lastActive: Int
    ) throws -> SceneSession {
        SceneSession(
            id: id, declaration: "Main", state: state, lastActive: lastActive,
            conditions: ActivationConditions(
                canActivate: try ActivationPredicate(format: can), prefersToActivate: .alwaysFalse))
    }

    /// The can tier's contenders, as the ids of their best sessions; nil while unknown.
    private static func contenders(_ router: SceneRouter) -> [String]? {
        router.reading { $0.contenderIDs(in: $0.can) }
    }

    private static func expectReferenceDecisions(_ router: SceneRouter, _ identifiers: [String]) {
        let app = router.snapshot
        for identifier in identifiers {
            #expect(
                router.route(identifier: identifier) == ReferenceRouter.route(identifier: identifier, in: app),
                "\(identifier)")
        }
    }

    @Test func theGroupsRankingAboveTheAlwaysGroupsAreKeptBestFirst() throws {
        let sessions = try [
            Self.session("any-1", can: "TRUEPREDICATE", state: .foregroundActive, lastActive: 50),
            Self.session("any-2", can: "TRUEPREDICATE", lastActive: 40),
            Self.session("sec-1", can: "SELF BEGINSWITH 'section-1/'", state: .foregroundActive, lastActive: 90),
            Self.session("sec-2", can: "SELF BEGINSWITH 'section-2/'", state: .foregroundActive, lastActive: 70),
            Self.session("sec-3", can: "SELF BEGINSWITH 'section-3/'", lastActive: 99),
        ]
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
        #expect(Self.contenders(router) == ["sec-1", "sec-2"])
        let identifiers = ["section-1/a", "section-2/b", "section-3/c", "other"]
        #expect(router.route(identifier: "section-3/c").action == .activate(sessionID: "any-1"))
        Self.expectReferenceDecisions(router, identifiers)

        // Each churn operation recomputes the list before the next route.
        try router.update(SessionUpdate(id: "sec-3", state: .foregroundActive, lastActive: 100))
        #expect(Self.contenders(router) == ["sec-3", "sec-1", "sec-2"])
        #expect(router.route(identifier: "section-3/c").action == .activate(sessionID: "sec-3"))
        Self.expectReferenceDecisions(router, identifiers)
        try router.close(sessionID: "sec-1")
        #expect(Self.contenders(router) == ["sec-3", "sec-2"])
        try router.update(SessionUpdate(id: "any-2", state: .foregroundActive, lastActive: 95))
        #expect(Self.contenders(router) == ["sec-3"])
        Self.expectReferenceDecisions(router, identifiers)
        try router.open(
            try Self.session("sec-4", can: "SELF ENDSWITH '.pdf'", state: .foregroundActive, lastActive: 98))
        #expect(Self.contenders(router) == ["sec-3", "sec-4"])
        Self.expectReferenceDecisions(router, identifiers + ["section-3/c.pdf", "x.pdf"])
        // Without a session in an always group, every ranked group contends.
        try router.update(SessionUpdate(id: "any-1", canActivate: .alwaysFalse))
        try router.update(SessionUpdate(id: "any-2", canActivate: .alwaysFalse))
        #expect(Self.contenders(router) == ["sec-3", "sec-4", "sec-2"])
        Self.expectReferenceDecisions(router, identifiers + ["x.pdf"])
    }

    /// Past the capacity, or in a tier with more groups than the limit, routes probe the
    /// index: the list is unknown.
    @Test func manyContendersOrManyGroupsKeepNoList() throws {
        let many = try (0..<(TierContenders.capacity + 1)).map {
            try Self.session("s\($0)", can: "SELF BEGINSWITH 'p\($0)/'", state: .foregroundActive, lastActive: 100 - $0)
        }
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: many))
        #expect(Self.contenders(router) == nil)
        Self.expectReferenceDecisions(router, ["p0/x", "p4/x", "q"])
        try router.close(sessionID: "s4")
        #expect(Self.contenders(router) == ["s0", "s1", "s2", "s3"])

        let large = try (0..<(TierContenders.groupLimit + 1)).map {
            try Self.session(
                "s\($0)", can: $0 == 0 ? "SELF == 'top'" : "SELF == 'k\($0)'", lastActive: $0 == 0 ? 1_000 : $0)
        }
        let crowded = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: large))
        #expect(Self.contenders(crowded) == nil)
        Self.expectReferenceDecisions(crowded, ["top", "k7", "k64", "none"])
    }

    /// A tier whose best always-group session no other group can beat has that session as
    /// its winner for every identifier: a route reaching it reads the winner instead of
    /// contesting. Each change forgets it until the table is settled again.
    @Test func aTierWhoseAlwaysGroupRanksFirstIsSettled() throws {
        let sessions = try [
            Self.session("any", can: "TRUEPREDICATE", state: .foregroundActive, lastActive: 50),
            Self.session("sec", can: "SELF BEGINSWITH 'section-1/'", lastActive: 90),
        ]
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
        func settled() -> String? { router.reading { $0.settledWinnerID(in: $0.can) } }
        #expect(settled() == "any")
        Self.expectReferenceDecisions(router, ["section-1/x", "other"])
        try router.update(SessionUpdate(id: "sec", state: .foregroundActive, lastActive: 99))
        #expect(settled() == nil)
        #expect(router.route(identifier: "section-1/x").action == .activate(sessionID: "sec"))
        Self.expectReferenceDecisions(router, ["section-1/x", "other"])
        try router.close(sessionID: "sec")
        #expect(settled() == "any")
        try router.update(SessionUpdate(id: "any", canActivate: try ActivationPredicate(format: "SELF == 'x'")))
        #expect(settled() == nil)
        Self.expectReferenceDecisions(router, ["x", "section-1/x"])
    }
}
