import Foundation
import SceneRouterWorkloads
import SceneRouting

/// The timeline `bench --write-timeline` writes: ``Workload/timeline(seed:)`` as JSON Lines,
/// so that `replay` of it measures routing with churn against the whole app.
enum BenchTimeline {
    static func write(_ workload: Workload, seed: UInt64, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var buffer = ""
        for entry in workload.timeline(seed: seed) {
            buffer += line(entry) + "\n"
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
        }
        handle.write(Data(buffer.utf8))
    }

    /// The entry as a timeline line. The generated timeline routes plain identifiers and
    /// updates only states.
    private static func line(_ entry: TimelineEntry) -> String {
        switch entry {
        case .event(let event):
            return "{\"identifier\": \(event.targetContentIdentifier(for: .uikit).map(ManifestWriter.quote) ?? "null")}"
        case .close(let id):
            return "{\"close\": \(ManifestWriter.quote(id))}"
        case .open(let session):
            return "{\"open\": \(ManifestWriter.sessionObject(session))}"
        case .update(let update):
            let state = update.state.map { ", \"state\": \(ManifestWriter.quote($0.rawValue))" } ?? ""
            return "{\"update\": {\"id\": \(ManifestWriter.quote(update.id))\(state)}}"
        }
    }
}
