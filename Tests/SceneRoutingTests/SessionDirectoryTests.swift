import Testing

@testable import SceneRouting

/// The table's id directory: every id found while filed, none after removal, across growth
/// and slot reuse; canonically equivalent ids are one id.
@Suite struct SessionDirectoryTests {
    private static func slots(_ ids: [String]) -> TableArray<SessionSlot> {
        let slots = TableArray<SessionSlot>()
        for (index, id) in ids.enumerated() {
            slots.append(
                SessionSlot(
                    SceneSession(id: id, declaration: "Main", conditions: .defaults(for: .uikit)), sequence: index,
                    declaration: 0, role: SessionSlot.windowRole))
        }
        return slots
    }

    @Test func findsEveryFiledIdAcrossGrowthAndRemoval() {
        let ids = (0..<5_000).map { "w\($0)" }
        let slots = Self.slots(ids)
        let directory = SessionDirectory(slots: slots)
        for slot in 0..<ids.count { #expect(directory.insert(Int32(slot)), "w\(slot)") }
        #expect(directory.count == ids.count)
        #expect(ids.indices.allSatisfy { directory.slot(of: ids[$0]) == Int32($0) })
        #expect(directory.slot(of: "w5000") == nil)
        // Remove every other id: the rest stay found, past the deleted entries.
        for index in stride(from: 0, to: ids.count, by: 2) { #expect(directory.remove(ids[index]) == Int32(index)) }
        #expect(directory.count == ids.count / 2)
        #expect(ids.indices.allSatisfy { directory.slot(of: ids[$0]) == ($0 % 2 == 0 ? nil : Int32($0)) })
        #expect(directory.remove("w0") == nil)
        // A slot reused for another id, as `open` reuses freed slots.
        slots[0] = SessionSlot(
            SceneSession(id: "again", declaration: "Main", conditions: .defaults(for: .uikit)), sequence: 9_999,
            declaration: 0, role: SessionSlot.windowRole)
        #expect(directory.insert(0))
        #expect(directory.slot(of: "again") == 0)
        #expect(directory.slot(of: "w0") == nil)
    }

    @Test func canonicallyEquivalentIdsAreOneId() {
        let slots = Self.slots(["caf\u{E9}", "cafe\u{301}", "日本"])
        let directory = SessionDirectory(slots: slots)
        #expect(directory.insert(0))
        #expect(!directory.insert(1))
        #expect(directory.insert(2))
        #expect(directory.slot(of: "cafe\u{301}") == 0)
        #expect(directory.remove("caf\u{E9}") == 0)
        #expect(!directory.contains("cafe\u{301}"))
        #expect(directory.slot(of: "日本") == 2)
    }

    /// Removal moves later entries back rather than marking the position: under steady churn
    /// every filed id stays found, and the table never grows past its reserve.
    @Test func steadyChurnKeepsEveryIdFound() {
        let ids = (0..<400).map { "churn-\($0)" }
        let slots = Self.slots(ids)
        let directory = SessionDirectory(slots: slots)
        directory.reserveCapacity(200)
        let reserved = directory.approximateBytes
        var random = SystemRandomNumberGenerator()
        var filed = Set<Int>()
        for step in 0..<40_000 {
            let slot = Int.random(in: 0..<ids.count, using: &random)
            if filed.contains(slot) {
                #expect(directory.remove(ids[slot]) == Int32(slot))
                filed.remove(slot)
            } else if filed.count < 200 {
                #expect(directory.insert(Int32(slot)))
                filed.insert(slot)
            }
            if step % 997 == 0 {
                #expect(
                    ids.indices.allSatisfy { directory.slot(of: ids[$0]) == (filed.contains($0) ? Int32($0) : nil) })
            }
        }
        #expect(directory.count == filed.count)
        #expect(directory.approximateBytes == reserved)
    }
}
