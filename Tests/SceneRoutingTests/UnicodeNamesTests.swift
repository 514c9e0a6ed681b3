import Testing

@testable import SceneRouting

/// `\N{NAME}` resolves every named scalar, by its name and by its alias, whichever way the
/// name is looked up (table, `PREFIX-HEX`, Hangul).
@Suite struct UnicodeNamesTests {
    private static func isListed(_ value: UInt32) -> Bool {
        UnicodeNames.listedRanges.contains { $0.contains(value) }
    }

    /// Outside the table's ranges every name is read from the code point: `PREFIX-HEX` with
    /// the scalar's own value, or a Hangul syllable.
    @Test func scalarsOutsideTheTableHaveNamesReadFromTheirCodePoint() {
        var unexpected: [String] = []
        for value in UInt32(0)...0x10FFFF where !Self.isListed(value) && !UnicodeNames.hangulSyllables.contains(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.properties.nameAlias != nil { unexpected.append("U+\(String(value, radix: 16)) has an alias") }
            guard let name = scalar.properties.name else { continue }
            if !name.hasSuffix("-" + String(value, radix: 16, uppercase: true)), unexpected.count < 10 {
                unexpected.append("U+\(String(value, radix: 16)) \(name)")
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected)")
    }

    @Test func everyListedNameAndAliasIsFound() {
        var missing: [String] = []
        for range in UnicodeNames.listedRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for name in [scalar.properties.name, scalar.properties.nameAlias].compactMap({ $0 }) {
                    let found = UnicodeNames.scalar(named: name)
                    if found?.properties.name != name && found?.properties.nameAlias != name, missing.count < 10 {
                        missing.append("U+\(String(value, radix: 16)) \(name)")
                    }
                }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test func namesAreMatchedCaseInsensitivelyAndUnknownNamesAreNil() {
        #expect(UnicodeNames.scalar(named: "latin small letter e with  acute") == "é")
        #expect(UnicodeNames.scalar(named: "hangul syllable gag") == "\u{AC01}")
        #expect(UnicodeNames.scalar(named: "HANGUL SYLLABLE HIH") == "\u{D7A3}")
        #expect(UnicodeNames.scalar(named: "CJK UNIFIED IDEOGRAPH-4E00") == "\u{4E00}")
        #expect(UnicodeNames.scalar(named: "CJK UNIFIED IDEOGRAPH-20000") == "\u{20000}")
        #expect(UnicodeNames.scalar(named: "HEXAGRAM FOR THE CREATIVE HEAVEN") == "\u{4DC0}")
        #expect(UnicodeNames.scalar(named: "U+1F600") == "\u{1F600}")
        #expect(UnicodeNames.scalar(named: "NO SUCH CHARACTER") == nil)
        #expect(UnicodeNames.scalar(named: "CJK UNIFIED IDEOGRAPH-0041") == nil)
    }
}
