/// What a gram entry knows about the one inner literal filed under it: the literal's length,
/// where the gram sits in it, and 16 bits of the literal's hash, packed into 32 bits.
///
/// Grams are shared: the gram `oup-1234` is in `group-1234;` and in `group-12345;`, so a probe
/// finding it may not have found its literal. Without a tag every such group is a candidate,
/// and reading its head and check costs cache misses that dominate a route at a million
/// sessions; with it, the probe rehashes the bytes where the literal would be and drops the
/// group unless they agree. A necessary condition only: the group's own check still decides.
struct GramTag: Equatable {
    /// The packed form; 0 means "no tag" (the caller must treat the group as a candidate).
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The tag of `literal` (already in its family's folded form) filed under its gram at
    /// `offset`; untagged when the literal is too long to describe in a byte.
    init(literal: UnsafeBufferPointer<UInt8>, gramOffset offset: Int) {
        guard (1...255).contains(literal.count), offset < literal.count else {
            rawValue = 0
            return
        }
        var hash = KeyHashing.offsetBasis
        for byte in literal { hash = KeyHashing.step(hash, byte) }
        rawValue = UInt32(literal.count) << 24 | UInt32(offset) << 16 | Self.fingerprint(hash)
    }

    @inline(__always)
    private static func fingerprint(_ hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: KeyHashing.seal(hash, kind: .inner) >> 48)
    }

    /// Whether the literal this tag describes may occur in `identifier` with its gram at
    /// `gramStart`, reading the identifier as `reading` says.
    @inline(__always)
    func admits(_ identifier: UnsafeBufferPointer<UInt8>, gramStart: Int, reading family: ByteReading) -> Bool {
        guard rawValue != 0 else { return true }
        let length = Int(rawValue >> 24)
        let start = gramStart - Int((rawValue >> 16) & 0xFF)
        guard start >= 0, start + length <= identifier.count else { return false }
        var hash = KeyHashing.offsetBasis
        for position in start..<(start + length) {
            hash = KeyHashing.step(hash, KeyHashing.read(identifier[position], family))
        }
        return Self.fingerprint(hash) == rawValue & 0xFFFF
    }
}
