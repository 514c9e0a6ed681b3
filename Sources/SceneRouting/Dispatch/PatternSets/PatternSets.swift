#if Hyperscan
import HyperscanSupport
#endif

/// One compiled pattern set: a Hyperscan database and the groups its expressions stand
/// for, filed in the literal index as one pseudo-group (``PatternSets/firstID`` plus its
/// number) in every bucket its members were taken out of. A route finding it in any of them
/// scans once: a member reported from another bucket still has its literal in the
/// identifier, so nothing is reported that the index would not have found.
final class PatternSet {
    let database: PatternSetDatabase
    /// By expression position: the group, or -1 once it left (its expression stays in the
    /// database; a report for it is ignored).
    private(set) var members: [Int32]
    private(set) var live: Int
    /// Where the set is filed: one placement per bucket.
    let placements: [LiteralIndex.Placement]
    /// How every member compares (all alike): which form of a non-ASCII identifier a scan reads.
    let mode: FoldMode

    init(database: PatternSetDatabase, members: [Int32], placements: [LiteralIndex.Placement], mode: FoldMode) {
        self.database = database
        self.members = members
        self.live = members.count { $0 >= 0 }
        self.placements = placements
        self.mode = mode
    }

    /// Drops the member at `position`; true when none is left.
    func remove(at position: Int32) -> Bool {
        members[Int(position)] = -1
        live -= 1
        return live == 0
    }
}

/// A tier's pattern sets: where many regexes share the key they are filed under and no
/// literal tells them apart (`ticket-[0-9]{2}[a-z]{3}`, `ticket-[0-9]{4}[a-z]{1}`, … all
/// under the prefix `ticket-`), a route hitting that key would verify every one of them.
/// Such groups are compiled, up to 512 at a time (`PatternSetDatabase.capacity`), into sets that
/// one Hyperscan pass over the identifier decides; only the groups a set reports are then
/// verified by PCRE2, as every regex is, so answers are those of verifying one by one. The
/// groups of all crowded buckets go into the same sets, bucket by bucket: the index spreads a
/// shared literal over several keys (`ticket-` as a prefix and as its grams), and a scan
/// costs about the same for any number of expressions, so an identifier hitting all those
/// keys scans once per set rather than once per bucket.
///
/// Sets are built from what the tier notes as groups are filed (``noteFiled(at:load:)``),
/// compiled outside the table's lock (``PatternSetRequest/compile(_:concurrently:)``) and
/// installed under it; until then, and for groups filed since, a bucket verifies one by one.
/// Groups that leave are dropped from their set; a set whose members have all left is removed.
final class PatternSets {
    /// Pseudo-group numbers from here on name pattern sets: far above any group number a
    /// table reaches.
    static let firstID: Int32 = 1 << 30
    /// Fewer groups than this waiting in one bucket are verified one by one: a set's scan
    /// costs about what verifying a handful of short regexes does.
    static let minimumGroups = 8

    /// By set number; nil for free numbers. Read by routing in place.
    let sets = TableArray<PatternSet?>()
    private var freeSets: [Int32] = []
    /// Where each member group sits: its set and its expression's position.
    private var membership: [Int32: (set: Int32, position: Int32)] = [:]
    /// Groups whose pattern Hyperscan refused: not offered again while they live.
    private var refused: Set<Int32> = []
    /// Shared buckets where candidates were filed since the last review, with a placement in
    /// each, and how many candidates were filed in them all.
    private var bucketsToReview: [LiteralIndex.Bucket: LiteralIndex.Placement] = [:]
    private var candidatesFiled = 0

    /// Whether sets are made at all: built with the `Hyperscan` trait (the default), on a
    /// machine Hyperscan runs on.
    static var areAvailable: Bool { PatternSetDatabase.isSupported }

    @inline(__always)
    static func isSet(_ group: Int32) -> Bool { group >= firstID }

    var count: Int { sets.count - freeSets.count }

    /// Notes a candidate for a set just filed at `placement` in a bucket it shares (a bucket
    /// of one costs a route one verification, so the caller notes only shared ones).
    func noteFiled(at placement: LiteralIndex.Placement) {
        guard Self.areAvailable else { return }
        bucketsToReview[placement.bucket] = placement
        candidatesFiled += 1
    }

    /// The buckets to review once ``minimumGroups`` candidates have been filed in them (so
    /// that no route verifies more than that many candidates one by one, whichever buckets
    /// they went to); empty before.
    func takeBucketsToReview() -> [LiteralIndex.Placement] {
        guard candidatesFiled >= Self.minimumGroups else { return [] }
        defer {
            bucketsToReview.removeAll()
            candidatesFiled = 0
        }
        return Array(bucketsToReview.values)
    }

    func isMember(_ group: Int32) -> Bool { membership[group] != nil }
    /// Groups in some set.
    var memberCount: Int { membership.count }
    func isRefused(_ group: Int32) -> Bool { refused.contains(group) }

    func refuse(_ group: Int32) { refused.insert(group) }

    /// Adds a set whose members were taken out of their bucket; returns its pseudo-group.
    func add(_ set: PatternSet) -> Int32 {
        let number = sets.store(set, reusing: &freeSets)
        for (position, group) in set.members.enumerated() where group >= 0 {
            membership[group] = (number, Int32(position))
        }
        return Self.firstID + number
    }

    /// Sets with fewer live members than this are small: churn makes them a batch at a time,
    /// and each costs a route that finds it a scan.
    static let smallSetMembers = PatternSetDatabase.capacity / 4
    /// From this many small sets of one mode on, the next batch of that mode takes their
    /// members in, and they are replaced by the sets made of it: so a route scans at most this
    /// many small sets, however many batches churn has made.
    static let smallSetsBeforeMerging = 4

    /// The small sets of `mode`, by number.
    func smallSets(mode: FoldMode) -> [PatternSetRequest.Replaced] {
        var small: [PatternSetRequest.Replaced] = []
        sets.withElements { sets in
            for (number, set) in sets.enumerated() {
                if let set, set.mode == mode, set.live < Self.smallSetMembers {
                    small.append(PatternSetRequest.Replaced(number: Int32(number), set: set))
                }
            }
        }
        return small
    }

    /// Whether set `number` is still `set` (numbers are reused).
    func holds(_ set: PatternSet, at number: Int32) -> Bool { sets[Int(number)] === set }

    /// Drops set `number`, whose members the caller has put back in their buckets.
    func dissolve(_ number: Int32) {
        guard let set = sets[Int(number)] else { return }
        for group in set.members where group >= 0 { membership.removeValue(forKey: group) }
        free(number)
    }

    private func free(_ number: Int32) {
        sets[Int(number)] = nil
        freeSets.append(number)
    }

    /// Takes `group` out of its set, if it is in one; returns whether it was, and the set
    /// (with its pseudo-group) when it was the last member, which the caller must unfile.
    func leave(_ group: Int32) -> (
        wasMember: Bool, emptied: (pseudoGroup: Int32, placements: [LiteralIndex.Placement])?
    ) {
        refused.remove(group)
        guard let (number, position) = membership.removeValue(forKey: group), let set = sets[Int(number)] else {
            return (false, nil)
        }
        guard set.remove(at: position) else { return (true, nil) }
        free(number)
        return (true, (Self.firstID + number, set.placements))
    }

    var approximateBytes: Int {
        var bytes = sets.approximateBytes + membership.count * 16 + refused.count * 8
        sets.withElements { for case let set? in $0 { bytes += set.database.approximateBytes + set.members.count * 4 } }
        return bytes
    }
}

/// Which tier of a table a pattern set belongs to.
enum TierName: Sendable { case prefer, can }

/// Groups to compile into one pattern set, taken from the table under its lock and
/// compiled without it: values only, checked again when installed.
struct PatternSetRequest: Sendable {
    let tier: TierName
    let mode: FoldMode
    let groups: [Int32]
    let expressions: [String]
    /// The bucket each group waits in.
    let buckets: [LiteralIndex.Bucket]
    /// A placement in each of those buckets, where the set is filed.
    let placements: [LiteralIndex.Placement]
    /// Small sets whose members this request takes in: dissolved when it is installed.
    var replacing: [Replaced] = []

    /// A set as it stood when the request was made (checked again when installing).
    struct Replaced: @unchecked Sendable {
        let number: Int32
        /// Read by the installing writer only, under the table's lock.
        let set: PatternSet
    }

    /// Compiles every request (on all cores when `concurrently`).
    static func compile(_ requests: [PatternSetRequest], concurrently: Bool) -> [CompiledPatternSet] {
        let compiled = TableArray<CompiledPatternSet>(capacity: max(1, requests.count))
        compiled.append(count: requests.count, concurrently: concurrently && requests.count > 1) {
            requests[$0].compile()
        }
        return compiled.elements
    }

    /// The set, leaving out expressions Hyperscan refuses (their groups stay verified one by one).
    func compile() -> CompiledPatternSet {
        var groups = groups
        var expressions = expressions
        var buckets = buckets
        var refused: [Int32] = []
        while !expressions.isEmpty {
            do throws(PatternSetCompileError) {
                let database = try PatternSetDatabase(expressions: expressions)
                return CompiledPatternSet(
                    request: self, database: database, groups: groups, expressions: expressions, buckets: buckets,
                    refused: refused)
            } catch {
                guard error.expression >= 0 && error.expression < expressions.count else { break }
                refused.append(groups.remove(at: error.expression))
                expressions.remove(at: error.expression)
                buckets.remove(at: error.expression)
            }
        }
        return CompiledPatternSet(
            request: self, database: nil, groups: [], expressions: [], buckets: [], refused: refused + groups)
    }
}

/// A compiled ``PatternSetRequest``: the database for `groups` and their `expressions` (nil
/// when none compiled), and the groups whose expressions Hyperscan refused.
struct CompiledPatternSet: Sendable {
    let request: PatternSetRequest
    let database: PatternSetDatabase?
    let groups: [Int32]
    let expressions: [String]
    let buckets: [LiteralIndex.Bucket]
    let refused: [Int32]
}
