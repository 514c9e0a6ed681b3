import Foundation
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The dispatch table must decide exactly as the reference router on every input: random
/// apps over every operator, option, framework, tie-break, role and event kind, with random
/// open/close/update churn between events.
@Suite struct DispatchDifferentialTests {
    /// `SCENE_ROUTER_DIFFERENTIAL_APPS` and `SCENE_ROUTER_DIFFERENTIAL_SEED` lengthen or vary
    /// the run (60 events per app); by default a quarter of the full tier's apps
    /// (``TestTier``).
    private static func setting(_ name: String, default value: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) } ?? value
    }

    /// Indexes compare up to `flatKeyLimit` keys directly (``FlatKeys``) and hash them past
    /// that: the standard limit, none (every key hashed, at every size) and a limit most
    /// apps cross as churn opens sessions, so both ways and the switch are checked.
    static let flatKeyLimits = [TableTuning.standard.flatKeyLimit, 0, 3]

    @Test(arguments: flatKeyLimits) func tableAgreesWithReferenceIncludingChurn(flatKeyLimit: Int) {
        let seed = Self.setting("SCENE_ROUTER_DIFFERENTIAL_SEED", default: 20_261_122)
        let apps = Int(
            Self.setting("SCENE_ROUTER_DIFFERENTIAL_APPS", default: UInt64(TestTier.size(quick: 550, full: 2_200))))
        agree(apps: apps, seed: seed, alphabet: RandomText.mostlyASCII, flatKeyLimit: flatKeyLimit)
    }

    /// The same over non-ASCII text, where every identifier is folded and probed per key
    /// family: 0 mismatches on 102,000 decisions in the full tier.
    @Test(arguments: flatKeyLimits) func tableAgreesWithReferenceOnNonASCIIText(flatKeyLimit: Int) {
        let seed = Self.setting("SCENE_ROUTER_DIFFERENTIAL_SEED", default: 20_261_123)
        let apps = Int(
            Self.setting(
                "SCENE_ROUTER_DIFFERENTIAL_UNICODE_APPS", default: UInt64(TestTier.size(quick: 425, full: 1_700))))
        agree(apps: apps, seed: seed, alphabet: RandomText.nonASCII, flatKeyLimit: flatKeyLimit)
    }

    func agree(apps: Int, seed: UInt64, alphabet: [String], flatKeyLimit: Int) {
        var generator = RandomApps(random: DeterministicRandom(seed: seed), alphabet: alphabet)
        var checked = 0
        var mismatches: [String] = []
        for appIndex in 0..<apps {
            var app = generator.app()
            // Compact program arenas as soon as released programs outweigh live ones, so churn
            // also checks that compaction moves every live program with its group.
            let router = SceneRouter(
                app: app, tuning: TableTuning(arenaCompactionFloor: 0, flatKeyLimit: flatKeyLimit))
            var nextID = 100
            for step in 0..<60 {
                let event = generator.event(hitting: app)
                let expected = ReferenceRouter.route(event, in: app)
                let actual = router.route(event)
                checked += 1
                if !RandomApps<DeterministicRandom>.same(expected, actual), mismatches.count < 5 {
                    mismatches.append("app \(appIndex) step \(step): \(event) expected \(expected) got \(actual)")
                }
                guard step % 6 == 5 else { continue }
                // Churn: the same operation on the table and on the reference's app.
                if let refused = generator.churn(router, &app, nextID: &nextID) {
                    Issue.record("app \(appIndex): \(refused)")
                }
            }
            #expect(router.snapshot.sessions.map(\.id) == app.sessions.map(\.id))
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(checked >= min(100_000, apps * 60))
    }

    /// From ``DispatchTable/parallelBuildThreshold`` sessions the table is built on every
    /// core (the slots in chunks, then the tiers, the global heap and the id map with the key
    /// windows side by side): the same sessions, decisions and deliveries as the reference.
    ///
    /// With `preparedFirst`, every prefer group's key and check come from the preparations
    /// made ahead on other threads, as they do for most groups of a table of a million.
    @Test(arguments: [
        (WorkloadMix.realistic, false), (.realistic, true), (.literal, true), (.unicode, true), (.adversarial, true),
    ])
    func aTableBuiltOnEveryCoreAgrees(mix: WorkloadMix, preparedFirst: Bool) throws {
        let workload = WorkloadGenerator.make(
            mix: mix, sessions: Int(DispatchTable.parallelBuildThreshold) + 904, events: 120, seed: 11)
        let router = SceneRouter(app: workload.app, tuning: TableTuning(preparesEveryGroupFirst: preparedFirst))
        #expect(router.snapshot.sessions.map(\.id) == workload.app.sessions.map(\.id))
        var reference = TimelineReplayer(app: workload.app)
        var disagreements: [String] = []
        for (step, identifier) in workload.events.enumerated() {
            // Routing alone, then every third event delivered: the key window the build noted
            // must be the one demoted.
            let expected = ReferenceRouter.route(identifier: identifier, in: reference.app)
            let actual = router.route(identifier: identifier)
            if !RandomApps<DeterministicRandom>.same(expected, actual) {
                disagreements.append("route \(step) \(String(describing: identifier)): \(expected) ≠ \(actual)")
            }
            guard step % 3 == 0 else { continue }
            let delivered = reference.route(.identifier(identifier))
            let applied = router.deliver(.identifier(identifier))
            if !RandomApps<DeterministicRandom>.same(delivered, applied) {
                disagreements.append("deliver \(step) \(String(describing: identifier)): \(delivered) ≠ \(applied)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        func states(_ app: SceneApp) -> [String] { app.sessions.map { "\($0.id) \($0.state) \($0.lastActive)" } }
        #expect(states(router.snapshot) == states(reference.app))
    }

    @Test func generatedWorkloadsAgree() {
        var disagreements: [String] = []
        for mix in WorkloadMix.allCases {
            let workload = WorkloadGenerator.make(
                mix: mix, sessions: 400, events: TestTier.size(quick: 150, full: 400), seed: 7)
            let router = SceneRouter(app: workload.app)
            for identifier in workload.events {
                let expected = ReferenceRouter.route(identifier: identifier, in: workload.app)
                let actual = router.route(identifier: identifier)
                if !RandomApps<DeterministicRandom>.same(expected, actual) {
                    disagreements.append("\(mix) \(String(describing: identifier)): \(expected) ≠ \(actual)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
