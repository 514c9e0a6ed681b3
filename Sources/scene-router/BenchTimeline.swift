import Foundation
import SceneRouterWorkloads
import SceneRouting

/// The timeline `bench --write-timeline` writes: the workload's events in order, and after
/// every ninth a lifecycle operation (10% of the lines), in turn closing an open session,
/// opening one (a copy of a generated session's conditions under a new id) and updating
/// one's state, so a replay of it measures routing with churn against the whole app.
enum BenchTimeline {
    static func write(_ workload: Workload, seed: UInt64, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var random = DeterministicRandom(seed: seed ^ 0x7469_6D65_6C69_6E65)
        // Open ids, for closes and updates to pick from in O(1): swap-remove on close.
        var open = workload.app.sessions.map(\.id)
        var opened = 0
        var buffer = ""
        func emit(_ line: String) {
            buffer += line + "\n"
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
        }
        let states = ActivationState.allCases
        for (index, identifier) in workload.events.enumerated() {
            emit("{\"identifier\": \(identifier.map(ManifestWriter.quote) ?? "null")}")
            guard index % 9 == 8 else { continue }
            switch (index / 9) % 3 {
            case 0 where !open.isEmpty:
                let victim = Int(random.next() % UInt64(open.count))
                emit("{\"close\": \(ManifestWriter.quote(open[victim]))}")
                open.swapAt(victim, open.count - 1)
                open.removeLast()
            case 1:
                var session = workload.app.sessions[Int(random.next() % UInt64(workload.app.sessions.count))]
                opened += 1
                session.id = "t\(opened)"
                session.state = .background
                emit("{\"open\": \(ManifestWriter.sessionObject(session))}")
                open.append(session.id)
            default:
                guard !open.isEmpty else { continue }
                let id = open[Int(random.next() % UInt64(open.count))]
                let state = states[Int(random.next() % UInt64(states.count))]
                emit("{\"update\": {\"id\": \(ManifestWriter.quote(id)), \"state\": \(ManifestWriter.quote(state.rawValue))}}")
            }
        }
        handle.write(Data(buffer.utf8))
    }
}
