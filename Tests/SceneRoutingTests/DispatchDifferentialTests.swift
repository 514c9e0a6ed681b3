import Foundation
@testable import SceneRouting
import Testing

/// The dispatch table must decide exactly as the reference router on every input: random
/// apps over every operator, option, framework, tie-break, role and event kind, with random
/// open/close/update churn between events.
@Suite struct DispatchDifferentialTests {
    struct Generator {
        var random: DeterministicRandom
        let alphabet = ["a", "b", ".", "A", "é", "/", "ab", "a.", "B"]

        /// Long words (8–30 bytes) shared by one app's predicates and events, so that 8-byte
        /// grams, word-at-a-time hashing and the four-byte length classes are exercised, with
        /// hits, under churn too.
        var vocabulary: [String] = []

        /// Mostly short texts, so that identifiers and literals often meet; one in five is a
        /// vocabulary word, alone or between short pieces.
        mutating func text(_ maxPieces: Int = 3) -> String {
            if !vocabulary.isEmpty && random.chance(20) {
                return pieces(1) + vocabulary[random.below(vocabulary.count)] + pieces(1)
            }
            return pieces(maxPieces)
        }

        private mutating func pieces(_ maxPieces: Int) -> String {
            (0..<random.below(maxPieces + 1)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
        }

        mutating func quoted(_ value: String) -> String {
            "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }

        mutating func options() -> String { ["", "", "[c]", "[d]", "[cd]", "[n]"][random.below(6)] }

        mutating func atom() -> String {
            switch random.below(16) {
            case 0: return "SELF ==\(options()) \(quoted(text()))"
            case 1: return "SELF !=\(options()) \(quoted(text()))"
            case 2: return "SELF \(["<", "<=", ">", ">="][random.below(4)])\(options()) \(quoted(text()))"
            case 3, 4: return "SELF BEGINSWITH\(options()) \(quoted(text()))"
            case 5: return "SELF ENDSWITH\(options()) \(quoted(text()))"
            case 6, 7: return "SELF CONTAINS\(options()) \(quoted(text(4)))"
            case 8:
                let pattern = (0..<random.below(4)).map { _ in ["a", "*", "?", "b", ".", "é", "A"][random.below(7)] }.joined()
                return "SELF LIKE\(options()) \(quoted(pattern))"
            case 9:
                let patterns = ["a.*", "[ab]+", "(a|b)\\\\.?", "a\\\\.b", "ab?c?", ".*b", "é+", "A[a-z]*", "(?i)ab", ""]
                return "SELF MATCHES\(options()) '\(patterns[random.below(patterns.count)])'"
            case 10: return "SELF IN {\((0..<random.below(3)).map { _ in quoted(text()) }.joined(separator: ", "))}"
            case 11: return "SELF IN\(options()) \(quoted(text(4)))"
            case 12: return "SELF BETWEEN {\(quoted(text())), \(quoted(text()))}"
            case 13: return ["TRUEPREDICATE", "FALSEPREDICATE", "SELF == nil", "SELF != nil", "SELF == 42"][random.below(5)]
            case 14: return "\(quoted(text(4))) BEGINSWITH SELF"
            default: return "NOT " + atom()
            }
        }

        mutating func predicate(depth: Int = 0) -> String {
            if depth >= 2 || random.chance(45) { return atom() }
            let parts = (0..<(2 + random.below(2))).map { _ in predicate(depth: depth + 1) }
            let joiner = random.chance(50) ? " AND " : " OR "
            let body = parts.joined(separator: joiner)
            return random.chance(20) ? "NOT (\(body))" : "(\(body))"
        }

        mutating func conditions(_ framework: AppFramework) -> ActivationConditions {
            var conditions = ActivationConditions.defaults(for: framework)
            if random.chance(25) {
                let members = (0..<random.below(3)).map { _ in random.chance(10) ? "*" : text() }
                conditions.canActivate = ActivationPredicate(swiftUISet: random.chance(70) ? members : ["*"])
                conditions.prefersToActivate = ActivationPredicate(swiftUISet: (0..<random.below(3)).map { _ in text() })
                return conditions
            }
            if random.chance(70) { conditions.canActivate = try! ActivationPredicate(format: predicate()) }
            if random.chance(80) { conditions.prefersToActivate = try! ActivationPredicate(format: predicate()) }
            return conditions
        }

        mutating func session(_ id: String, framework: AppFramework, declarations: [SceneDeclaration]) -> SceneSession {
            let states = ActivationState.allCases
            return SceneSession(
                id: id, declaration: declarations[random.below(declarations.count)].name,
                role: random.chance(10) ? .windowExternalDisplayNonInteractive : .windowApplication,
                state: states[random.below(states.count)], lastActive: random.below(6), conditions: conditions(framework))
        }

        mutating func app() -> SceneApp {
            vocabulary = (0..<3).map { _ in
                (0..<(5 + random.below(11))).map { _ in alphabet[random.below(alphabet.count)] }.joined()
            }
            let framework: AppFramework = random.chance(50) ? .uikit : .swiftui
            let declarations = (0..<(1 + random.below(3))).map { index in
                SceneDeclaration(
                    name: "D\(index)",
                    matching: random.chance(60)
                        ? (random.chance(50) ? try! ActivationPredicate(format: atom()) : ActivationPredicate(swiftUISet: [text()]))
                        : nil)
            }
            let sessions = (0..<random.below(12)).map { session("S\($0)", framework: framework, declarations: declarations) }
            return SceneApp(
                framework: framework, supportsMultipleScenes: !random.chance(10), tieBreak: random.chance(50) ? .recency : .order,
                declarations: declarations, sessions: sessions)
        }

        mutating func event(hitting app: SceneApp) -> ExternalEvent {
            let identifier: String? = random.chance(8) ? nil : (random.chance(30) ? text(2) + text(2) : text(5))
            switch random.below(6) {
            case 0: return .notification(targetContentIdentifier: identifier)
            case 1: return .shortcut(type: "t", targetContentIdentifier: identifier)
            case 2:
                return random.chance(50)
                    ? .userActivity(activityType: "a", targetContentIdentifier: identifier, webpageURL: nil)
                    : .userActivity(activityType: "a", targetContentIdentifier: nil, webpageURL: identifier)
            case 3:
                if let identifier, let url = URL(string: "x://" + identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!) {
                    return .url(url)
                }
                return .identifier(identifier)
            default: return .identifier(identifier)
            }
        }
    }

    private static func same(_ a: RoutingDecision, _ b: RoutingDecision) -> Bool {
        a.action == b.action && a.reason == b.reason && a.identifier == b.identifier
    }

    /// `SCENE_ROUTER_DIFFERENTIAL_APPS` and `SCENE_ROUTER_DIFFERENTIAL_SEED` lengthen or vary
    /// the run (60 events per app); the defaults are what `swift test` runs.
    private static func setting(_ name: String, default value: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) } ?? value
    }

    @Test func tableAgreesWithReferenceIncludingChurn() {
        let seed = Self.setting("SCENE_ROUTER_DIFFERENTIAL_SEED", default: 20261122)
        let apps = Int(Self.setting("SCENE_ROUTER_DIFFERENTIAL_APPS", default: 2_200))
        // Compact program arenas as soon as released programs outweigh live ones, so churn
        // also checks that compaction moves every live program with its group.
        ProgramArena.compactionFloor = 0
        var generator = Generator(random: DeterministicRandom(seed: seed))
        var checked = 0
        var mismatches: [String] = []
        for appIndex in 0..<apps {
            var app = generator.app()
            let router = SceneRouter(app: app)
            var nextID = 100
            for step in 0..<60 {
                let event = generator.event(hitting: app)
                let expected = ReferenceRouter.route(event, in: app)
                let actual = router.route(event)
                checked += 1
                if !Self.same(expected, actual), mismatches.count < 5 {
                    mismatches.append("app \(appIndex) step \(step): \(event) expected \(expected) got \(actual)")
                }
                guard step % 6 == 5 else { continue }
                // Churn: the same operation on the table and on the reference's app.
                switch generator.random.below(3) {
                case 0:
                    let session = generator.session("N\(nextID)", framework: app.framework, declarations: app.declarations)
                    nextID += 1
                    #expect(router.open(session))
                    app.sessions.append(session)
                case 1 where !app.sessions.isEmpty:
                    let victim = app.sessions.remove(at: generator.random.below(app.sessions.count))
                    #expect(router.close(sessionID: victim.id))
                default:
                    guard !app.sessions.isEmpty else { continue }
                    let index = generator.random.below(app.sessions.count)
                    var update = SessionUpdate(id: app.sessions[index].id)
                    if generator.random.chance(60) { update.state = ActivationState.allCases[generator.random.below(4)] }
                    if generator.random.chance(60) { update.lastActive = generator.random.below(8) }
                    if generator.random.chance(30) {
                        update.prefersToActivate = try! ActivationPredicate(format: generator.predicate())
                    }
                    if generator.random.chance(20) {
                        update.canActivate = try! ActivationPredicate(format: generator.predicate())
                    }
                    if generator.random.chance(10) {
                        update.role = generator.random.chance(50) ? .windowApplication : .windowExternalDisplayNonInteractive
                    }
                    update.apply(to: &app.sessions[index])
                    #expect(router.update(update))
                }
            }
            #expect(router.snapshot.sessions.map(\.id) == app.sessions.map(\.id))
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(checked >= min(100_000, apps * 60))
    }

    @Test func generatedWorkloadsAgree() {
        for mix in WorkloadMix.allCases {
            let workload = WorkloadGenerator.make(mix: mix, sessions: 400, events: 400, seed: 7)
            let router = SceneRouter(app: workload.app)
            for identifier in workload.events {
                let expected = ReferenceRouter.route(identifier: identifier, in: workload.app)
                let actual = router.route(identifier: identifier)
                #expect(Self.same(expected, actual), "\(mix) \(String(describing: identifier))")
            }
        }
    }
}
