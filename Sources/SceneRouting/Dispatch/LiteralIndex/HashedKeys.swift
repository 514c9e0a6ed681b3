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
        withUnsafeMutableBytes(of: &storage) {
            $0.storeBytes(of: key, toByteOffset: offset, as: LiteralIndex.HashedKey.self)
        }
        storedCount += 1
    }

    /// Whether every key is exact (which an index comparing keys directly hashes anyway).
    var areAllExact: Bool { (0..<count).allSatisfy { self[$0].isExact } }

    subscript(position: Int) -> LiteralIndex.HashedKey {
        precondition(position >= 0 && position < count, "hashed key index out of range")
        return withUnsafeBytes(of: storage) {
            $0.load(
                fromByteOffset: position * MemoryLayout<LiteralIndex.HashedKey>.stride, as: LiteralIndex.HashedKey.self)
        }
    }
}

/// A hashed key's length and, for a prefix or suffix key recorded in ``LengthClasses`` (1 to
/// 64 bytes), its far byte (a prefix's last, a suffix's first), in the four bytes a placement
/// has room for: removing the key must tell its class which far byte it leaves.
struct KeyExtent: BitwiseCopyable, Equatable, Sendable {
    // Bit 31 set: bits 0–7 hold a recorded length (at most 64), bits 8–15 the far byte.
    // Clear: the whole value is the length.
    private let raw: UInt32
    private static let recorded: UInt32 = 1 << 31

    /// A key of `length` bytes (below 2³¹), and `far` when it is a recorded prefix or suffix.
    init(length: Int, far: UInt8?) {
        if let far {
            precondition(LengthClasses.isRecorded(length: length))
            raw = Self.recorded | UInt32(far) << 8 | UInt32(length)
        } else {
            raw = UInt32(length)
            precondition(raw & Self.recorded == 0)
        }
    }

    var length: Int { Int(raw & Self.recorded != 0 ? raw & 0xFF : raw) }

    /// The recorded key's far byte; nil for any other key.
    var far: UInt8? { raw & Self.recorded != 0 ? UInt8(truncatingIfNeeded: raw >> 8) : nil }
}
