import Testing

@testable import SceneRouting

/// The lead-pair set a probe consults before hashing a gram: a pair is present while any
/// filed gram begins with it, and routing through the filter still finds every inner key.
@Suite struct GramLeadsTests {
    @Test func aLeadStaysWhileAnyGramHasIt() {
        let leads = GramLeads()
        let lead = Array("group-7;".utf8).withUnsafeBufferPointer {
            GramLeads.lead(of: KeyHashing.gram($0, at: 0, width: 8, .raw))
        }
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

    /// A position is looked up only if its first two bytes begin a filed gram and its next
    /// two are a filed gram's third and fourth; as read, so a lowercased reading finds `-1`
    /// in upper case too.
    @Test func aPositionNeedsItsLeadAndTheTwoBytesAfter() {
        let leads = GramLeads()
        let seconds = GramLeads()
        let shifts = GramShifts()
        func pair(_ text: String) -> UInt16 {
            Array(text.utf8).withUnsafeBufferPointer { KeyHashing.gramLead($0, at: 0, .raw) }
        }
        leads.insert(pair("-1"))
        seconds.insert(pair("2x"))
        shifts.insert(lead: pair("-1"), second: pair("2x"))
        func next(_ identifier: String, from start: Int = 0, _ reading: ByteReading = .raw) -> Int {
            Array(identifier.utf8).withUnsafeBufferPointer { bytes in
                leads.withBits { bits in
                    seconds.withBits {
                        LiteralIndex.nextGramStart(
                            bytes, from: start, through: bytes.count - 4, bits, $0, shifts.shifts, reading)
                    }
                }
            }
        }
        // `-1` at 1 is followed by `3-`; at 6, by `2x`. None found: the last position + 1.
        #expect(next("a-13-b-12x-c") == 6)
        #expect(next("a-13-b-12y-c") == 9)
        #expect(next("a-13-b-12X-c", .lowercase) == 6)
        #expect(next("a-13-b-12X-c", .raw) == 9)
        #expect(next("a-12x-b-12x-c", from: 2) == 7)
        // Shorter than four bytes, even empty: no position, so `last + 1`.
        #expect(next("-12") == 0)
        #expect(next("") == -3)
    }

    /// Inner keys sharing their first two bytes, one withdrawn: the others still route, at
    /// any position and in any case, and the withdrawn one no longer does.
    @Test func routesFindInnerKeysThroughTheFilter() throws {
        let formats = ["SELF CONTAINS 'group-17;'", "SELF CONTAINS[c] 'group-18;'", "SELF CONTAINS 'grab'"]
        let sessions = try formats.enumerated().map { index, format in
            SceneSession(
                id: "w\(index)", declaration: "Main", lastActive: index,
                conditions: ActivationConditions(
                    canActivate: .alwaysFalse, prefersToActivate: try ActivationPredicate(format: format)))
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
