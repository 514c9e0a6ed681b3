/// Where the groups of a tier filed under several keys are filed: each group's placements
/// as a run of consecutive entries of one array, not an array of its own.
///
/// A group filed under several keys (`SELF IN {a, b}`, `BEGINSWITH 'note/17/' OR == 'note-17'`)
/// is filed while the build holds the loaded app, and an array of its own would be a heap
/// block between the app's objects: once the app is released, every page still holding one
/// stays resident. Runs in one array share no page with the app. A released run is reused by
/// the next run of its length (groups of one shape recur), and when unused entries outgrow
/// both a floor and the live ones the owner compacts the runs (``compacted(_:)``).
final class PlacementRuns {
    private let storage = TableArray<LiteralIndex.Placement>()
    private var freeByCount: [Int32: [Int32]] = [:]
    /// Entries of released runs not yet reused.
    private(set) var unusedCount = 0
    /// Unused bytes below which the runs are never compacted (``TableTuning``).
    private let compactionFloor: Int

    init(compactionFloor: Int) {
        self.compactionFloor = compactionFloor
    }

    /// Stores `placements` (at least two) as a run; returns where it starts.
    func store(_ placements: [LiteralIndex.Placement]) -> Int32 {
        let count = Int32(placements.count)
        if let reused = freeByCount[count]?.popLast() {
            unusedCount -= placements.count
            placements.withUnsafeBufferPointer { storage.update(from: Int(reused), with: $0) }
            return reused
        }
        let start = Int32(storage.count)
        storage.append(contentsOf: placements)
        return start
    }

    /// The run of `count` placements from `start`.
    func run(from start: Int32, count: Int32) -> [LiteralIndex.Placement] {
        storage.withElements { Array($0[Int(start)..<Int(start + count)]) }
    }

    /// Marks the run of `count` placements from `start` unused.
    func release(from start: Int32, count: Int32) {
        freeByCount[count, default: []].append(start)
        unusedCount += Int(count)
    }

    var needsCompaction: Bool {
        let unusedBytes = unusedCount * MemoryLayout<LiteralIndex.Placement>.stride
        return unusedBytes > compactionFloor && unusedCount > storage.count - unusedCount
    }

    /// Moves the runs `live` names to the front, in order, and forgets the rest; returns
    /// where each starts now, position by position.
    func compacted(_ live: [(start: Int32, count: Int32)]) -> [Int32] {
        let runs = live.map { run(from: $0.start, count: $0.count) }
        storage.removeAll(reservingCapacity: max(16, runs.reduce(0) { $0 + $1.count }))
        freeByCount = [:]
        unusedCount = 0
        return runs.map(store)
    }

    var approximateBytes: Int { storage.approximateBytes }
}
