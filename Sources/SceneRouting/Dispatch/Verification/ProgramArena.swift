/// The ``ASCIIProgram``s of one tier, back to back in one buffer that routing reads through a
/// plain pointer. Groups come and go with churn: a released program's bytes are reused by the
/// next program of the same size (predicates of one shape recur), and when unused bytes
/// outgrow both a floor (1 MiB) and the live ones the owner compacts the arena (``compacted(_:)``),
/// so its size stays proportional to the live programs.
final class ProgramArena {
    // A `let`: a `var` would be retained around every route's read.
    private let storage = TableArray<UInt8>(capacity: 64)
    private var freeBySize: [Int: [Int32]] = [:]
    /// Bytes of released programs not yet reused.
    private(set) var unusedBytes = 0

    /// Runs `body` with the arena's first byte (programs are at their offsets from it). The
    /// pointer must not be used after `body` returns, nor while anything writes to the arena.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafePointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withElements { try body($0.baseAddress!) }
    }

    /// Stores `program`; nil if the arena would outgrow 32-bit offsets.
    func store(_ program: [UInt8]) -> Int32? {
        program.withUnsafeBufferPointer(store)
    }

    /// Stores a copy of `program`.
    func store(_ program: UnsafeBufferPointer<UInt8>) -> Int32? {
        // Every program is at least one tag byte; an empty one has nothing to run.
        guard !program.isEmpty else { return nil }
        if !freeBySize.isEmpty, let reused = freeBySize[program.count]?.popLast() {
            unusedBytes -= program.count
            storage.update(from: Int(reused), with: program)
            return reused
        }
        guard storage.count + program.count <= Int(Int32.max) else { return nil }
        let offset = Int32(storage.count)
        storage.append(contentsOf: program)
        return offset
    }

    /// Marks the program at `offset` unused.
    func release(at offset: Int32) {
        let size = withBytes { ASCIIProgram.size(of: $0 + Int(offset)) }
        freeBySize[size, default: []].append(offset)
        unusedBytes += size
    }

    /// Unused bytes below which the arena is never compacted (``TableTuning``); any value
    /// gives the same routing decisions.
    let compactionFloor: Int

    init(compactionFloor: Int) {
        self.compactionFloor = compactionFloor
    }

    var needsCompaction: Bool { unusedBytes > compactionFloor && unusedBytes > storage.count - unusedBytes }

    /// Moves the programs at `offsets` (the live ones) to the front, in order, and forgets the
    /// rest; returns their new offsets, position by position.
    func compacted(_ offsets: [Int32]) -> [Int32] {
        let programs = withBytes { base in
            offsets.map { offset in
                let start = base + Int(offset)
                return Array(UnsafeBufferPointer(start: start, count: ASCIIProgram.size(of: start)))
            }
        }
        // A fresh buffer sized for the live programs: the old one's high-water pages go back.
        storage.removeAll(reservingCapacity: max(64, programs.reduce(0) { $0 + $1.count }))
        freeBySize = [:]
        unusedBytes = 0
        return programs.map { program in
            let offset = Int32(storage.count)
            storage.append(contentsOf: program)
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
