import Testing

@testable import SceneRouting

/// The literal index's and the intern table's hash buckets: every filed group is found under
/// its key across growth, removal and capacities that are not powers of two; a lone group
/// keeps its tag; keys that share their stored half only share a bucket (callers verify).
@Suite struct GroupBucketsTests {
    private static func key(_ index: Int) -> UInt64 { Hashing.splitMix(UInt64(index)) }

    private static func groups(under key: UInt64, in buckets: GroupBuckets) -> [Int32: UInt32] {
        var found: [Int32: UInt32] = [:]
        buckets.forEachTagged(at: key) { group, tag in found[group] = tag }
        return found
    }

    @Test(arguments: [0, 1_000, 12_345])
    func findsEveryGroupAcrossGrowthAndRemoval(reserved: Int) {
        let buckets = GroupBuckets(tagged: true)
        buckets.reserveCapacity(reserved)
        let count = 20_000
        for index in 0..<count { buckets.insert(Int32(index), at: Self.key(index), tag: UInt32(index + 1)) }
        // A second group under every tenth key moves it to a shared bucket, untagged.
        for index in stride(from: 0, to: count, by: 10) { buckets.insert(Int32(count + index), at: Self.key(index)) }
        #expect(buckets.count == count)
        for index in 0..<count {
            let expected: [Int32: UInt32] =
                index % 10 == 0 ? [Int32(index): 0, Int32(count + index): 0] : [Int32(index): UInt32(index + 1)]
            #expect(Self.groups(under: Self.key(index), in: buckets) == expected, "key \(index)")
            #expect(buckets.load(at: Self.key(index)) == expected.count)
        }
        #expect(Self.groups(under: Self.key(count), in: buckets).isEmpty)
        for index in stride(from: 1, to: count, by: 2) { buckets.remove(Int32(index), at: Self.key(index)) }
        for index in 0..<count where index % 2 == 1 {
            #expect(Self.groups(under: Self.key(index), in: buckets).isEmpty, "removed key \(index)")
        }
        for index in stride(from: 0, to: count, by: 2) {
            buckets.remove(Int32(count + index), at: Self.key(index))
            #expect(
                Self.groups(under: Self.key(index), in: buckets) == [
                    Int32(index): index % 10 == 0 ? 0 : UInt32(index + 1)
                ])
        }
    }

    @Test func keysSharingTheirStoredHalfShareABucket() {
        let buckets = GroupBuckets()
        let high: UInt64 = 0xDEAD_BEEF << 32
        buckets.insert(1, at: high | 7)
        buckets.insert(2, at: high | 9)
        #expect(Self.groups(under: high | 7, in: buckets) == [1: 0, 2: 0])
        #expect(Self.groups(under: high | 9, in: buckets) == [1: 0, 2: 0])
        // Half 0 marks an empty entry: a key with that half is stored as half 1, beside its
        // bucket-mates.
        buckets.insert(3, at: 5)
        buckets.insert(4, at: 1 << 32)
        #expect(Self.groups(under: 5, in: buckets) == [3: 0, 4: 0])
        buckets.remove(3, at: 5)
        #expect(Self.groups(under: 1 << 32, in: buckets) == [4: 0])
    }

    /// Removal moves later entries back instead of marking the position: under steady churn,
    /// with runs that wrap around the end of the table, every live key stays found and no
    /// removed one is.
    @Test func steadyChurnKeepsEveryKeyFound() {
        let buckets = GroupBuckets(tagged: true)
        var random = SystemRandomNumberGenerator()
        var live: [UInt64: Int32] = [:]
        // Keys whose halves are near the top and bottom of the range crowd the last and first
        // positions, so runs wrap.
        let keys: [UInt64] = (0..<300).map { index in
            let half: UInt64 = index % 2 == 0 ? UInt64(UInt32.max) - UInt64(index) : UInt64(index + 2)
            return half << 32 | UInt64(index)
        }
        for step in 0..<40_000 {
            let key = keys.randomElement(using: &random)!
            if let group = live[key] {
                buckets.remove(group, at: key)
                live[key] = nil
            } else {
                buckets.insert(Int32(step), at: key, tag: UInt32(step))
                live[key] = Int32(step)
            }
            if step % 997 == 0 || step == 39_999 {
                #expect(buckets.count == live.count)
                for key in keys {
                    let expected = live[key].map { [$0: UInt32($0)] } ?? [:]
                    #expect(Self.groups(under: key, in: buckets) == expected, "step \(step)")
                }
            }
        }
    }
}
