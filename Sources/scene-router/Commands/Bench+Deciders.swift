import SceneRouting

extension SceneRouterCommand.Bench {
    /// Route latencies grouped by what decided each route: the winning window's condition
    /// (its format: one group per operator where, as in the generated mixes, a format is
    /// stated with a different argument in each window), or the reason when no window took
    /// the event. Groups of under 1% of the events are folded into `other`. Most events
    /// first.
    static func latencyByDecider(
        decisions: [RoutingDecision], latencies: [UInt64], app: SceneApp
    ) -> [DeciderRecord] {
        var conditions: [String: ActivationConditions] = [:]
        conditions.reserveCapacity(app.sessions.count)
        for session in app.sessions { conditions[session.id] = session.conditions }
        var groups: [String: [UInt64]] = [:]
        for (decision, latency) in zip(decisions, latencies) {
            groups[decider(of: decision, conditions: conditions), default: []].append(latency)
        }
        let floor = max(1, decisions.count / 100)
        var records: [DeciderRecord] = []
        var other: [UInt64] = []
        for (label, spans) in groups {
            if spans.count < floor {
                other += spans
            } else {
                records.append(DeciderRecord(label: label, spans: spans))
            }
        }
        records.sort { ($0.events, $1.label) > ($1.events, $0.label) }
        if !other.isEmpty { records.append(DeciderRecord(label: "other", spans: other)) }
        return records
    }

    private static func decider(of decision: RoutingDecision, conditions: [String: ActivationConditions]) -> String {
        guard case .activate(let id) = decision.action, let stated = conditions[id] else {
            return decision.reason.rawValue
        }
        switch decision.reason {
        case .prefers: return "prefersToActivate \(stated.prefersToActivate.format)"
        case .can: return "canActivate \(stated.canActivate.format)"
        default: return decision.reason.rawValue
        }
    }
}

/// The routes one decider decided (``SceneRouterCommand/Bench/latencyByDecider(decisions:latencies:app:)``).
struct DeciderRecord: Encodable {
    var label: String
    var events: Int
    var p50Nanos: UInt64
    var p99Nanos: UInt64

    init(label: String, spans: [UInt64]) {
        let sorted = spans.sorted()
        self.label = label
        events = sorted.count
        p50Nanos = sorted[sorted.count / 2]
        p99Nanos = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    }
}
