#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level string operations for ASCII text, where CFString's case folding is ASCII
/// lowercasing and canonical equivalence is identity. They never allocate.
enum ASCIIText {
    @inline(__always)
    static func lowercase(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether every byte is below 0x80, eight bytes at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { classify(bytes).isASCII }

    /// Whether `text`'s UTF-8 is all below 0x80, eight bytes at a time (a string's UTF-8
    /// view is read a byte per step).
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isASCII($0) }
    }

    /// Whether every byte is below 0x80 and, if so, whether one is an upper-case letter (A–Z):
    /// one pass, eight bytes at a time, for a route that needs both (without upper case, an
    /// identifier reads the same raw and lowercased, so one probe serves both readings).
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, hasUppercase: Bool) {
        guard let base = bytes.baseAddress else { return (true, false) }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        // Both accumulate unmasked: masking the lanes' top bits once at the end gives the
        // same bits as masking every word, two operations fewer per word.
        var high: UInt64 = 0
        var upper: UInt64 = 0
        @inline(__always)
        func absorb(_ word: UInt64) {
            high |= word
            upper |= uppercaseLaneSums(word)
        }
        if count >= 8 {
            var index = 0
            while index + 8 <= count {
                absorb(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
            // The last bytes as one word ending at the end, overlapping bytes already seen.
            if index < count {
                absorb(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)))
            }
        } else if count >= 4 {
            // Two four-byte words, overlapping when there are fewer than eight bytes.
            let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            absorb(first | last << 32)
        } else {
            var word: UInt64 = 0
            for index in 0..<count { word |= UInt64(base[index]) << UInt64(8 * index) }
            absorb(word)
        }
        // Upper-case lanes are meaningful only where every byte is ASCII (the lane arithmetic
        // carries out of a byte of 0xC1 or more).
        return high & laneTops == 0 ? (true, upper & laneTops != 0) : (false, false)
    }

    /// 0x80 in each byte lane of `word` (all below 0x80) that holds A–Z: `b + 0x3F` has its
    /// top bit set from 'A' (0x41) up and `b + 0x25` from '[' (0x5B) up, without carries
    /// between bytes; where exactly one is set the byte is upper case.
    @inline(__always)
    static func uppercaseLanes(_ word: UInt64) -> UInt64 { uppercaseLaneSums(word) & laneTops }

    /// ``uppercaseLanes(_:)`` before its mask: only each lane's top bit means anything.
    @inline(__always)
    private static func uppercaseLaneSums(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return (word &+ ones &* 0x3F) ^ (word &+ ones &* 0x25)
    }

    /// The top bit of each byte lane.
    @inline(__always)
    private static var laneTops: UInt64 { 0x8080_8080_8080_8080 }

    /// Each byte of `word` with A–Z lowercased, whatever the other bytes hold (bytes of 0x80
    /// and above, such as UTF-8 sequences, are left as they are).
    @inline(__always)
    static func lowercasedASCIIBytes(_ word: UInt64) -> UInt64 {
        word | ((uppercaseLanes(word & 0x7F7F_7F7F_7F7F_7F7F) & ~word) >> 2)
    }

    /// Each byte of `word` (all below 0x80) with A–Z lowercased: upper-case lanes get 0x20.
    @inline(__always)
    static func lowercasedWord(_ word: UInt64) -> UInt64 {
        word | (uppercaseLanes(word) >> 2)
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Bool {
        guard a.count == b.count else { return false }
        return matchesAt(a, 0, b, caseless: caseless)
    }

    /// Three-way comparison in code-unit order (lowercased first when `caseless`).
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Int {
        let shared = min(a.count, b.count)
        var index = 0
        while index < shared {
            let x = caseless ? lowercase(a[index]) : a[index]
            let y = caseless ? lowercase(b[index]) : b[index]
            if x != y { return x < y ? -1 : 1 }
            index += 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Whether `needle` occurs in `haystack` at `offset`. `needle` is already folded.
    @inline(__always)
    static func matchesAt(
        _ haystack: UnsafeBufferPointer<UInt8>, _ offset: Int, _ needle: UnsafeBufferPointer<UInt8>, caseless: Bool
    ) -> Bool {
        guard offset >= 0, offset + needle.count <= haystack.count else { return false }
        if !caseless {
            guard needle.count > 0 else { return true }
            return memcmp(haystack.baseAddress! + offset, needle.baseAddress!, needle.count) == 0
        }
        var index = 0
        while index < needle.count {
            if lowercase(haystack[offset + index]) != needle[index] { return false }
            index += 1
        }
        return true
    }

    static func hasPrefix(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, caseless: Bool)
        -> Bool
    {
        !needle.isEmpty && matchesAt(haystack, 0, needle, caseless: caseless)
    }

    static func hasSuffix(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, caseless: Bool)
        -> Bool
    {
        !needle.isEmpty && matchesAt(haystack, haystack.count - needle.count, needle, caseless: caseless)
    }

    /// Where `needle` (already folded) first occurs in `haystack`; an empty needle at 0.
    static func firstIndex(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, caseless: Bool
    ) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= haystack.count else { return nil }
        var offset = 0
        while offset <= haystack.count - needle.count {
            if matchesAt(haystack, offset, needle, caseless: caseless) { return offset }
            offset += 1
        }
        return nil
    }

    /// Substring search; an empty needle is never found (as `rangeOfString:`).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, caseless: Bool)
        -> Bool
    {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        if !caseless {
            // memchr finds candidates for the first byte at memory speed; memcmp confirms.
            let base = haystack.baseAddress!
            let first = Int32(needle[0])
            var offset = 0
            let last = haystack.count - needle.count
            while offset <= last {
                guard let hit = memchr(base + offset, first, last - offset + 1) else { return false }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + position, needle.baseAddress!, needle.count) == 0 { return true }
                offset = position + 1
            }
            return false
        }
        let first = needle[0]
        let last = haystack.count - needle.count
        var offset = 0
        while offset <= last {
            if lowercase(haystack[offset]) == first, matchesAt(haystack, offset, needle, caseless: true) { return true }
            offset += 1
        }
        return false
    }
}
