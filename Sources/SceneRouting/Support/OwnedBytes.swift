/// Two byte strings in one block of memory that this value owns: one allocation where two
/// arrays would take two, and read without reference counting. The block begins with the
/// two lengths.
struct OwnedBytes: ~Copyable {
    private let block: OwnedBuffer<UInt8>
    private static let header = 2 * MemoryLayout<Int>.stride

    init(_ first: [UInt8], _ second: [UInt8]) {
        // Blocks are aligned for `Int` (``LargeAllocation``), so the lengths are too.
        block = OwnedBuffer(uninitializedCapacity: Self.header + first.count + second.count)
        let start = UnsafeMutableRawPointer(block.base)
        start.storeBytes(of: first.count, as: Int.self)
        start.storeBytes(of: second.count, toByteOffset: MemoryLayout<Int>.stride, as: Int.self)
        first.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (start + Self.header).copyMemory(from: base, byteCount: bytes.count) }
        }
        second.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                (start + Self.header + first.count).copyMemory(from: base, byteCount: bytes.count)
            }
        }
    }

    var first: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: block.base + Self.header, count: count(0))
    }

    var second: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: block.base + Self.header + count(0), count: count(1))
    }

    private func count(_ index: Int) -> Int {
        UnsafeRawPointer(block.base).load(fromByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
    }
}
