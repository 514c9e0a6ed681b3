/// Hashes of identifier slices, computed without copying, mixed with the key kind so one
/// table serves every index.
///
/// The family (raw or lowercased reading) is deliberately not mixed in: a key is stored in
/// its folded bytes, so a raw key and a lowercase key with the same bytes share an entry, and
/// an identifier without upper-case letters — which reads the same both ways — is probed
/// once for both families (``LiteralIndex``).
///
/// Exact, prefix, suffix and short inner keys hash 8 bytes per step (``absorb(_:_:)``), so
/// the prefix hashes of every length in use come from one pass with a dependency chain a
/// word, not a byte, long. Gram tags (``GramTag``) keep byte-wise FNV-1a (``step(_:_:)``):
/// they hash a literal at an arbitrary offset, once per candidate.
enum KeyHashing {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x100_0000_01b3

    @inline(__always)
    static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* prime }

    @inline(__always)
    static func read(_ byte: UInt8, _ family: ByteReading) -> UInt8 {
        family == .lowercase ? ASCIIText.lowercase(byte) : byte
    }

    @inline(__always)
    static func seal(_ hash: UInt64, kind: IndexKey.Kind) -> UInt64 {
        // A final avalanche so short keys spread over the table; the kind makes "prefix ab"
        // and "suffix ab" different keys.
        Hashing.murmurFinalize(hash ^ (UInt64(kind.rawValue) << 56))
    }

    /// Folds one full 8-byte word of a sequence into the running state. A multiply and a
    /// rotate: the seal avalanches later, so this only has to lose no information.
    @inline(__always)
    static func absorb(_ state: UInt64, _ word: UInt64) -> UInt64 {
        Hashing.absorbWord(state, word)
    }

    /// The unsealed hash of a sequence of `length` bytes: `state` has absorbed its full words,
    /// `tail` holds the remaining `length % 8` bytes (zero-padded).
    @inline(__always)
    static func finish(_ state: UInt64, tail: UInt64, length: Int) -> UInt64 {
        state ^ (tail &* 0xD6E8_FEB8_6659_FD93) ^ UInt64(truncatingIfNeeded: length)
    }

    /// `count` (1...8) bytes of `bytes` packed little-endian as `family` reads them: forward
    /// from `start`, or (`reversed`) backward from `start` bytes before the end, so byte j is
    /// `bytes[bytes.count - 1 - start - j]`. One whole-word load for buffers of 8+ bytes.
    @inline(__always)
    static func chunk(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, reversed: Bool, _ family: ByteReading
    ) -> UInt64 {
        let total = bytes.count
        precondition(count >= 1 && count <= 8 && start >= 0 && start + count <= total)
        var word: UInt64
        if total >= 8 {
            // The word at the position, or else the buffer's outermost word shifted so the
            // wanted bytes come first.
            let base = UnsafeRawPointer(bytes.baseAddress!)
            if reversed {
                let end = total - start
                word = UInt64(littleEndian: (base + max(0, end - 8)).loadUnaligned(as: UInt64.self)).byteSwapped
                if end < 8 { word >>= UInt64(8 * (8 - end)) }
            } else {
                word = UInt64(littleEndian: (base + min(start, total - 8)).loadUnaligned(as: UInt64.self))
                if start + 8 > total { word >>= UInt64(8 * (start + 8 - total)) }
            }
        } else {
            word = chunkNearEdge(bytes, from: start, count: count, reversed: reversed)
        }
        if count < 8 { word &= (1 << UInt64(8 * count)) &- 1 }
        return family == .lowercase ? lowercasedASCII(word) : word
    }

    /// ``chunk(_:from:count:reversed:_:)`` for buffers shorter than a word: byte by byte,
    /// kept out of line so the common path stays small.
    @inline(never)
    private static func chunkNearEdge(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, reversed: Bool
    ) -> UInt64 {
        var word: UInt64 = 0
        for index in 0..<count {
            let byte = reversed ? bytes[bytes.count - 1 - start - index] : bytes[start + index]
            word |= UInt64(byte) << UInt64(8 * index)
        }
        return word
    }

    /// The sealed hash of the `length` bytes at `start` (forward) or ending `start` bytes
    /// before the end (`reversed`, read back to front), as `family` reads them.
    @inline(__always)
    static func hash(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, length: Int, reversed: Bool = false,
        reading family: ByteReading, kind: IndexKey.Kind
    ) -> UInt64 {
        var state = offsetBasis
        var absorbed = 0
        while absorbed + 8 <= length {
            state = absorb(state, chunk(bytes, from: start + absorbed, count: 8, reversed: reversed, family))
            absorbed += 8
        }
        let tail =
            length > absorbed
            ? chunk(bytes, from: start + absorbed, count: length - absorbed, reversed: reversed, family) : 0
        return seal(finish(state, tail: tail, length: length), kind: kind)
    }

    /// The hash a prefix (`kind` .prefix) or suffix (.suffix) key of the first (last) `length`
    /// bytes of `bytes` would be stored under, `bytes` read as `family` reads them, lengths
    /// asked in ascending order: `state` carries the full words absorbed so far (`absorbed`
    /// bytes, 0 and the offset basis at first), so all lengths together read each word once.
    @inline(__always)
    static func anchoredHash(
        _ bytes: UnsafeBufferPointer<UInt8>, length: Int, kind: IndexKey.Kind, reading family: ByteReading,
        state: inout UInt64, absorbed: inout Int
    ) -> UInt64 {
        let count = bytes.count
        let reversed = kind == .suffix
        guard count >= 8, let base = bytes.baseAddress else {
            // Shorter than a word (`length` is at most `count`): no whole word to absorb.
            let tail = length > 0 ? chunk(bytes, from: 0, count: length, reversed: reversed, family) : 0
            return seal(finish(state, tail: tail, length: length), kind: kind)
        }
        // What `chunk` reads, without its checks: with a word or more of bytes (`length` is at
        // most `count`), every word `offset` bytes from the anchored end is in bounds.
        let raw = UnsafeRawPointer(base)
        @inline(__always)
        func word(_ offset: Int) -> UInt64 {
            let word =
                reversed
                ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- offset &- 8, as: UInt64.self))
                    .byteSwapped
                : UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return family == .lowercase ? lowercasedASCII(word) : word
        }
        while absorbed &+ 8 <= length {
            state = absorb(state, word(absorbed))
            absorbed &+= 8
        }
        var tail: UInt64 = 0
        let rest = length &- absorbed
        if rest > 0 {
            // The word at the rest, or the outermost one shifted so that the rest comes first.
            let offset = min(absorbed, count &- 8)
            tail = word(offset) >> UInt64(truncatingIfNeeded: 8 &* (absorbed &- offset))
            tail &= (1 << UInt64(truncatingIfNeeded: 8 &* rest)) &- 1
        }
        return seal(finish(state, tail: tail, length: length), kind: kind)
    }

    /// The hash an exact key of `bytes` would be stored under, `bytes` read as `family` reads
    /// them: what ``anchoredHash(_:length:kind:reading:state:absorbed:)`` gives for the whole
    /// buffer, in a loop of its own per reading, without the partial-word arithmetic that
    /// every route would otherwise pay for; the general
    /// ``hash(_:from:length:reversed:reading:kind:)`` would add offsets and reversal.
    static func exactHash(_ bytes: UnsafeBufferPointer<UInt8>, reading family: ByteReading) -> UInt64 {
        let count = bytes.count
        guard count >= 8, let base = bytes.baseAddress else {
            return hash(bytes, length: count, reading: family, kind: .exact)
        }
        // The same value as `hash`, in a loop with nothing but the words to absorb: the
        // buffer is at least a word long, so every load is in bounds and the bytes left over
        // are the top of the last word.
        let raw = UnsafeRawPointer(base)
        var state = offsetBasis
        var offset = 0
        if family == .lowercase {
            while offset &+ 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                state = absorb(state, lowercasedASCII(word))
                offset &+= 8
            }
        } else {
            while offset &+ 8 <= count {
                state = absorb(state, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset &+= 8
            }
        }
        var tail: UInt64 = 0
        if offset < count {
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            tail = last >> UInt64(truncatingIfNeeded: 8 &* (8 &- (count &- offset)))
            if family == .lowercase { tail = lowercasedASCII(tail) }
        }
        return seal(finish(state, tail: tail, length: count), kind: .exact)
    }

    /// The hash a key is stored under: its bytes (already in the family's folded form) as
    /// probes read them, suffix keys back to front.
    static func hash(of key: IndexKey) -> UInt64 {
        key.bytes.withUnsafeBufferPointer { bytes in
            hash(bytes, length: bytes.count, reversed: key.kind == .suffix, reading: .raw, kind: key.kind)
        }
    }

    /// `width` (4 or 8) bytes packed little-endian: an inner-literal gram. One unaligned word
    /// load, lowercased eight bytes at once for the lowercase family (the bytes are ASCII).
    @inline(__always)
    static func gram(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int, _ family: ByteReading) -> UInt64 {
        precondition(offset >= 0 && offset + width <= bytes.count && (width == 4 || width == 8))
        let base = UnsafeRawPointer(bytes.baseAddress!) + offset
        let word = width == 8 ? base.loadUnaligned(as: UInt64.self) : UInt64(base.loadUnaligned(as: UInt32.self))
        let packed = UInt64(littleEndian: word)
        return family == .lowercase ? lowercasedASCII(packed) : packed
    }

    /// The first two bytes of the gram at `offset` as ``gram(_:at:width:_:)`` reads them
    /// (``GramLeads/lead(of:)``): what decides whether that gram is worth hashing.
    @inline(__always)
    static func gramLead(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ family: ByteReading) -> UInt16 {
        let pair = UInt64(
            UInt16(littleEndian: (UnsafeRawPointer(bytes.baseAddress!) + offset).loadUnaligned(as: UInt16.self)))
        return UInt16(truncatingIfNeeded: family == .lowercase ? lowercasedASCII(pair) : pair)
    }

    /// Each byte of `word` (all below 0x80) with A–Z lowercased.
    @inline(__always)
    static func lowercasedASCII(_ word: UInt64) -> UInt64 { ASCIIText.lowercasedWord(word) }
}
