/// A PCRE2 pattern produced from another notation (LIKE, ICU regex), remembering for every
/// output byte which input byte produced it, so PCRE2's error offsets can be reported in
/// the user's own text.
struct TranslatedPattern {
    private(set) var bytes: [UInt8] = []
    private(set) var inputOffsets: [Int] = []
    /// Whether a back reference is compared under `(?i)`: ICU compares it by full case
    /// folding (`(?i)(ß)\\1` matches `ßss`), PCRE2 by simple folding.
    var hasCaselessBackReference = false

    var pattern: String { String(decoding: bytes, as: UTF8.self) }

    mutating func emit(_ text: String, from inputOffset: Int) {
        for byte in text.utf8 {
            bytes.append(byte)
            inputOffsets.append(inputOffset)
        }
    }

    mutating func emit<Bytes: Sequence<UInt8>>(bytes text: Bytes, from inputOffset: Int) {
        for byte in text {
            bytes.append(byte)
            inputOffsets.append(inputOffset)
        }
    }

    mutating func append(_ other: TranslatedPattern) {
        bytes += other.bytes
        inputOffsets += other.inputOffsets
        hasCaselessBackReference = hasCaselessBackReference || other.hasCaselessBackReference
    }

    /// The input offset for an output offset (the end maps past the last input byte).
    func inputOffset(forOutputOffset offset: Int, inputLength: Int) -> Int {
        offset < inputOffsets.count ? inputOffsets[max(0, offset)] : inputLength
    }
}

/// A translation that cannot be done, at an input offset.
struct PatternTranslationError: Error {
    var message: String
    var offset: Int
    var length: Int = 1
}
