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
