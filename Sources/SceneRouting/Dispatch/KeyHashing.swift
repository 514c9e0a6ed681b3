/// Hashes of identifier slices, computed without copying: FNV-1a over the bytes as the
/// family reads them (lowercased for `[c]`), mixed with the key kind and family so one
/// table serves every index.
enum KeyHashing {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x100_0000_01b3

    @inline(__always)
    static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* prime }

    @inline(__always)
    static func read(_ byte: UInt8, _ family: KeyFamily) -> UInt8 {
        family == .lowercase ? ASCIIText.lowercase(byte) : byte
    }

    @inline(__always)
    static func seal(_ hash: UInt64, kind: IndexKey.Kind, family: KeyFamily) -> UInt64 {
        // A final avalanche so short keys spread over the table; kind and family make
        // "prefix ab" and "suffix ab" different keys.
        var value = hash ^ (UInt64(kind.rawValue) << 56) ^ (UInt64(family.rawValue) << 60)
        value = (value ^ (value >> 33)) &* 0xff51_afd7_ed55_8ccd
        value = (value ^ (value >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return value ^ (value >> 33)
    }

    /// The hash a key is stored under. Suffix keys are hashed back to front, as probes read them.
    static func hash(of key: IndexKey) -> UInt64 {
        var hash = offsetBasis
        if key.kind == .suffix {
            for byte in key.bytes.reversed() { hash = step(hash, byte) }
        } else {
            for byte in key.bytes { hash = step(hash, byte) }
        }
        return seal(hash, kind: key.kind, family: key.family)
    }

    /// `width` (4 or 8) bytes packed little-endian: an inner-literal gram. One unaligned word
    /// load, lowercased eight bytes at once for the lowercase family (the bytes are ASCII).
    @inline(__always)
    static func gram(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int, _ family: KeyFamily) -> UInt64 {
        precondition(offset >= 0 && offset + width <= bytes.count && (width == 4 || width == 8))
        let base = UnsafeRawPointer(bytes.baseAddress!) + offset
        let word = width == 8 ? base.loadUnaligned(as: UInt64.self) : UInt64(base.loadUnaligned(as: UInt32.self))
        let packed = UInt64(littleEndian: word)
        return family == .lowercase ? lowercasedASCII(packed) : packed
    }

    /// Each byte of `word` (all below 0x80) with A–Z lowercased: per byte, `b + 0x3F` has its
    /// top bit set from 'A' (0x41) up and `b + 0x25` from '[' (0x5B) up, without carries
    /// between bytes; where exactly one is set the byte is upper case and gets 0x20.
    @inline(__always)
    static func lowercasedASCII(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let upper = ((word &+ ones &* 0x3F) ^ (word &+ ones &* 0x25)) & (ones &* 0x80)
        return word | (upper >> 2)
    }
}
