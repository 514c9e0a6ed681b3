/// Records of bytes that state their own size (``recordSize``) back to back in one buffer
/// that routing reads through a plain pointer: a tier's ``ASCIIProgram``s, and the stated
/// arguments of its groups kept as text (``StatedArgumentsRecord``). Groups come and go with
/// churn: a released record's bytes are reused by the next record of the same size
/// (predicates of one shape recur), and when unused bytes outgrow both a floor (1 MiB) and
/// the live ones the owner compacts the arena (``compacted(_:)``), so its size stays
/// proportional to the live records.
final class ByteRecordArena {
    // A `let`: a `var` would be retained around every route's read.
    private let storage = TableArray<UInt8>(capacity: 64)
    private var freeBySize: [Int: [Int32]] = [:]
    /// Bytes of released records not yet reused.
    private(set) var unusedBytes = 0
    /// The size of the record that starts at a pointer, read from the record itself.
    private let recordSize: (UnsafePointer<UInt8>) -> Int

    /// Runs `body` with the arena's first byte (records are at their offsets from it). The
    /// pointer must not be used after `body` returns, nor while anything writes to the arena.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafePointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withElements { try body($0.baseAddress!) }
    }

    /// Stores `record`; nil if the arena would outgrow 32-bit offsets.
    func store(_ record: [UInt8]) -> Int32? {
        record.withUnsafeBufferPointer(store)
    }

    /// Stores a copy of `record`.
    func store(_ record: UnsafeBufferPointer<UInt8>) -> Int32? {
        // Every record is at least one byte, which states its size.
        guard !record.isEmpty else { return nil }
        if !freeBySize.isEmpty, let reused = freeBySize[record.count]?.popLast() {
            unusedBytes -= record.count
            storage.update(from: Int(reused), with: record)
            return reused
        }
        guard storage.count + record.count <= Int(Int32.max) else { return nil }
        let offset = Int32(storage.count)
        storage.append(contentsOf: record)
        return offset
    }

    /// Marks the record at `offset` unused.
    func release(at offset: Int32) {
        let size = withBytes { recordSize($0 + Int(offset)) }
        freeBySize[size, default: []].append(offset)
        unusedBytes += size
    }

    /// Unused bytes below which the arena is never compacted (``TableTuning``); any value
    /// gives the same routing decisions.
    let compactionFloor: Int

    init(compactionFloor: Int, recordSize: @escaping (UnsafePointer<UInt8>) -> Int) {
        self.compactionFloor = compactionFloor
        self.recordSize = recordSize
    }

    var needsCompaction: Bool { unusedBytes > compactionFloor && unusedBytes > storage.count - unusedBytes }

    /// Moves the records at `offsets` (the live ones) to the front, in order, and forgets the
    /// rest; returns their new offsets, position by position.
    func compacted(_ offsets: [Int32]) -> [Int32] {
        let records = withBytes { base in
            offsets.map { offset in
                let start = base + Int(offset)
                return Array(UnsafeBufferPointer(start: start, count: recordSize(start)))
            }
        }
        // A fresh buffer sized for the live records: the old one's high-water pages go back.
        storage.removeAll(reservingCapacity: max(64, records.reduce(0) { $0 + $1.count }))
        freeBySize = [:]
        unusedBytes = 0
        return records.map { record in
            let offset = Int32(storage.count)
            storage.append(contentsOf: record)
            return offset
        }
    }

    var approximateBytes: Int { storage.approximateBytes }
}

/// A bump allocator for the programs of one chunk of preparations, over memory the chunk
/// owns: programs that do not fit are left to the tier.
struct ProgramSpace {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var used = 0

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    mutating func store(_ program: [UInt8]) -> UnsafeBufferPointer<UInt8>? {
        guard !program.isEmpty, program.count <= capacity - used else { return nil }
        let start = base + used
        program.withUnsafeBufferPointer { start.initialize(from: $0.baseAddress!, count: $0.count) }
        used += program.count
        return UnsafeBufferPointer(start: start, count: program.count)
    }
}
