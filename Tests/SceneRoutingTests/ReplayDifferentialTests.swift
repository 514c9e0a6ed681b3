import Foundation
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// `replay` runs timelines through the table (``SceneRouter/apply(_:explain:)``); the
/// reference replayer (``TimelineReplayer``, one session at a time) is its oracle. Random
/// timelines of events and lifecycle operations (open with and without an id, close,
/// update, each also refused) over ASCII, non-ASCII and long shared texts must give the same
/// decisions, the same refusals and the same sessions afterwards.
@Suite struct ReplayDifferentialTests {
    /// Texts with a long literal many predicates and identifiers share, so the index files
    /// them under the same keys, beside the plain and non-ASCII pieces.
    private static let alphabets = [
        RandomText.mostlyASCII,
        RandomText.nonASCII,
        RandomText.mostlyASCII + ["https://example.com/mail/thread/", "https://example.com/mail/"],
    ]

    /// `SCENE_ROUTER_REPLAY_DECISIONS` and `SCENE_ROUTER_REPLAY_SEED` lengthen or vary the run.
    private static func setting(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? value
    }

    @Test func tableReplayAgreesWithTheReferenceReplayer() {
        let decisions = Self.setting("SCENE_ROUTER_REPLAY_DECISIONS", default: 100_000)
        var generator = RandomApps(
            random: DeterministicRandom(seed: UInt64(Self.setting("SCENE_ROUTER_REPLAY_SEED", default: 20_261_124))))
        var checked = 0
        var refusals = 0
        var mismatches: [String] = []
        var timeline = 0
        while checked < decisions {
            generator.alphabet = Self.alphabets[timeline % Self.alphabets.count]
            let app = generator.app()
            var reference = TimelineReplayer(app: app)
            let router = SceneRouter(app: app, tuning: TableTuning(arenaCompactionFloor: 0))
            var nextID = 0
            for step in 0..<80 {
                let place = "timeline \(timeline) step \(step)"
                if generator.random.chance(12) {
                    let entry = lifecycle(&generator, in: reference.app, nextID: &nextID)
                    let expected = Self.message { () throws(TimelineReplayer.ReplayError) in try reference.apply(entry)
                    }
                    let actual = Self.message { () throws(TimelineReplayer.ReplayError) in _ = try router.apply(entry) }
                    if expected != nil { refusals += 1 }
                    if expected != actual, mismatches.count < 5 {
                        mismatches.append(
                            "\(place): \(entry): expected \(expected ?? "applied") got \(actual ?? "applied")")
                    }
                    continue
                }
                let event = generator.event(hitting: reference.app)
                let expected = reference.route(event)
                let actual = try? router.apply(.event(event))
                checked += 1
                if actual.map({ RandomApps<DeterministicRandom>.same(expected, $0) }) != true, mismatches.count < 5 {
                    mismatches.append("\(place): \(event): expected \(expected) got \(String(describing: actual))")
                }
            }
            let sessions = router.snapshot.sessions.map { [$0.id, "\($0.state)", "\($0.lastActive)", $0.declaration] }
            let expectedSessions = reference.app.sessions.map {
                [$0.id, "\($0.state)", "\($0.lastActive)", $0.declaration]
            }
            if sessions != expectedSessions, mismatches.count < 5 {
                mismatches.append("timeline \(timeline): sessions \(sessions) expected \(expectedSessions)")
            }
            timeline += 1
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(checked >= decisions)
        // The refusals are part of what is compared: a run without them would test less.
        #expect(refusals > timeline / 4)
    }

    /// A random lifecycle entry against the sessions as the reference holds them; about one
    /// in six names an id that makes it fail.
    private func lifecycle(_ generator: inout RandomApps<DeterministicRandom>, in app: SceneApp, nextID: inout Int)
        -> TimelineEntry
    {
        let existing = app.sessions.isEmpty ? nil : app.sessions[generator.random.below(app.sessions.count)].id
        let refused = generator.random.chance(15)
        switch generator.random.below(3) {
        case 0:
            var session = generator.session("", framework: app.framework, declarations: app.declarations)
            if refused, let existing {
                session.id = existing
            } else if generator.random.chance(60) {
                // Ids of the forms replay hands out itself, so the two naming rules meet.
                session.id = generator.random.chance(50) ? "new-\(nextID)" : "N\(nextID)"
                nextID += 1
            }
            return .open(session)
        case 1:
            return .close(sessionID: refused ? "missing" : existing ?? "missing")
        default:
            var update = SessionUpdate(id: refused ? "missing" : existing ?? "missing")
            if generator.random.chance(60) { update.state = ActivationState.allCases[generator.random.below(4)] }
            if generator.random.chance(60) { update.lastActive = generator.random.below(8) }
            if generator.random.chance(30) {
                update.prefersToActivate = try! ActivationPredicate(format: generator.predicate())
            }
            if generator.random.chance(10) {
                update.role = generator.random.chance(50) ? .windowApplication : .windowExternalDisplayNonInteractive
            }
            return .update(update)
        }
    }

    /// The refusal's message, or nil when `operation` succeeds.
    private static func message(_ operation: () throws(TimelineReplayer.ReplayError) -> Void) -> String? {
        do {
            try operation()
            return nil
        } catch {
            return error.message
        }
    }
}
