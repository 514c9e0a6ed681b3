/// `SELF IN {…}`: membership by `isEqual:`, i.e. exact code units; options are ignored
/// (Apple's NSInPredicateOperator uses `-containsObject:` for collections).
///
/// The members' bytes sit in one array, found through a second array sorted by their hash:
/// two allocations whatever the count, where a dictionary of buckets took one per member and
/// per bucket (a million sessions preferring `SELF IN {two ids}` each held about 400 bytes).
final class MembershipTest: Sendable {
    /// The aggregate's strings (non-strings can never equal a string).
    let members: [String]
    /// Every member's UTF-8, one after another.
    private let memberBytes: [UInt8]
    /// One per member, in the order of their hashes.
    private let entries: [Entry]

    private struct Entry: Sendable {
        var hash: UInt64
        var start: Int
        var count: Int
    }

    init(members: [String]) {
        self.members = members
        var bytes: [UInt8] = []
        bytes.reserveCapacity(members.reduce(0) { $0 + $1.utf8.count })
        var entries: [Entry] = []
        entries.reserveCapacity(members.count)
        for member in members {
            let start = bytes.count
            bytes.append(contentsOf: member.utf8)
            let hash = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[start...])) }
            entries.append(Entry(hash: hash, start: start, count: bytes.count - start))
        }
        entries.sort { $0.hash < $1.hash }
        memberBytes = bytes
        self.entries = entries
    }

    /// FNV-1a over the bytes: stable, and computable on a borrowed buffer without allocating.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        Hashing.fnv1a(bytes)
    }

    /// - Complexity: O(length of identifier + log members) expected.
    func evaluate(_ subject: inout Subject) -> Bool {
        guard subject.hasIdentifier else { return false }
        let identifier = subject.bytes
        let hash = Self.hash(identifier)
        return entries.withUnsafeBufferPointer { entries in
            memberBytes.withUnsafeBufferPointer { bytes in
                var low = 0
                var high = entries.count
                while low < high {
                    let middle = (low + high) / 2
                    if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
                }
                while low < entries.count, entries[low].hash == hash {
                    let entry = entries[low]
                    let member = UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.count])
                    if ASCIIText.equal(identifier, member, caseless: false) { return true }
                    low += 1
                }
                return false
            }
        }
    }
}
