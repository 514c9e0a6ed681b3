import Testing

@testable import SceneRouting

/// The word-at-a-time gram reading must equal byte-by-byte reading, or the index would miss
/// keys that occur in an identifier.
@Suite struct KeyHashingTests {
    @Test func wordLowercasingMatchesBytewiseForEveryASCIIByteInEveryLane() {
        for byte in UInt8(0)..<0x80 {
            for lane in 0..<8 {
                // The byte in one lane, a different neighbour elsewhere, so carries would show.
                var bytes = [UInt8](repeating: UInt8(ascii: "Z"), count: 8)
                bytes[lane] = byte
                let expected = bytes.map(ASCIIText.lowercase)
                let word = bytes.withUnsafeBufferPointer { KeyHashing.gram($0, at: 0, width: 8, .lowercase) }
                let unpacked = (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) }
                #expect(unpacked == expected, "byte \(byte) in lane \(lane)")
            }
        }
    }

    /// Both scans read whole words (or vectors, from 16 bytes), the last one overlapping the
    /// one before: a byte at any position of any length must count.
    @Test func uppercaseAndNonASCIIScansSeeEveryPosition() {
        for length in 0...40 {
            let plain = [UInt8](repeating: UInt8(ascii: "q"), count: length)
            plain.withUnsafeBufferPointer {
                #expect(ASCIIText.classify($0) == (true, false), "length \(length)")
                #expect(ASCIIText.isASCII($0), "length \(length)")
            }
            for position in 0..<length {
                for (byte, uppercase) in [
                    (UInt8(ascii: "A"), true), (UInt8(ascii: "Z"), true), (UInt8(ascii: "@"), false),
                    (UInt8(ascii: "["), false),
                ] {
                    var bytes = plain
                    bytes[position] = byte
                    bytes.withUnsafeBufferPointer {
                        #expect(ASCIIText.classify($0) == (true, uppercase), "\(byte) at \(position) of \(length)")
                    }
                }
                for byte: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    if length > 1 { bytes[(position + 1) % length] = UInt8(ascii: "A") }
                    bytes[position] = byte
                    bytes.withUnsafeBufferPointer {
                        #expect(!ASCIIText.isASCII($0), "\(byte) at \(position) of \(length)")
                        // Upper case elsewhere does not make a non-ASCII identifier count as having it.
                        #expect(ASCIIText.classify($0) == (false, false), "\(byte) at \(position) of \(length)")
                    }
                }
            }
        }
    }

    /// Every byte value, wherever it sits, classifies as a byte-by-byte reading does.
    @Test func classifyAgreesWithReadingByteByByte() {
        for length in [1, 7, 8, 15, 16, 17, 31, 32, 33] {
            for position in Set([0, length / 2, length - 1]) {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = byte
                    let expected = (isASCII: byte < 0x80, hasUppercase: (0x41...0x5A).contains(byte))
                    bytes.withUnsafeBufferPointer {
                        #expect(ASCIIText.classify($0) == expected, "\(byte) at \(position) of \(length)")
                    }
                }
            }
        }
    }

    @Test func gramsReadTheBytesAtTheirOffset() {
        let text = Array("Report-2026.PDF".utf8)
        text.withUnsafeBufferPointer { bytes in
            for width in [4, 8] {
                for offset in 0...(bytes.count - width) {
                    for family in ByteReading.allCases {
                        let gram = KeyHashing.gram(bytes, at: offset, width: width, family)
                        let expected = (0..<width).reduce(UInt64(0)) { packed, index in
                            packed | UInt64(KeyHashing.read(bytes[offset + index], family)) << UInt64(8 * index)
                        }
                        #expect(gram == expected, "width \(width) offset \(offset) \(family)")
                    }
                }
            }
        }
    }

    /// An identifier is looked up for exact keys by a hash of its own, which must be the hash
    /// the key was filed under, at every length and in both readings.
    @Test func anIdentifierHashesAsTheExactKeyWithItsBytes() {
        let text = Array("Com.Example.App/Window-7a3F.pdf?Q=1&r=ZZ".utf8)
        for length in 0...text.count {
            let identifier = Array(text.prefix(length))
            for family in ByteReading.allCases {
                let filed = IndexKey(
                    kind: .exact, family: .caseSensitive, bytes: identifier.map { KeyHashing.read($0, family) })
                let probed = identifier.withUnsafeBufferPointer { KeyHashing.exactHash($0, reading: family) }
                #expect(probed == KeyHashing.hash(of: filed), "length \(length) \(family)")
            }
        }
    }

    /// Prefix and suffix lookups hash every length in use from one pass; each must be the
    /// hash of the key with those bytes, whether the identifier is shorter than a word or not.
    @Test func prefixesAndSuffixesHashAsTheirKeys() {
        let text = Array("Sms:Group-7;Open/Report-2026.PDF".utf8)
        for count in 1...text.count {
            let identifier = Array(text.prefix(count))
            for kind in [IndexKey.Kind.prefix, .suffix] {
                for family in ByteReading.allCases {
                    var (state, absorbed) = (KeyHashing.offsetBasis, 0)
                    for length in 1...count {
                        let bytes = kind == .prefix ? identifier.prefix(length) : identifier.suffix(length)
                        let filed = IndexKey(
                            kind: kind, family: .caseSensitive, bytes: bytes.map { KeyHashing.read($0, family) })
                        let probed = identifier.withUnsafeBufferPointer {
                            KeyHashing.anchoredHash(
                                $0, length: length, kind: kind, reading: family, state: &state, absorbed: &absorbed)
                        }
                        #expect(probed == KeyHashing.hash(of: filed), "\(kind) \(length) of \(count) \(family)")
                    }
                }
            }
        }
    }
}
