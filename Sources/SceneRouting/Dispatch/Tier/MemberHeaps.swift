/// The member heaps of a tier's groups that have two or more sessions, by group id: most
/// groups have one session (a window's own identifier), which then costs nothing here, where
/// an array of heaps indexed by group would cost every group an array reference.
///
/// Open addressing with linear probing (``LinearProbing``) over group ids, with the heaps in
/// a parallel array, so that finding a heap costs a multiply and a compare or two (a
/// `Dictionary` hashes every key in full, which churn pays on every update of a shared
/// group's session) and a heap changes in place.
struct MemberHeaps {
    /// Group id per position, ``empty`` where none.
    private var groups: [Int32]
    private var heaps: [[Int32]]
    private(set) var count = 0
    private static let empty: Int32 = -1

    init() {
        groups = Array(repeating: Self.empty, count: 8)
        heaps = Array(repeating: [], count: 8)
    }

    private var capacity: Int { groups.count }

    @inline(__always)
    private static func home(of group: Int32, in capacity: Int) -> Int {
        LinearProbing.home(of: UInt32(bitPattern: group) &* 0x9E37_79B9, in: capacity)
    }

    /// The position of `group`'s heap, if it has one.
    private func position(of group: Int32) -> Int? {
        var position = Self.home(of: group, in: capacity)
        while groups[position] != Self.empty {
            if groups[position] == group { return position }
            position = LinearProbing.next(position, in: capacity)
        }
        return nil
    }

    /// Runs `body` on `group`'s heap in place; `group` must have one.
    mutating func withHeap<Result>(of group: Int32, _ body: (inout [Int32]) -> Result) -> Result {
        guard let position = position(of: group) else { preconditionFailure("group \(group) has no member heap") }
        return body(&heaps[position])
    }

    /// Gives `group` (which has none) the heap `heap`.
    mutating func insert(_ heap: [Int32], for group: Int32) {
        precondition(group >= 0, "group ids are not negative")
        if !LinearProbing.hasRoom(count: count, capacity: capacity) { grow() }
        let position = LinearProbing.firstEmpty(from: Self.home(of: group, in: capacity), capacity: capacity) {
            groups[$0] == Self.empty
        }
        groups[position] = group
        heaps[position] = heap
        count += 1
    }

    /// Takes `group`'s heap out; `group` must have one.
    @discardableResult
    mutating func remove(_ group: Int32) -> [Int32] {
        guard let position = position(of: group) else { preconditionFailure("group \(group) has no member heap") }
        let heap = heaps[position]
        let capacity = capacity
        let hole = LinearProbing.closeGap(
            at: position, capacity: capacity, isEmpty: { groups[$0] == Self.empty },
            home: { Self.home(of: groups[$0], in: capacity) },
            move: { from, to in
                groups[to] = groups[from]
                heaps.swapAt(from, to)
            })
        groups[hole] = Self.empty
        heaps[hole] = []
        count -= 1
        return heap
    }

    private mutating func grow() {
        let old = zip(groups, heaps).filter { $0.0 != Self.empty }
        groups = Array(repeating: Self.empty, count: capacity * 2)
        heaps = Array(repeating: [], count: groups.count)
        count = 0
        for (group, heap) in old { insert(heap, for: group) }
    }

    /// Bytes held: the two arrays and each heap's storage.
    var approximateBytes: Int {
        capacity * (MemoryLayout<Int32>.stride + MemoryLayout<[Int32]>.stride)
            + heaps.reduce(0) { $0 + ($1.isEmpty ? 0 : 32 + $1.capacity * 4) }
    }
}
