/// A prefix, suffix or inner key of a small index as a probe compares it directly with the
/// identifier: its first eight bytes and its last eight (the same bytes for a key of eight
/// or fewer), with its length and family (its kind is that of its run in ``FlatKeys``).
///
/// A few dozen such comparisons cost a route fewer instructions than finding the lengths
/// of the identifier's class, hashing its prefix and suffix of each and looking each hash
/// up: most apps have tens of sessions, where those fixed costs were much of a route. An
/// inner key costs a pass over the identifier, as all gram probing together does, so only a
/// few are compared this way. A comparison admits every identifier the key begins, ends or
/// occurs in (and some others, whose bytes between the key's first and last eight differ),
/// so, like any index hit, a group it finds is verified before it can win.
struct FlatKey {
    /// The first `min(8, length)` bytes, little-endian from the low byte, and their mask.
    private let head: UInt64
    private let headMask: UInt64
    /// The last `min(8, length)` bytes, little-endian ending at the high byte, and their mask.
    private let tail: UInt64
    private let tailMask: UInt64
    private let length: Int
    let group: Int32
    let family: KeyFamily

    init(_ key: IndexKey, group: Int32) {
        precondition(!key.bytes.isEmpty, "an empty key is hashed, never compared")
        self.group = group
        length = key.bytes.count
        family = key.family
        let width = min(8, key.bytes.count)
        headMask = width == 8 ? .max : (1 << UInt64(8 * width)) &- 1
        tailMask = width == 8 ? .max : ~((1 << UInt64(8 * (8 - width))) &- 1)
        (head, tail) = key.bytes.withUnsafeBufferPointer { bytes in
            let first = KeyHashing.chunk(bytes, from: 0, count: width, reversed: false, .raw)
            let last = KeyHashing.chunk(bytes, from: bytes.count - width, count: width, reversed: false, .raw)
            return (first, width == 8 ? last : last << UInt64(8 * (8 - width)))
        }
    }

    /// The identifier's outer words in one reading, computed once per probe for every key.
    struct Probe {
        let identifier: UnsafeBufferPointer<UInt8>
        let reading: ByteReading
        /// The first eight bytes (fewer, zero-padded above, for a shorter identifier).
        let head: UInt64
        /// The last eight bytes, ending at the high byte (zero-padded below).
        let tail: UInt64

        @inline(__always)
        init(_ identifier: UnsafeBufferPointer<UInt8>, _ reading: ByteReading) {
            self.identifier = identifier
            self.reading = reading
            let count = identifier.count
            if count >= 8 {
                head = Self.word(identifier, at: 0, reading)
                tail = Self.word(identifier, at: count - 8, reading)
            } else if count > 0 {
                let word = KeyHashing.chunk(identifier, from: 0, count: count, reversed: false, reading)
                head = word
                tail = word << UInt64(8 * (8 - count))
            } else {
                (head, tail) = (0, 0)
            }
        }

        /// The eight bytes at `start` (`start + 8` at most the identifier's length).
        @inline(__always)
        static func word(_ identifier: UnsafeBufferPointer<UInt8>, at start: Int, _ reading: ByteReading) -> UInt64 {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(identifier.baseAddress! + start).loadUnaligned(as: UInt64.self))
            return reading == .lowercase ? KeyHashing.lowercasedASCII(word) : word
        }

        @inline(__always)
        func word(at start: Int) -> UInt64 { Self.word(identifier, at: start, reading) }

        /// The identifier's first byte (`kind` .prefix) or last (.suffix), as read; nil if
        /// it is empty.
        @inline(__always)
        func outerByte(as kind: IndexKey.Kind) -> UInt8? {
            guard !identifier.isEmpty else { return nil }
            return UInt8(truncatingIfNeeded: kind == .prefix ? head : tail >> 56)
        }
    }

    /// The key's first byte (`kind` .prefix) or last (.suffix).
    @inline(__always)
    func outerByte(as kind: IndexKey.Kind) -> UInt8 {
        UInt8(truncatingIfNeeded: kind == .prefix ? head : tail >> 56)
    }

    /// Whether the key, of `kind`, may begin, end or occur in the probe's identifier as that
    /// kind requires, read as the probe reads it (the key's bytes are already folded for its
    /// family).
    @inline(__always)
    func admits(_ probe: Probe, as kind: IndexKey.Kind) -> Bool {
        let count = probe.identifier.count
        guard count >= length else { return false }
        switch kind {
        case .prefix:
            return (probe.head ^ head) & headMask == 0 && (length <= 8 || probe.word(at: length - 8) == tail)
        case .suffix:
            return (probe.tail ^ tail) & tailMask == 0 && (length <= 8 || probe.word(at: count - length) == head)
        case .inner:
            return Self.occurs(head: head, tail: tail, length: length, in: probe.identifier, probe.reading)
        case .exact: preconditionFailure("exact keys are hashed")
        }
    }

    /// Whether a key of `length` bytes whose first and last eight are `head` and `tail`
    /// occurs in `identifier`: eight positions at a time, the ones holding the key's first
    /// byte found with word arithmetic, then the words there compared. Out of line, with
    /// plain arguments, so that the loop over keys keeps each key and the probe in registers.
    @inline(never)
    private static func occurs(
        head: UInt64, tail: UInt64, length: Int, in identifier: UnsafeBufferPointer<UInt8>, _ reading: ByteReading
    ) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let firsts = UInt64(UInt8(truncatingIfNeeded: head)) &* ones
        let width = min(8, length)
        let last = identifier.count - length
        var block = 0
        while block <= last {
            let lanes = min(8, last - block + 1)
            let bytes = KeyHashing.chunk(identifier, from: block, count: lanes, reversed: false, reading)
            // A lane is 0 where the byte is the key's first; 0x80 marks it (and, past a
            // marked lane, possibly others, which the comparison below rejects).
            let differences = bytes ^ firsts
            var candidates = (differences &- ones) & ~differences & (ones &* 0x80)
            if lanes < 8 { candidates &= (1 << UInt64(8 * lanes)) &- 1 }
            while candidates != 0 {
                let start = block + candidates.trailingZeroBitCount / 8
                if KeyHashing.chunk(identifier, from: start, count: width, reversed: false, reading) == head,
                    length <= 8 || Probe.word(identifier, at: start + length - 8, reading) == tail
                {
                    return true
                }
                candidates &= candidates &- 1
            }
            block += 8
        }
        return false
    }
}
