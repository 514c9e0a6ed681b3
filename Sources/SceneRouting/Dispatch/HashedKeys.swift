/// Up to four hashed keys (``LiteralIndex/hashed(_:)``), inline: what a prepared group is
/// filed under (``GroupPreparation``), without an array to allocate.
struct HashedKeys: BitwiseCopyable {
    static let capacity = 4
    private var storage: (LiteralIndex.HashedKey, LiteralIndex.HashedKey, LiteralIndex.HashedKey, LiteralIndex.HashedKey)
    private(set) var count = 0

    init() {
        let none = LiteralIndex.HashedKey.placeholder
        storage = (none, none, none, none)
    }

    mutating func append(_ key: LiteralIndex.HashedKey) {
        precondition(count < Self.capacity, "at most four hashed keys")
        let offset = count * MemoryLayout<LiteralIndex.HashedKey>.stride
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: key, toByteOffset: offset, as: LiteralIndex.HashedKey.self) }
        count += 1
    }

    subscript(position: Int) -> LiteralIndex.HashedKey {
        precondition(position >= 0 && position < count, "hashed key index out of range")
        return withUnsafeBytes(of: storage) {
            $0.load(fromByteOffset: position * MemoryLayout<LiteralIndex.HashedKey>.stride, as: LiteralIndex.HashedKey.self)
        }
    }
}
