/// `SELF IN {…}`: membership by `isEqual:`, i.e. exact code units; options are ignored
/// (Apple's NSInPredicateOperator uses `-containsObject:` for collections).
///
/// One block of memory: an entry per member (its hash and where its bytes are), in the order
/// of their hashes, then every member's UTF-8 in the order stated. A set of strings with a
/// dictionary took a block per member and per bucket, and even arrays of strings, bytes and
/// entries take four: at a million sessions preferring `SELF IN {two ids}` each, most of a
/// window's memory. A reference to the block, immutable after creation, hence
/// `@unchecked Sendable` (a `ManagedBuffer` cannot be `Sendable` itself).
struct MembershipTest: @unchecked Sendable {
    /// The block: the number of members as its header, then the entries and the members' bytes.
    final class Storage: ManagedBuffer<Int, Entry> {}

    struct Entry {
        var hash: UInt64
        /// Where the member's bytes start, after the entries.
        var start: UInt32
        var count: UInt32
    }

    let storage: Storage

    /// The aggregate's strings (non-strings can never equal a string).
    init(members: [String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(members.reduce(0) { $0 + $1.utf8.count })
        var entries: [Entry] = []
        entries.reserveCapacity(members.count)
        for member in members {
            let start = bytes.count
            bytes.append(contentsOf: member.utf8)
            let hash = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[start...])) }
            precondition(bytes.count <= Int(UInt32.max), "an aggregate's members are far shorter than 4 GiB")
            entries.append(Entry(hash: hash, start: UInt32(start), count: UInt32(bytes.count - start)))
        }
        // Sorted by hash, then as stated: the order of ``members`` is read back from `start`.
        entries.sort { ($0.hash, $0.start) < ($1.hash, $1.start) }
        let entryBytes = entries.count * MemoryLayout<Entry>.stride
        let capacity = entries.count + (bytes.count + MemoryLayout<Entry>.stride - 1) / MemoryLayout<Entry>.stride
        storage = unsafeDowncast(
            Storage.create(minimumCapacity: max(capacity, 1)) { _ in entries.count }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { elements in
            elements.initialize(from: entries, count: entries.count)
            let raw = UnsafeMutableRawPointer(elements) + entryBytes
            // The memory after the entries holds bytes from here on (``withParts(_:)`` reads them so).
            let tail = raw.bindMemory(to: UInt8.self, capacity: bytes.count)
            tail.initialize(from: bytes, count: bytes.count)
        }
    }

    /// The entries, in the order of their hashes, and the members' bytes after them.
    @inline(__always)
    private func withParts<Result>(
        _ body: (UnsafeBufferPointer<Entry>, UnsafePointer<UInt8>) -> Result
    ) -> Result {
        let count = storage.header
        return storage.withUnsafeMutablePointerToElements { elements in
            let bytes = UnsafeRawPointer(elements + count).assumingMemoryBound(to: UInt8.self)
            return body(UnsafeBufferPointer(start: elements, count: count), bytes)
        }
    }

    /// The members, as stated.
    var members: [String] {
        withParts { entries, bytes in
            entries.sorted { $0.start < $1.start }.map {
                String(decoding: UnsafeBufferPointer(start: bytes + Int($0.start), count: Int($0.count)), as: UTF8.self)
            }
        }
    }

    var isEmpty: Bool { storage.header == 0 }

    /// FNV-1a over the bytes: stable, and computable on a borrowed buffer without allocating.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        Hashing.fnv1a(bytes)
    }

    /// - Complexity: O(length of identifier + log members) expected.
    func evaluate(_ subject: inout Subject) -> Bool {
        guard subject.hasIdentifier else { return false }
        let identifier = subject.bytes
        let hash = Self.hash(identifier)
        return withParts { entries, bytes in
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
            }
            while low < entries.count, entries[low].hash == hash {
                let entry = entries[low]
                let member = UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.count))
                if ASCIIText.equal(identifier, member, caseless: false) { return true }
                low += 1
            }
            return false
        }
    }
}
