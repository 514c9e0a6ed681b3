package import SceneRouting

/// Routes as an app would with a regex-set engine (Hyperscan or RE2::Set) in front of its
/// windows' conditions: one scan per form of the identifier finds the conditions whose
/// expression matches, matches of inexact expressions and the conditions without one are
/// evaluated, and the best window is picked with the routing rules' ranking
/// (``LinearScanRouter``). Identifiers that are not ASCII, which neither engine folds or
/// normalises as Foundation does, are routed by the linear scan.
///
/// Not thread-safe: one router per thread (it keeps its scan buffers).
package final class RegexSetRouter {
    /// The engine's name, for reports.
    package let engine: String
    /// Distinct expressions compiled, and conditions every route evaluates.
    package let expressionCount: Int
    package let evaluatedCount: Int
    /// Bytes the compiled sets hold, when the engine tells.
    package let compiledBytes: Int?

    private let linear: LinearScanRouter
    private let plan: RegexPlan
    private let exactSet: (any RegexSetEngine)?
    private let lowercasedSet: (any RegexSetEngine)?
    private var matches: [Int32] = []
    private var lowercased: [UInt8] = []
    /// Routes left to the linear scan: identifiers that are not ASCII, and scans the
    /// engine could not decide.
    package private(set) var linearFallbacks = 0

    /// Compiles the app's conditions with `compile`, which throws when the engine refuses them.
    init(
        engine: String, app: SceneApp, compile: ([String]) throws(PeerCompileError) -> any RegexSetEngine
    ) throws(PeerCompileError) {
        self.engine = engine
        linear = LinearScanRouter(app: app)
        plan = RegexPlan(router: linear)
        exactSet = plan.exact.texts.isEmpty ? nil : try compile(plan.exact.texts)
        lowercasedSet = plan.lowercased.texts.isEmpty ? nil : try compile(plan.lowercased.texts)
        expressionCount = plan.exact.texts.count + plan.lowercased.texts.count
        evaluatedCount = plan.evaluated.count
        let sizes = [exactSet, lowercasedSet].compactMap { $0 }.map(\.compiledBytes)
        compiledBytes = sizes.contains { $0 == nil } ? nil : sizes.reduce(0) { $0 + $1! }
    }

    /// Routes a bare identifier (nil: an event without one).
    package func route(identifier: String?) -> RoutingDecision {
        guard linear.evaluatesConditions(for: identifier), let identifier else {
            return linear.route(identifier: identifier)
        }
        let sessions = linear.app.sessions
        var best = -1
        var bestStrength = MatchStrength.neither
        var budgetExceeded = false
        var decided = true
        Subject.with(identifier) { subject in
            guard subject.isASCII else {
                decided = false
                return
            }
            let bytes = subject.bytes
            func consider(_ condition: RegexPlan.Condition) {
                let strength = condition.strength
                guard
                    strength > bestStrength
                        || (strength == bestStrength && condition.session != best
                            && linear.ranks(condition.session, before: best))
                else { return }
                if !condition.exact {
                    let conditions = sessions[condition.session].conditions
                    let predicate = strength == .prefers ? conditions.prefersToActivate : conditions.canActivate
                    guard predicate.evaluate(&subject, budgetExceeded: &budgetExceeded) else { return }
                }
                best = condition.session
                bestStrength = strength
            }
            func scan(
                _ set: (any RegexSetEngine)?, _ text: UnsafeBufferPointer<UInt8>, _ conditions: [[RegexPlan.Condition]]
            ) {
                guard let set, decided else { return }
                guard let count = set.scan(text, into: &matches) else {
                    decided = false
                    return
                }
                for index in 0..<count {
                    for condition in conditions[Int(matches[index])] { consider(condition) }
                }
            }
            scan(exactSet, bytes, plan.exact.conditions)
            if lowercasedSet != nil {
                lowercased.removeAll(keepingCapacity: true)
                for byte in bytes { lowercased.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
                lowercased.withUnsafeBufferPointer { scan(lowercasedSet, $0, plan.lowercased.conditions) }
            }
            for condition in plan.alwaysSatisfied { consider(condition) }
            for condition in plan.evaluated where decided { consider(condition) }
        }
        guard decided else {
            linearFallbacks += 1
            return linear.route(identifier: identifier)
        }
        return linear.decision(
            identifier: identifier, best: best >= 0 ? best : nil, strength: bestStrength,
            budgetExceeded: budgetExceeded)
    }
}
