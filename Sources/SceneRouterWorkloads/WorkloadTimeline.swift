public import SceneRouting

extension Workload {
    /// The workload's events in order, and after every ninth a lifecycle operation (10% of
    /// the entries), in turn closing an open session, opening one (a generated session's
    /// conditions under a new id `t1`, `t2`, …, in the background) and changing one's state:
    /// replaying it measures routing with churn against the whole app. The same seed gives
    /// the same timeline.
    public func timeline(seed: UInt64) -> [TimelineEntry] {
        var random = DeterministicRandom(seed: seed ^ 0x7469_6D65_6C69_6E65)
        // Open ids, for closes and updates to pick from in O(1): swap-remove on close.
        var open = app.sessions.map(\.id)
        var opened = 0
        var entries: [TimelineEntry] = []
        entries.reserveCapacity(events.count + events.count / 9)
        let states = ActivationState.allCases
        for (index, identifier) in events.enumerated() {
            entries.append(.event(.identifier(identifier)))
            guard index % 9 == 8 else { continue }
            switch (index / 9) % 3 {
            case 0 where !open.isEmpty:
                let victim = Int(random.next() % UInt64(open.count))
                entries.append(.close(sessionID: open[victim]))
                open.swapAt(victim, open.count - 1)
                open.removeLast()
            case 1:
                var session = app.sessions[Int(random.next() % UInt64(app.sessions.count))]
                opened += 1
                session.id = "t\(opened)"
                session.state = .background
                entries.append(.open(session))
                open.append(session.id)
            default:
                guard !open.isEmpty else { continue }
                let id = open[Int(random.next() % UInt64(open.count))]
                entries.append(.update(SessionUpdate(id: id, state: states[Int(random.next() % UInt64(states.count))])))
            }
        }
        return entries
    }

    /// The app as a manifest (UTF-8 JSON), as `scene-router bench --write-manifest` writes it.
    public func manifest() -> [UInt8] {
        Array(ManifestWriter.text(of: app).utf8)
    }
}
