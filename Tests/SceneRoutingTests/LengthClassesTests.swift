import Testing

@testable import SceneRouting

/// A probe hashes a prefix (suffix) length only when the identifier's byte at that length's
/// far end is one some key of that length has there: the filter may admit lengths that
/// miss, never drop one that could hit, and must forget a far byte only with its last key.
@Suite struct LengthClassesTests {
    private static func bit(_ length: Int) -> UInt64 { 1 << UInt64(length - 1) }

    private static func admitted(
        _ classes: LengthClasses, _ lengths: [Int], in identifier: String, reversed: Bool = false,
        _ family: ByteReading = .raw
    ) -> [Int] {
        let mask = lengths.reduce(UInt64(0)) { $0 | bit($1) }
        let kept = Array(identifier.utf8).withUnsafeBufferPointer {
            classes.lengths(mask, admittedBy: $0, reversed: reversed, family)
        }
        return (1...64).filter { kept & bit($0) != 0 }
    }

    @Test func prefixLengthsAreAdmittedByTheirLastByte() {
        let classes = LengthClasses()
        // `cafe/12/` and `cafe/345/`: lengths 8 and 9, both ending in `/`; `caf`: length 3.
        classes.add(8, far: UInt8(ascii: "/"), to: 1)
        classes.add(9, far: UInt8(ascii: "/"), to: 1)
        classes.add(3, far: UInt8(ascii: "f"), to: 0)
        #expect(Self.admitted(classes, [3, 8, 9], in: "cafe/fenetre-962ea88a9b") == [3])
        #expect(Self.admitted(classes, [3, 8, 9], in: "cafe/12/x") == [3, 8])
        #expect(Self.admitted(classes, [3, 8, 9], in: "cafe/345/x") == [3, 9])
        // Lengths past the identifier are dropped whatever their bytes.
        #expect(Self.admitted(classes, [3, 8, 9], in: "cafe/12") == [3])
        #expect(Self.admitted(classes, [3, 8, 9], in: "ca") == [])
    }

    @Test func suffixLengthsAreAdmittedByTheirFirstByte() {
        let classes = LengthClasses()
        // `/anhange/7.pdf`: 14 bytes beginning with `/`.
        classes.add(14, far: UInt8(ascii: "/"), to: 2)
        #expect(Self.admitted(classes, [14], in: "file:///post/anhange/7.pdf", reversed: true) == [14])
        #expect(Self.admitted(classes, [14], in: "file:///post/xanhange/7.pdf", reversed: true) == [])
    }

    @Test func aCaselessReadingLowercasesTheFarByte() {
        let classes = LengthClasses()
        classes.add(4, far: UInt8(ascii: "x"), to: 3)
        #expect(Self.admitted(classes, [4], in: "ABCX-1", .lowercase) == [4])
        #expect(Self.admitted(classes, [4], in: "ABCX-1", .raw) == [])
        #expect(Self.admitted(classes, [4], in: "abcx-1", .raw) == [4])
    }

    @Test func aFarByteIsForgottenWithItsLastKey() {
        let classes = LengthClasses()
        classes.add(8, far: UInt8(ascii: "/"), to: 1)
        classes.add(8, far: UInt8(ascii: "/"), to: 5)
        classes.add(8, far: UInt8(ascii: "-"), to: 1)
        classes.remove(8, far: UInt8(ascii: "/"), from: 1)
        #expect(Self.admitted(classes, [8], in: "cafe/12/x") == [8])
        #expect(classes.lengths(of: 5) & Self.bit(8) != 0)
        classes.remove(8, far: UInt8(ascii: "/"), from: 5)
        #expect(Self.admitted(classes, [8], in: "cafe/12/x") == [])
        #expect(classes.lengths(of: 5) & Self.bit(8) == 0)
        #expect(Self.admitted(classes, [8], in: "cafe-12-x") == [8])
    }

    @Test func anExtentKeepsItsLengthAndFarByte() {
        for (length, far) in [(1, UInt8(0)), (4, UInt8(ascii: "/")), (64, UInt8(0xFF))] {
            let extent = KeyExtent(length: length, far: far)
            #expect(extent.length == length)
            #expect(extent.far == far)
        }
        for length in [0, 3, 65, 70_000, Int(Int32.max)] {
            let extent = KeyExtent(length: length, far: nil)
            #expect(extent.length == length)
            #expect(extent.far == nil)
        }
    }
}
