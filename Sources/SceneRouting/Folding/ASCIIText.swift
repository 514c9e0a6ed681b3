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
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        // The last bytes as one word ending at the end, overlapping bytes already seen.
        if index < count && count >= 8 {
            return raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        }
        while index < count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
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

    static func hasPrefix(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Bool {
        !needle.isEmpty && matchesAt(haystack, 0, needle, caseless: caseless)
    }

    static func hasSuffix(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Bool {
        !needle.isEmpty && matchesAt(haystack, haystack.count - needle.count, needle, caseless: caseless)
    }

    /// Where `needle` (already folded) first occurs in `haystack`; an empty needle at 0.
    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Int? {
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
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Bool {
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
