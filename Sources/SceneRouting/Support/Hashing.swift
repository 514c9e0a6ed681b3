/// The hash functions of the package, in one place: each is a well-known construction, named
/// after it, so a reader need not recognise its constants.
package enum Hashing {
    /// 2⁶⁴ divided by the golden ratio: Fibonacci hashing's multiplier (its high bits spread
    /// consecutive inputs over a table) and SplitMix64's increment.
    package static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// FNV-1a's starting state.
    package static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// One step of FNV-1a: absorbs `value` (a byte, or any marker) into `hash`. Stable across
    /// runs and processes, unlike `Hasher`.
    @inline(__always)
    package static func fnv1a(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        (hash ^ value) &* 0x100_0000_01b3
    }

    /// FNV-1a over `bytes`.
    package static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        bytes.reduce(fnvOffsetBasis) { fnv1a($0, UInt64($1)) }
    }

    /// Folds one 8-byte word into a running state: a multiply by ``golden`` and a rotate. It
    /// loses no information; a finaliser (``murmurFinalize(_:)``) must avalanche after.
    @inline(__always)
    package static func absorbWord(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let product = (state ^ word) &* golden
        return product << 29 | product >> 35
    }

    /// MurmurHash3's 64-bit finaliser: every output bit depends on every input bit.
    @inline(__always)
    package static func murmurFinalize(_ value: UInt64) -> UInt64 {
        var value = (value ^ (value >> 33)) &* 0xff51_afd7_ed55_8ccd
        value = (value ^ (value >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return value ^ (value >> 33)
    }

    /// SplitMix64's output function: a bijective avalanche of one word.
    @inline(__always)
    package static func splitMix(_ value: UInt64) -> UInt64 {
        var value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
