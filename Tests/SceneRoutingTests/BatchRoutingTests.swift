import Foundation
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// A batch decides exactly as routing its events one by one, whatever its length and
/// however it splits into holds of the lock.
@Suite struct BatchRoutingTests {
    /// Tables whose key tables outgrow a core's private caches: the batch must give each
    /// event's decision in full (session ids included), for ASCII identifiers in either case,
    /// non-ASCII ones, none, empty and refused ones.
    @Test(arguments: [WorkloadMix.mixedOperators, .literal, .unicode])
    func largeTablesDecideAsOneByOne(mix: WorkloadMix) {
        let workload = WorkloadGenerator.make(mix: mix, sessions: 40_000, events: 3_000, seed: 3)
        let router = SceneRouter(app: workload.app)
        let identifiers = Self.variants(of: workload.events)
        let batched = router.route(contentsOf: identifiers)
        #expect(batched.count == identifiers.count)
        var disagreements: [String] = []
        for (identifier, decision) in zip(identifiers, batched) where router.route(identifier: identifier) != decision {
            disagreements.append(
                "\(String(describing: identifier)): \(router.route(identifier: identifier)) ≠ \(decision)")
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(batched.contains { if case .activate = $0.action { true } else { false } })
    }

    /// Random apps over every operator, framework and event kind (new-scene rules included):
    /// batches of lengths around the routes one hold of the lock covers, each appended after
    /// what the array held.
    @Test func randomAppsAndEventsDecideAsOneByOne() {
        var generator = RandomApps(random: DeterministicRandom(seed: 20_261_201), alphabet: RandomText.mostlyASCII)
        let chunk = SceneRouter.routesPerLock
        let lengths = [0, 1, 2, 7, chunk - 1, chunk, chunk + 1, 2 * chunk + 3]
        var disagreements: [String] = []
        for appIndex in 0..<60 {
            let app = generator.app()
            let router = SceneRouter(app: app)
            let events = (0..<lengths[appIndex % lengths.count]).map { _ in generator.event(hitting: app) }
            var decisions = [RoutingDecision(identifier: "kept", action: .unhandled, reason: .unhandled)]
            router.route(contentsOf: events, into: &decisions)
            #expect(decisions.first?.identifier == "kept")
            #expect(decisions.count == events.count + 1)
            for (event, decision) in zip(events, decisions.dropFirst()) where router.route(event) != decision {
                disagreements.append("app \(appIndex) \(event): \(router.route(event)) ≠ \(decision)")
            }
            let identifiers = events.map { $0.targetContentIdentifier(for: app.framework) }
            let byIdentifier = router.route(contentsOf: identifiers)
            for (identifier, decision) in zip(identifiers, byIdentifier)
            where router.route(identifier: identifier) != decision {
                disagreements.append("app \(appIndex) \(String(describing: identifier)): ≠ \(decision)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// A slice is routed from its own elements (the caller's buffer, read in place), after
    /// what the decisions held; an empty one adds nothing.
    @Test func slicesDecideAsOneByOne() {
        let workload = WorkloadGenerator.make(mix: .mixedOperators, sessions: 2_000, events: 3_000, seed: 4)
        let router = SceneRouter(app: workload.app)
        let events = workload.events.map(ExternalEvent.identifier)
        var decisions: [RoutingDecision] = []
        router.route(contentsOf: workload.events[100..<2_500], into: &decisions)
        router.route(contentsOf: events[2_500..<2_500], into: &decisions)
        router.route(contentsOf: events[5..<1_200], into: &decisions)
        let byIdentifier = workload.events[100..<2_500].map { router.route(identifier: $0) }
        let byEvent = events[5..<1_200].map { router.route($0) }
        #expect(decisions == byIdentifier + byEvent)
    }

    /// A sequence that is not a collection is read once, in order, and routed whole.
    @Test func aSequenceIsReadOnce() {
        let workload = WorkloadGenerator.make(mix: .realistic, sessions: 200, events: 150, seed: 9)
        let router = SceneRouter(app: workload.app)
        var reads = 0
        var handedOut = 0
        let sequence = AnySequence {
            AnyIterator { () -> String?? in
                reads += 1
                guard handedOut < workload.events.count else { return .none }
                handedOut += 1
                return .some(workload.events[handedOut - 1])
            }
        }
        let decisions = router.route(contentsOf: sequence)
        #expect(decisions == workload.events.map { router.route(identifier: $0) })
        #expect(reads == workload.events.count + 1)
    }

    /// The workload's identifiers, then each in upper case, decomposed or with a non-ASCII
    /// tail, and the edge cases: none, empty, one past the longest accepted.
    static func variants(of events: [String?]) -> [String?] {
        var identifiers = events
        for identifier in events.prefix(600).compactMap({ $0 }) {
            identifiers.append(identifier.uppercased())
            identifiers.append(identifier.decomposedStringWithCanonicalMapping + "é")
        }
        identifiers += [nil, "", String(repeating: "a", count: SceneRouter.maximumIdentifierLength + 1)]
        // Interleaved, so the stages see every kind next to every other.
        var random = DeterministicRandom(seed: 5)
        for index in identifiers.indices.reversed() where index > 0 {
            identifiers.swapAt(index, random.below(index + 1))
        }
        return identifiers
    }
}
