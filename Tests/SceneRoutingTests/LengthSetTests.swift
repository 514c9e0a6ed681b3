import Testing

@testable import SceneRouting

/// Probes walk a tier's key lengths from this set: a length must stay while any key has it,
/// and go with the last one, on both sides of the 64-byte mask.
@Suite struct LengthSetTests {
    @Test func aLengthStaysUntilItsLastKeyGoes() {
        var set = LengthSet()
        #expect(set.isEmpty)
        for length in [1, 8, 8, 64, 65, 300, 65] { set.insert(length) }
        let lengths1and8and64: UInt64 = 1 | 1 << 7 | 1 << 63
        #expect(set.mask == lengths1and8and64)
        #expect(set.long == [65, 300])
        #expect(set.distinctCount == 5)
        set.remove(8)
        set.remove(65)
        #expect(set.mask == lengths1and8and64)
        #expect(set.long == [65, 300])
        set.remove(8)
        set.remove(65)
        set.remove(64)
        #expect(set.mask == 1)
        #expect(set.long == [300])
        // Lengths no key has are ignored.
        set.remove(8)
        set.remove(9)
        set.remove(1_000)
        #expect(set.mask == 1)
        set.remove(1)
        set.remove(300)
        #expect(set.isEmpty)
        set.insert(64)
        #expect(set.mask == UInt64(1) << 63 && set.long.isEmpty)
    }
}
