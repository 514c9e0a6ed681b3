@testable import SceneRouting
import Testing

/// The lead-pair set a probe consults before hashing a gram: a pair is present while any
/// filed gram begins with it, and routing through the filter still finds every inner key.
@Suite struct GramLeadsTests {
    @Test func aLeadStaysWhileAnyGramHasIt() {
        let leads = GramLeads()
        let lead = Array("group-7;".utf8).withUnsafeBufferPointer { GramLeads.lead(of: KeyHashing.gram($0, at: 0, width: 8, .raw)) }
        let other: UInt16 = lead &+ 1
        func present(_ pair: UInt16) -> Bool { leads.withBits { GramLeads.contains($0, pair) } }
        #expect(!present(lead))
        leads.insert(lead)
        leads.insert(lead)
        #expect(present(lead) && !present(other))
        leads.remove(lead)
        #expect(present(lead))
        leads.remove(lead)
        #expect(!present(lead))
    }

    /// Inner keys sharing their first two bytes, one withdrawn: the others still route, at
    /// any position and in any case, and the withdrawn one no longer does.
    @Test func routesFindInnerKeysThroughTheFilter() throws {
        let formats = ["SELF CONTAINS 'group-17;'", "SELF CONTAINS[c] 'group-18;'", "SELF CONTAINS 'grab'"]
        let sessions = try formats.enumerated().map { index, format in
            SceneSession(
                id: "w\(index)", declaration: "Main", lastActive: index,
                conditions: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: try ActivationPredicate(format: format)))
        }
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
        func winner(_ identifier: String) -> String? {
            if case .activate(let id) = router.route(identifier: identifier).action { return id }
            return nil
        }
        #expect(winner("sms:group-17;open") == "w0")
        #expect(winner("x/GROUP-18;") == "w1")
        #expect(winner("a-grab-b") == "w2")
        #expect(winner("group-19;") == nil)
        try router.close(sessionID: "w0")
        #expect(winner("sms:group-17;open") == nil)
        #expect(winner("Group-18;") == "w1")
    }
}
