#if !Hyperscan
/// Built without the `Hyperscan` package trait: no pattern set is ever compiled, and crowded
/// buckets of regexes are verified one by one. These stand in for HyperscanSupport's types
/// so that the table's code reads the same either way.
final class PatternSetDatabase: Sendable {
    static let isSupported = false
    static let capacity = 512

    init(expressions: [String]) throws(PatternSetCompileError) {
        throw PatternSetCompileError(expression: -1, message: "built without the Hyperscan trait")
    }

    func scan(_ subject: UnsafeBufferPointer<UInt8>) -> PatternSetMatches? { nil }

    var approximateBytes: Int { 0 }
}

struct PatternSetCompileError: Error {
    let expression: Int
    let message: String
}

struct PatternSetMatches: Sequence, IteratorProtocol {
    mutating func next() -> Int? { nil }
}
#endif
