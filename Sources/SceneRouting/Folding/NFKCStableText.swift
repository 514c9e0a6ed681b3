/// Whether UTF-8 text is certainly unchanged by NFKC normalisation, decided from its scalars
/// alone: every one is ASCII or in a range whose characters have no decomposition of either
/// kind other than canonical ones they recompose to, and which no neighbour composes with
/// (Latin-1 letters, Greek and Cyrillic letters, kana, CJK ideographs, Hangul syllables, the
/// pictographs and emoticons). Marks, jamo, voicing marks and compatibility characters are
/// outside every range, so text holding one is left to Foundation to normalise.
enum NFKCStableText {
    /// True only if normalising `bytes` (valid UTF-8) to NFKC leaves them as they are.
    static func isStable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let (value, length) = UTF8Scalar.decode(bytes, at: index)
            guard value < 0x80 || isStable(value) else { return false }
            index += length
        }
        return true
    }

    private static func isStable(_ value: UInt32) -> Bool {
        switch value {
        case 0xC0...0xFF, // Latin-1 letters (and × ÷)
            0x391...0x3A1, 0x3A3...0x3A9, 0x3B1...0x3C9, // basic Greek letters
            0x400...0x45F, // Cyrillic letters
            0x3041...0x3096, 0x30A1...0x30FA, // kana, without the voicing marks
            0x4E00...0x9FFF, // CJK unified ideographs
            0xAC00...0xD7A3, // Hangul syllables
            0x1F300...0x1F64F: // pictographs, emoticons
            return true
        default:
            return false
        }
    }
}
