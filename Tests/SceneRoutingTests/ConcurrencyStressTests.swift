import Foundation
import SceneRouterWorkloads
import Synchronization
import Testing

@testable import SceneRouting

/// Readers route while a writer churns: every decision names a session that was open at some
/// point, and whenever the writer pauses, the table decides exactly as the reference router
/// on the app as it then stands. CI runs this suite under ThreadSanitizer
/// (`swift test --sanitize=thread --filter ConcurrencyStressTests`).
@Suite struct ConcurrencyStressTests {
    @Test func readersRouteWhileAWriterChurns() throws {
        var generator = RandomApps(
            random: DeterministicRandom(seed: 2026_11_23), alphabet: RandomText.mostlyASCII + RandomText.nonASCII)
        var app = generator.app()
        app.supportsMultipleScenes = true
        let router = SceneRouter(app: app)
        let events = (0..<200).map { _ in generator.event(hitting: app) }
        let phases = 12
        let operationsPerPhase = 300
        // Every id a session can have: the app's, and those churn may open (`N1000`, …).
        let everOpen = Set(app.sessions.map(\.id) + (1_000..<(1_000 + phases * operationsPerPhase)).map { "N\($0)" })
        let declarations = Set(app.declarations.map(\.name))
        let strays = Atomic<Int>(0)
        var nextID = 1_000
        var failures: [String] = []
        var checked = 0
        for phase in 0..<phases {
            let stop = Atomic<Bool>(false)
            let done = DispatchSemaphore(value: 0)
            for reader in 0..<2 {
                Thread {
                    var index = reader * 31 + phase
                    while !stop.load(ordering: .relaxed) {
                        let decision = router.route(events[index % events.count])
                        index += 7
                        switch decision.action {
                        case .activate(let id):
                            if !everOpen.contains(id) { strays.add(1, ordering: .relaxed) }
                        case .create(let declaration, _):
                            if !declarations.contains(declaration) { strays.add(1, ordering: .relaxed) }
                        case .unhandled:
                            break
                        }
                    }
                    done.signal()
                }.start()
            }
            for _ in 0..<operationsPerPhase {
                if let refused = generator.churn(router, &app, nextID: &nextID) {
                    failures.append("phase \(phase): churn refused \(refused)")
                }
            }
            stop.store(true, ordering: .relaxed)
            done.wait()
            done.wait()
            // Quiescent: the table and the reference agree on the app as it stands.
            if router.snapshot.sessions.map(\.id) != app.sessions.map(\.id) {
                failures.append("phase \(phase): the table's sessions differ from the app's")
            }
            for event in events {
                checked += 1
                let expected = ReferenceRouter.route(event, in: app)
                let decided = router.route(event)
                if !RandomApps<DeterministicRandom>.same(expected, decided) {
                    failures.append("phase \(phase): \(event): \(decided) where the reference decides \(expected)")
                }
            }
        }
        #expect(checked == phases * events.count)
        #expect(
            failures.isEmpty, "\(failures.count) failures, the first: \(failures.prefix(3).joined(separator: "\n"))")
        #expect(strays.load(ordering: .relaxed) == 0)
    }
}
