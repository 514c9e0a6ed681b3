/// `SELF IN {…}`: membership by `isEqual:`, i.e. exact code units; options are ignored
/// (Apple's NSInPredicateOperator uses `-containsObject:` for collections).
final class MembershipTest: Sendable {
    /// The aggregate's strings (non-strings can never equal a string).
    let members: [String]
    private let buckets: [UInt64: [Int]]
    private let memberBytes: [[UInt8]]

    init(members: [String]) {
        self.members = members
        memberBytes = members.map { Array($0.utf8) }
        var buckets: [UInt64: [Int]] = [:]
        for (index, bytes) in memberBytes.enumerated() {
            bytes.withUnsafeBufferPointer { buckets[Self.hash($0), default: []].append(index) }
        }
        self.buckets = buckets
    }

    /// FNV-1a over the bytes: stable, and computable on a borrowed buffer without allocating.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        Hashing.fnv1a(bytes)
    }

    /// - Complexity: O(length of identifier) expected.
    func evaluate(_ subject: inout Subject) -> Bool {
        guard subject.hasIdentifier, let candidates = buckets[Self.hash(subject.bytes)] else { return false }
        for index in candidates {
            let equal = memberBytes[index].withUnsafeBufferPointer {
                ASCIIText.equal(subject.bytes, $0, caseless: false)
            }
            if equal { return true }
        }
        return false
    }
}
