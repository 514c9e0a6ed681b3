import Testing

@testable import SceneRouting

/// The one owning buffer type: what it holds survives growth and hand-over between owners,
/// large buffers are aligned to huge pages, and an index out of range stops a debug build.
@Suite struct OwnedBufferTests {
    @Test func zeroedBuffersReadZeroAndGrowingKeepsTheValues() {
        for capacity in [0, 1, 100, (2 << 20) / 8 + 1] {
            var buffer = OwnedBuffer<UInt64>(zeroedCapacity: capacity)
            #expect(buffer.elements.allSatisfy { $0 == 0 })
            for index in 0..<capacity { buffer[index] = UInt64(index) * 3 }
            buffer.grow(keeping: capacity, to: capacity * 2 + 1)
            #expect(buffer.capacity == capacity * 2 + 1)
            #expect((0..<capacity).allSatisfy { buffer[$0] == UInt64($0) * 3 })
        }
    }

    @Test func largeBuffersSitOnHugePageBoundariesAndAlignmentIsHonoured() {
        let large = OwnedBuffer<UInt8>(uninitializedCapacity: LargeAllocation.hugePageBytes)
        #expect(UInt(bitPattern: large.base) % UInt(LargeAllocation.hugePageBytes) == 0)
        let aligned = OwnedBuffer<UInt8>(repeating: 7, capacity: 3, alignment: 128)
        #expect(UInt(bitPattern: aligned.base) % 128 == 0)
        #expect(aligned.elements.elementsEqual([7, 7, 7]))
    }

    @Test func aRelinquishedBufferIsAdoptedWithItsValues() {
        let buffer = OwnedBuffer<UInt8>(copying: [1, 2, 3])
        let address = buffer.relinquish()
        let adopted = OwnedBuffer<UInt8>(adopting: address, capacity: 3)
        #expect(adopted.elements.elementsEqual([1, 2, 3]))
    }

    #if DEBUG
    @Test func anIndexOutOfRangeStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let buffer = OwnedBuffer<UInt8>(zeroedCapacity: 4)
            _ = buffer[4]
        }
    }
    #endif
}
