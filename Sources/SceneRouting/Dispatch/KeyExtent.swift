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
