/// Up to two hashed keys (``LiteralIndex/hashed(_:)``), inline: what a prepared group is
/// filed under (``GroupPreparation``), without an array to allocate.
struct HashedKeys: BitwiseCopyable {
    /// Two covers a comparison with an alias or a prefix-or-equal pair; more is rare and left
    /// to the tier, which keeps a preparation at 64 bytes.
    static let capacity = 2
    private var storage: (LiteralIndex.HashedKey, LiteralIndex.HashedKey)
    private var storedCount: UInt8 = 0

    var count: Int { Int(storedCount) }

    init() {
        let none = LiteralIndex.HashedKey.placeholder
        storage = (none, none)
    }

    mutating func append(_ key: LiteralIndex.HashedKey) {
        precondition(count < Self.capacity, "at most two hashed keys")
        let offset = count * MemoryLayout<LiteralIndex.HashedKey>.stride
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: key, toByteOffset: offset, as: LiteralIndex.HashedKey.self) }
        storedCount += 1
    }

    /// Whether every key is exact (which an index comparing keys directly hashes anyway).
    var areAllExact: Bool { (0..<count).allSatisfy { self[$0].isExact } }

    subscript(position: Int) -> LiteralIndex.HashedKey {
        precondition(position >= 0 && position < count, "hashed key index out of range")
        return withUnsafeBytes(of: storage) {
            $0.load(fromByteOffset: position * MemoryLayout<LiteralIndex.HashedKey>.stride, as: LiteralIndex.HashedKey.self)
        }
    }
}
