/// Two byte strings in one block of memory that its holder frees (``deallocate()``): one
/// allocation and one word where two arrays would take two of each, and read without
/// reference counting.
struct OwnedBytes {
    private let block: UnsafeMutableRawPointer
    private static let header = 2 * MemoryLayout<Int>.stride

    init(_ first: [UInt8], _ second: [UInt8]) {
        block = .allocate(byteCount: Self.header + first.count + second.count, alignment: MemoryLayout<Int>.alignment)
        block.storeBytes(of: first.count, as: Int.self)
        block.storeBytes(of: second.count, toByteOffset: MemoryLayout<Int>.stride, as: Int.self)
        let block = block
        first.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (block + Self.header).copyMemory(from: base, byteCount: bytes.count) }
        }
        second.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                (block + Self.header + first.count).copyMemory(from: base, byteCount: bytes.count)
            }
        }
    }

    var first: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: (block + Self.header).assumingMemoryBound(to: UInt8.self), count: count(0))
    }

    var second: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: (block + Self.header + count(0)).assumingMemoryBound(to: UInt8.self), count: count(1))
    }

    private func count(_ index: Int) -> Int {
        block.load(fromByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
    }

    /// Frees the block; the bytes are not read again.
    func deallocate() { block.deallocate() }
}
