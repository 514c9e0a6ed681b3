import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// Beside each entry of a tier's literal table, a hint of where a route finding the entry's
/// lone group reads next (its literal, its best session's record), so it can fetch them with
/// the group's head. A hint decides nothing, but one left behind after the group's best
/// session changed fetches the wrong record: hints must follow builds and churn.
@Suite struct EntryHintTests {
    @Test func aHintCarriesItsLineAndSlot() {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 64)
        defer { bytes.deallocate() }
        let hint = EntryHint(reading: UnsafeRawPointer(bytes + 70), winner: 12_345)
        #expect(hint.line == UnsafeRawPointer(bytes + 64))
        #expect(hint.slot == 12_345)
        #expect(EntryHint(reading: nil, winner: 0).line == nil)
        #expect(EntryHint(reading: nil, winner: 0).slot == 0)
        // Slots past what the hint holds, and no session, fetch no record.
        #expect(EntryHint(reading: nil, winner: 1 << 22).slot == nil)
        #expect(EntryHint(reading: nil, winner: -1).slot == nil)
        #expect(EntryHint.none.line == nil && EntryHint.none.slot == nil)
    }

    /// Lone keys hold the hint their group's head gives; shared keys hold none.
    private static func mismatches(_ router: SceneRouter) -> [String] {
        router.reading { table in
            [("prefer", table.prefer), ("can", table.can)].flatMap { name, tier in
                tier.hintReport().compactMap { wanted, held, shared in
                    let expected = shared ? EntryHint.none : wanted
                    return held == expected
                        ? nil : "\(name): held \(held.rawValue), wanted \(expected.rawValue) (shared: \(shared))"
                }
            }
        }
    }

    /// A lone group verified through its test (a non-ASCII `==`, a regex) hints the test
    /// itself, which its route reads first, as an ASCII literal's group hints its bytes.
    @Test func testsVerifiedInPlaceAreHinted() throws {
        let formats = (0..<40).map { "SELF == 'café-\($0)'" } + (0..<40).map { "SELF MATCHES 'tíquet-\($0)-[0-9]+'" }
        let sessions = try formats.enumerated().map { index, format in
            SceneSession(
                id: "w\(index)", declaration: "Main",
                conditions: ActivationConditions(
                    canActivate: .alwaysFalse, prefersToActivate: try ActivationPredicate(format: format)))
        }
        let router = SceneRouter(
            app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions),
            tuning: TableTuning(flatKeyLimit: 0))
        let report = router.reading { $0.prefer.hintReport() }
        #expect(report.count == formats.count)
        #expect(
            report.allSatisfy { wanted, held, shared in
                !shared && held == wanted && held.line != nil && held.slot != nil
            })
    }

    @Test(arguments: [200, 5_000]) func hintsFollowBuildsAndChurn(sessions count: Int) throws {
        var random = DeterministicRandom(seed: UInt64(count))
        func conditions(_ index: Int) throws -> ActivationConditions {
            // Shared groups (two sessions a literal), two-key groups, and a key two groups share.
            let prefers: ActivationPredicate
            switch random.below(10) {
            case 0..<6: prefers = try ActivationPredicate(format: "SELF == 'doc-\(random.below(count / 2))'")
            case 6..<8:
                prefers = try ActivationPredicate(
                    format: "SELF IN %@", arguments: [.strings(["a-\(index)", "b-\(index % 7)"])])
            case 8: prefers = try ActivationPredicate(format: "SELF == 'shared' AND SELF CONTAINS 'ar'")
            default: prefers = try ActivationPredicate(format: "SELF == 'shared'")
            }
            let can = try ActivationPredicate(format: "SELF == 'section-\(random.below(20))'")
            return ActivationConditions(canActivate: can, prefersToActivate: prefers)
        }
        let sessions = try (0..<count).map { index in
            SceneSession(
                id: "w\(index)", declaration: "Main", lastActive: random.below(1_000), conditions: try conditions(index)
            )
        }
        let router = SceneRouter(
            app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions),
            tuning: TableTuning(flatKeyLimit: 0))
        var failures = Self.mismatches(router)
        #expect(router.reading { $0.prefer.hintReport().count } > count / 2)
        var open = Set(sessions.map(\.id))
        var next = count
        for step in 0..<600 where failures.isEmpty {
            let id = open.randomElement(using: &random)!
            switch random.below(4) {
            case 0:
                try router.close(sessionID: id)
                open.remove(id)
            case 1:
                try router.open(
                    SceneSession(
                        id: "w\(next)", declaration: "Main", lastActive: random.below(2_000),
                        conditions: try conditions(next)))
                open.insert("w\(next)")
                next += 1
            case 2: try router.update(SessionUpdate(id: id, lastActive: random.below(2_000)))
            default:
                let changed = try conditions(next)
                try router.update(
                    SessionUpdate(
                        id: id, canActivate: changed.canActivate, prefersToActivate: changed.prefersToActivate))
            }
            failures += Self.mismatches(router).map { "after step \(step): \($0)" }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
