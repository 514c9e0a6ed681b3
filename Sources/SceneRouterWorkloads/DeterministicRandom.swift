import SceneRouting

/// SplitMix64: a small, fast generator whose sequence depends only on the seed, so a
/// workload can be regenerated anywhere from its seed.
public struct DeterministicRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= Hashing.golden
        return Hashing.splitMix(state)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    /// True with `percent` percent probability.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
