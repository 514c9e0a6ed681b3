/// All the `prefersToActivate` predicates (or all the `canActivate` ones) of a table: each
/// distinct predicate is one group holding its sessions in a heap ordered by the tie-break,
/// and filed in the literal index (or in the always / residual lists).
///
/// Hot properties skip dynamic exclusivity checks: ``SceneRouter``'s reader–writer lock
/// already guarantees that writers are alone.
final class PredicateTier: @unchecked Sendable {
    enum Placement: Sendable {
        case always, residual, never
        /// Filed under one key: the common case, without an array to allocate.
        case indexedOnce(LiteralIndex.Placement)
        case indexed([LiteralIndex.Placement])
    }

    // Parallel arrays indexed by group id; a free list recycles ids of emptied groups.
    @exclusivity(unchecked) private(set) var roots: [CompiledNode] = []
    @exclusivity(unchecked) private(set) var heaps: [[Int32]] = []
    @exclusivity(unchecked) private(set) var placements: [Placement] = []
    @exclusivity(unchecked) private(set) var internKeys: [ActivationPredicate.InternKey?] = []
    /// Position of a group in `always` or `residual`.
    private var listPositions: [Int32] = []
    private var freeGroups: [Int32] = []
    private var groupsByKey: [ActivationPredicate.InternKey: Int32] = [:]
    @exclusivity(unchecked) private(set) var index = LiteralIndex()

    init() {}

    /// Room for `count` more groups without rehashing the intern table as it grows.
    func reserveCapacity(_ count: Int) {
        groupsByKey.reserveCapacity(groupsByKey.count + count)
    }
    @exclusivity(unchecked) private(set) var always: [Int32] = []
    @exclusivity(unchecked) private(set) var residual: [Int32] = []
    private(set) var liveGroups = 0
    private(set) var neverCount = 0

    /// The group for `predicate`, created and indexed on first use.
    func group(for predicate: ActivationPredicate) -> Int32 {
        let key = predicate.internKey
        if let existing = groupsByKey[key] { return existing }
        let group: Int32
        if let free = freeGroups.popLast() {
            group = free
            roots[Int(group)] = predicate.root
            internKeys[Int(group)] = key
        } else {
            group = Int32(roots.count)
            roots.append(predicate.root)
            heaps.append([])
            placements.append(.never)
            internKeys.append(key)
            listPositions.append(-1)
        }
        groupsByKey[key] = group
        liveGroups += 1
        let placement: Placement
        switch ClauseIndexing.indexing(of: predicate.root) {
        case .always:
            listPositions[Int(group)] = Int32(always.count)
            always.append(group)
            placement = .always
        case .residual:
            listPositions[Int(group)] = Int32(residual.count)
            residual.append(group)
            placement = .residual
        case .never:
            neverCount += 1
            placement = .never
        case .clauses(let clauses):
            var chosen: [IndexKey] = []
            for alternatives in clauses {
                // The alternative whose buckets hold the fewest groups now (then the more
                // selective): a literal many predicates share, like 'sms:', is a poor filter.
                let best = alternatives.min { a, b in
                    let (loadA, loadB) = (a.map(index.load).reduce(0, +), b.map(index.load).reduce(0, +))
                    if loadA != loadB { return loadA < loadB }
                    return a.map(\.selectivity).min()! > b.map(\.selectivity).min()!
                }!
                for key in best where !chosen.contains(key) { chosen.append(key) }
            }
            let filed = chosen.map { index.insert(group, key: $0) }
            placement = filed.count == 1 ? .indexedOnce(filed[0]) : .indexed(filed)
        }
        placements[Int(group)] = placement
        return group
    }

    /// Drops an emptied group from every index.
    func release(_ group: Int32) {
        let slot = Int(group)
        switch placements[slot] {
        case .always: Self.remove(group, from: &always, positions: &listPositions)
        case .residual: Self.remove(group, from: &residual, positions: &listPositions)
        case .never: neverCount -= 1
        case .indexedOnce(let filed):
            index.remove(group, from: filed)
        case .indexed(let filed):
            for placement in filed { index.remove(group, from: placement) }
        }
        if let key = internKeys[slot] { groupsByKey[key] = nil }
        internKeys[slot] = nil
        roots[slot] = .constant(false)
        placements[slot] = .never
        heaps[slot] = []
        freeGroups.append(group)
        liveGroups -= 1
    }

    private static func remove(_ group: Int32, from list: inout [Int32], positions: inout [Int32]) {
        let position = Int(positions[Int(group)])
        let last = list.removeLast()
        if last != group {
            list[position] = last
            positions[Int(last)] = Int32(position)
        }
        positions[Int(group)] = -1
    }

    /// Direct access to a group's heap for the table's heap operations.
    func withHeap<Result>(_ group: Int32, _ body: (inout [Int32]) -> Result) -> Result {
        body(&heaps[Int(group)])
    }

    /// Probes the literal index in place (no copy of the index per route).
    @inline(__always)
    func probe(_ identifier: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void) {
        index.probe(identifier, body)
    }

    /// Whether a group id is in use (for full scans).
    func isLive(_ group: Int) -> Bool { !heaps[group].isEmpty }

    var approximateBytes: Int {
        roots.count * 64 + heaps.reduce(0) { $0 + 32 + $1.count * 4 } + internKeys.count * 40
            + groupsByKey.count * 56 + index.approximateBytes + (always.count + residual.count) * 4
    }
}
