internal import CMemoryHints

/// All the `prefersToActivate` predicates (or all the `canActivate` ones) of a table: each
/// distinct predicate is one group holding its sessions in a heap ordered by the tie-break,
/// and filed in the literal index (or in the always / residual lists).
///
/// A group of one session — at scale, most of them: each window prefers its own identifier —
/// keeps it in its ``GroupHead`` alone; the heap array exists only from the second member.
///
/// Its storage is buffers held by `let` references, which routing reads in place
/// (``withRoutingView(_:)``) without dynamic exclusivity checks; ``SceneRouter``'s lock keeps
/// writers alone.
final class PredicateTier {
    enum Placement: Sendable {
        /// In the `always` or `residual` list, at `position` (kept here: it fits in the
        /// space the indexed cases need anyway).
        case always(position: Int32)
        case residual(position: Int32)
        case never
        /// Filed under one key: the common case.
        case indexedOnce(LiteralIndex.Placement)
        /// Filed under several keys: `count` placements from `start` of ``placementRuns``.
        case indexed(start: Int32, count: Int32)
    }

    // Parallel arrays indexed by group id; a free list recycles ids of emptied groups.
    /// Each group's predicate, evaluated to verify an index hit; for a group whose test is in
    /// ``literalTests`` or is a membership test its program decides
    /// (``ASCIICheck/membershipProgram(at:)``), or a group kept as text
    /// (``argumentsOfGroup``), a placeholder never evaluated.
    private let roots = TableArray<CompiledNode>()
    /// Best session and its rank per group, read by routing through ``withRoutingView(_:)``.
    private let heads = TableArray<GroupHead>()
    /// Members of groups with two or more sessions, as heaps (best first), by group.
    private var memberHeaps = MemberHeaps()
    /// By session slot: its group in this tier (-1: not enrolled) and its position in the
    /// group's member heap (``lone`` when it is the group's only session). Kept here, not in
    /// the table's slots, so the two tiers never write the same memory and can be filled
    /// concurrently (``DispatchTable/init(app:)``).
    private let groupOfSlot = TableArray<Int32>()
    private let positionOfSlot = TableArray<Int32>()
    /// The position of a group's only session: it has no member heap.
    private static let lone: Int32 = -2
    let placements = TableArray<Placement>()
    /// The placements of groups filed under several keys.
    private let placementRuns: PlacementRuns
    private var freeGroups: [Int32] = []
    /// Groups by their predicate's intern hash; a hit is confirmed against the group's
    /// predicate.
    private let groupsByHash = GroupBuckets()
    /// How many live groups offer each key (``offerKey(_:)``) among alternatives one of
    /// which is a short key (``IndexKey/missCost``), whether they were filed under it or not:
    /// `ticket-` of `MATCHES 'ticket-[0-9]+-N'` for small `N`. Only such choices weigh a key's
    /// cost against its load (otherwise the least loaded wins, which spreads groups by
    /// itself), so only they are counted, and the counts stay few.
    private var offers: [UInt64: UInt32] = [:]
    /// The keys ``offers`` counts for each group that offers any, to uncount on release.
    private var offerKeysOfGroup: [Int32: [UInt64]] = [:]
    /// Each live group's predicate, unless the group keeps it in parts (``formatOfGroup``);
    /// nil for free ids and those groups.
    private let predicates = TableArray<ActivationPredicate?>()
    /// For a group whose predicate is one literal test from a format with one `%@` (most
    /// groups at scale: `SELF == %@`) or one membership test from `SELF IN %@`, the format's
    /// position in ``formats``: the predicate is that format, the test's literal or members
    /// as its argument, and the compiled root, so the group keeps no predicate object of its
    /// own (``predicate(ofGroup:)`` puts one together when asked). For a group kept as text
    /// (``argumentsOfGroup``), its format's position likewise. ``keptWhole`` for the other
    /// groups.
    private let formatOfGroup = TableArray<UInt32>()
    private static let keptWhole = UInt32.max
    /// The format of a group whose predicate is a SwiftUI set kept in parts: its members are
    /// its stated arguments (one list), and ``ActivationPredicate/init(swiftUISet:)`` makes
    /// the predicate again. Not a position in ``formats``: each set's format states its
    /// members.
    private static let swiftUISet = UInt32.max - 1
    /// The format of a group kept as text whose format is not in ``formats`` (its literals
    /// are inline, or the list is full): its record states the format first, then the
    /// arguments.
    private static let ownFormat = UInt32.max - 2
    /// The formats of groups kept in parts, each once.
    private var formats: [String] = []
    private var formatPositions: [String: UInt32] = [:]
    /// At most this many formats are shared: an app states a handful; past the limit, groups
    /// keep their predicates whole.
    private static let formatLimit = 4096
    let index: LiteralIndex
    /// Crowded buckets of regexes, matched in one pass.
    let patternSets: PatternSets
    /// `patternSets.sets`, held here as well: reached through `patternSets`, every route
    /// retained and released it, and routing threads contended on its reference count.
    private let patternSetsByNumber: TableArray<PatternSet?>
    /// ASCII programs of groups whose predicate is more than one literal test.
    private let programs: ByteRecordArena
    /// For a group kept as text, where its stated arguments are in ``statedArguments``; -1
    /// for the other groups. A group is kept as text when its predicate is neither one literal
    /// nor one membership test but its program decides every ASCII identifier (`LIKE
    /// 'doc-*'`, `MATCHES 'ticket-[0-9]+'`, `BEGINSWITH[cd] 'sms:' AND CONTAINS[cd] %@`): the
    /// program verifies ASCII identifiers, and the predicate compiles again from its format and
    /// arguments for what else needs it (``rootKeptAsText(ofGroup:)``). Its compiled objects,
    /// made by the load between the app's own, then go with the app instead of keeping the
    /// app's pages resident.
    private let argumentsOfGroup = TableArray<Int32>()
    /// The stated arguments of groups kept as text (``StatedArgumentsRecord``).
    private let statedArguments: ByteRecordArena
    /// The compiled predicates of groups kept as text that routes needed.
    private let rootsOnDemand = RootsOnDemand()
    /// The tests of groups kept in parts whose test is one ASCII literal's: a record each,
    /// reached through the group's check (``ASCIICheck/arena(_:)``), on pages no loaded app
    /// shares.
    private let literalTests: LiteralTestArena

    /// Sessions rank by recency (``TieBreakPolicy/recency``) rather than list order alone.
    let recency: Bool

    init(tuning: TableTuning, recency: Bool) {
        self.recency = recency
        programs = ByteRecordArena(compactionFloor: tuning.arenaCompactionFloor, recordSize: ASCIIProgram.size(of:))
        literalTests = LiteralTestArena(compactionFloor: tuning.arenaCompactionFloor)
        placementRuns = PlacementRuns(compactionFloor: tuning.arenaCompactionFloor)
        statedArguments = ByteRecordArena(
            compactionFloor: tuning.arenaCompactionFloor, recordSize: StatedArgumentsRecord.size(of:))
        index = LiteralIndex(flatLimit: tuning.flatKeyLimit)
        patternSets = PatternSets()
        patternSetsByNumber = patternSets.sets
    }

    /// Room for `count` more groups (each with a key or so) without regrowing the group arrays
    /// or rehashing the intern and index tables as they fill: at a million groups, growth by
    /// doubling copies and re-files everything several times over. Room not used costs
    /// address space, not memory (``LargeAllocation``).
    func reserveCapacity(_ count: Int) {
        groupsByHash.reserveCapacity(groupsByHash.count + count)
        index.reserveCapacity(keys: count)
        // An eighth more than asked, as the hash tables keep: the groups that churn opens
        // after a build then do not move these arrays (below 2 MiB, moving one copies it).
        let groups = heads.count + count + count / 8
        roots.reserveCapacity(groups)
        heads.reserveCapacity(groups)
        placements.reserveCapacity(groups)
        predicates.reserveCapacity(groups)
        formatOfGroup.reserveCapacity(groups)
        argumentsOfGroup.reserveCapacity(groups)
        literalTests.reserveCapacity(bytes: count * Self.typicalLiteralRecordBytes)
    }

    /// About what the record of a window's literal test takes (24 bytes of fields and a
    /// literal like `com.example.app.window.123456`), for room reserved ahead.
    private static let typicalLiteralRecordBytes = 56
    /// Groups every identifier must consider, and groups the index cannot find: read in place
    /// by routing, without retaining an array per route.
    private let always = TableArray<Int32>()
    private let residual = TableArray<Int32>()
    private(set) var liveGroups = 0
    private(set) var neverCount = 0
    /// A rank at least as good as that of every group's best session outside the always
    /// groups (never groups aside); nil while none has had a session. Only ever improves, so
    /// keeping it costs a comparison per change; once an always group's session ranks before
    /// it, a route has its winner without probing the index.
    @exclusivity(unchecked) private(set) var rankBoundOutsideAlways: RankKey?
    /// The few groups that can beat the always groups, while the tier is small and nothing
    /// changed since ``settle()`` (``TierContenders``); unknown otherwise.
    @exclusivity(unchecked) private(set) var contenders = TierContenders.unknown
    /// The session that wins this tier whatever the identifier, if one does: the best
    /// always-group session, when no other group's can beat it. -1 otherwise, and from any
    /// change until ``settle()``.
    @exclusivity(unchecked) private(set) var settledWinner: Int32 = -1

    /// Starts fetching where ``enroll(_:predicate:order:rank:)`` will look `predicate` up: a
    /// build enrolling sessions in turn asks for one a few sessions ahead, so the intern
    /// table's cache misses overlap.
    @inline(__always)
    func prefetchGroup(of predicate: ActivationPredicate) {
        groupsByHash.prefetch(at: predicate.internHash)
    }

    /// The group for `predicate`, created and indexed on first use (with what `preparation`
    /// derived of it ahead, if given).
    private func group(for predicate: ActivationPredicate, preparation: GroupPreparation?) -> Int32 {
        let hash = predicate.internHash
        var existing: Int32 = -1
        groupsByHash.forEach(at: hash) { candidate in
            if existing < 0, isPredicate(ofGroup: Int(candidate), sameAs: predicate) { existing = candidate }
        }
        if existing >= 0 { return existing }
        var format = Self.statesArgumentsInRoot(predicate) ? formatPosition(keepingInParts: predicate) : Self.keptWhole
        // A group kept in parts keeps an ASCII literal's test as a record of the arena, and a
        // membership test as its program alone.
        var record: LiteralTestView?
        var check: ASCIICheck?
        if format != Self.keptWhole {
            switch predicate.root {
            case .literal(let test):
                record = literalTests.store(test)
                check = record.map(ASCIICheck.arena)
            case .membership:
                let program = self.check(for: predicate.root, prepared: preparation?.verification)
                if let offset = program.programOffset {
                    check = .membershipProgram(at: offset)
                } else {
                    check = program
                }
            default: break
            }
        }
        var verification = check ?? self.check(for: predicate.root, prepared: preparation?.verification)
        var arguments: Int32 = -1
        if format == Self.keptWhole, let stated = Self.statedText(of: predicate) {
            // Kept as text if what routes verify needs nothing of the predicate: a literal test
            // as a record, or a program that decides every ASCII identifier.
            if case .literal(let test) = predicate.root {
                record = literalTests.store(test)
                if let record { verification = .arena(record) }
            }
            var position = Self.keptWhole
            if record != nil || (verification.programOffset != nil && !verification.decidesAnyIdentifier) {
                if stated.isSwiftUISet {
                    position = Self.swiftUISet
                } else if case .none = stated.arguments {
                    // A format with its literals inline states them itself: one of its own.
                    position = Self.ownFormat
                } else {
                    position = formatPosition(keepingInParts: predicate)
                    if position == Self.keptWhole { position = Self.ownFormat }
                }
            }
            let recorded: ActivationPredicate.StoredArguments =
                position == Self.ownFormat
                ? .many([.string(predicate.format)] + stated.arguments.array) : stated.arguments
            if position != Self.keptWhole, let encoded = StatedArgumentsRecord.encode(recorded),
                let offset = statedArguments.store(encoded)
            {
                (format, arguments) = (position, offset)
            } else if let unused = record {
                literalTests.release(unused)
                record = nil
                verification = self.check(for: predicate.root, prepared: nil)
            }
        }
        let kept = format == Self.keptWhole ? predicate : nil
        let placeholder = check?.decidesAnyIdentifier == true || record != nil || arguments >= 0
        let root = placeholder ? CompiledNode.constant(false) : predicate.root
        let group: Int32
        if let free = freeGroups.popLast() {
            group = free
            roots[Int(group)] = root
            predicates[Int(group)] = kept
            formatOfGroup[Int(group)] = format
            argumentsOfGroup[Int(group)] = arguments
        } else {
            group = Int32(roots.count)
            roots.append(root)
            heads.append(GroupHead(rank: GroupHead.unranked, top: -1, check: .none))
            placements.append(.never)
            predicates.append(kept)
            formatOfGroup.append(format)
            argumentsOfGroup.append(arguments)
        }
        forgetSettledRoutes()
        heads[Int(group)] = GroupHead(rank: GroupHead.unranked, top: -1, check: verification)
        groupsByHash.insert(group, at: hash)
        liveGroups += 1
        let placement = file(group, predicate.root, prepared: preparation?.filing)
        placements[Int(group)] = placement
        if case .indexedOnce(let filed) = placement, case .pattern = predicate.root {
            let load = index.load(at: filed)
            if load >= 2 && Self.patternSetCandidate(predicate) != nil { patternSets.noteFiled(at: filed) }
        }
        return group
    }

    /// Where `predicate`'s format is in ``formats``, if a group can keep it in parts: nothing
    /// but its format and arguments to it (``keepableAsText(_:)``), and an ASCII format:
    /// `String`'s `==` is canonical equivalence, and a predicate put together again must have
    /// the very bytes it was stated with. ``keptWhole`` otherwise.
    private func formatPosition(keepingInParts predicate: ActivationPredicate) -> UInt32 {
        guard Self.keepableAsText(predicate) != nil else { return Self.keptWhole }
        let format = predicate.format
        if let known = formatPositions[format] { return known }
        guard formats.count < Self.formatLimit, ASCIIText.isASCII(format) else { return Self.keptWhole }
        let position = UInt32(formats.count)
        formats.append(format)
        formatPositions[format] = position
        return position
    }

    /// `predicate`'s arguments if its format and they are all there is to it, so that parsing
    /// and compiling them again makes the same predicate: nothing apart (``ActivationPredicate/Details``:
    /// a SwiftUI set's members, a source location, lint ranges).
    private static func keepableAsText(_ predicate: ActivationPredicate) -> ActivationPredicate.StoredArguments? {
        guard predicate.storage.isParsed, predicate.storage.details == nil else { return nil }
        return predicate.storage.arguments
    }

    /// What a group kept as text states of `predicate`, if that and its format are all there
    /// is to it: a parsed predicate with nothing apart, or a SwiftUI set (its members, as one
    /// list) with nothing else apart (no source location) that is not a constant (`"*"`, no
    /// member), which few groups share.
    private static func statedText(of predicate: ActivationPredicate)
        -> (arguments: ActivationPredicate.StoredArguments, isSwiftUISet: Bool)?
    {
        if let arguments = keepableAsText(predicate) { return (arguments, false) }
        guard let details = predicate.storage.details, let members = details.swiftUIMembers, details.source == nil,
            details.mixedAndOr.isEmpty, predicate.constantValue == nil
        else { return nil }
        return (.many([.strings(members)]), true)
    }

    /// The SwiftUI set of group `group`, kept in parts: made again from its members.
    private func swiftUISet(ofGroup group: Int) -> ActivationPredicate? {
        guard case .many(let arguments)? = statedArguments(ofGroup: group),
            case .strings(let members)? = arguments.first
        else { return nil }
        return ActivationPredicate(swiftUISet: members)
    }

    /// Whether `predicate`'s arguments are what its compiled root states, byte for byte
    /// (``statedArguments(of:)``), so that a group keeps them there alone.
    private static func statesArgumentsInRoot(_ predicate: ActivationPredicate) -> Bool {
        guard let stated = statedArguments(of: predicate.root) else { return false }
        return stated.hasSameBytes(as: predicate.storage.arguments)
    }

    /// The `%@` arguments a predicate compiled to `root` states, if they can be read back
    /// from it: a literal test's literal, a membership test's members (a group kept in parts
    /// is one of the two).
    private static func statedArguments(of root: CompiledNode) -> ActivationPredicate.StoredArguments? {
        switch root {
        case .literal(let test): .one(test.literal)
        case .membership(let test): .many([.strings(test.members)])
        default: nil
        }
    }

    /// The format and arguments of live group `group` if it keeps its predicate in parts.
    private func parts(ofGroup group: Int) -> (format: String, arguments: ActivationPredicate.StoredArguments)? {
        let format = formatOfGroup[group]
        guard format != Self.keptWhole, format != Self.swiftUISet else { return nil }
        guard let arguments = statedArguments(ofGroup: group) else { return nil }
        if format == Self.ownFormat {
            guard case .many(let stated) = arguments, case .string(let ownFormat)? = stated.first else { return nil }
            return (ownFormat, ActivationPredicate.StoredArguments(Array(stated.dropFirst())))
        }
        return (formats[Int(format)], arguments)
    }

    /// The `%@` arguments of group `group` kept in parts, wherever they are: its record of
    /// stated arguments, its test's record in the arena, the members of its membership
    /// program, or its compiled root.
    private func statedArguments(ofGroup group: Int) -> ActivationPredicate.StoredArguments? {
        let record = argumentsOfGroup[group]
        if record >= 0 { return statedArguments.withBytes { StatedArgumentsRecord.arguments(at: $0 + Int(record)) } }
        let check = heads[group].check
        if let record = check.arenaTest { return .one(record.literal) }
        if let members = membersOfProgram(check) { return .many([.strings(members)]) }
        return Self.statedArguments(of: roots[group])
    }

    /// The members a membership group's program holds, if `check` is one.
    private func membersOfProgram(_ check: ASCIICheck) -> [String]? {
        guard check.decidesAnyIdentifier, let offset = check.programOffset else { return nil }
        return programs.withBytes { ASCIIProgram.members(ofMembership: $0 + Int(offset)) }
    }

    /// The compiled predicate of live group `group` (nil if one kept as text failed to
    /// compile again, which one that compiled once does not): a test in the arena is made a
    /// block of its own again, for what may outlive the table.
    private func root(ofGroup group: Int) -> CompiledNode? {
        if let record = heads[group].check.arenaTest { return .literal(LiteralTest(copying: record)) }
        if let members = membersOfProgram(heads[group].check) { return .membership(MembershipTest(members: members)) }
        if argumentsOfGroup[group] >= 0 { return rootsOnDemand.cached(Int32(group)) ?? compiledAgain(group)?.root }
        return roots[group]
    }

    /// The predicate of group `group` kept as text, parsed and compiled again from its format
    /// and stated arguments.
    private func compiledAgain(_ group: Int) -> ActivationPredicate? {
        if formatOfGroup[group] == Self.swiftUISet { return swiftUISet(ofGroup: group) }
        guard let (format, arguments) = parts(ofGroup: group) else { return nil }
        return try? ActivationPredicate(format: format, arguments: arguments.array)
    }

    /// The compiled predicate of group `group` kept as text, for identifiers its program does
    /// not decide: compiled again on the first such route and kept for the next ones. Nil if
    /// it failed to compile again (which a predicate that compiled once does not). Routes call
    /// it concurrently, under the read lock.
    func rootKeptAsText(ofGroup group: Int32) -> CompiledNode? {
        rootsOnDemand.root(ofGroup: group) { compiledAgain(Int(group))?.root }
    }

    /// How many groups kept as text hold a predicate compiled again for routes.
    var rootsCompiledForRoutes: Int { rootsOnDemand.count }

    /// The predicate of live group `group` (nil for a free id): its own, or put together
    /// from its parts.
    func predicate(ofGroup group: Int) -> ActivationPredicate? {
        if let kept = predicates[group] { return kept }
        if formatOfGroup[group] == Self.swiftUISet { return swiftUISet(ofGroup: group) }
        guard let (format, arguments) = parts(ofGroup: group), let root = root(ofGroup: group) else { return nil }
        return ActivationPredicate(root: root, format: format, arguments: arguments)
    }

    /// The form and expression under which group `group`'s predicate could join a pattern set
    /// (``patternSetCandidate(_:)``), if it can: a group kept whole answers from its predicate,
    /// one kept as text from its predicate compiled again; a group kept in parts otherwise is
    /// a literal or membership test, which cannot.
    func patternSetCandidate(ofGroup group: Int) -> (mode: FoldMode, expression: String)? {
        if let kept = predicates[group] { return Self.patternSetCandidate(kept) }
        guard argumentsOfGroup[group] >= 0, let predicate = predicate(ofGroup: group) else { return nil }
        return Self.patternSetCandidate(predicate)
    }

    /// Whether `group` is live (has a predicate).
    func isLive(group: Int) -> Bool {
        predicates[group] != nil || formatOfGroup[group] != Self.keptWhole
    }

    /// The ``ActivationPredicate/internHash`` of live group `group`'s predicate.
    private func internHash(ofGroup group: Int) -> UInt64 {
        if let kept = predicates[group] { return kept.internHash }
        if formatOfGroup[group] == Self.swiftUISet, let set = swiftUISet(ofGroup: group) { return set.internHash }
        guard let (format, arguments) = parts(ofGroup: group) else {
            preconditionFailure("a live group keeps its predicate whole or in parts")
        }
        return ActivationPredicate.internHash(format: format, arguments: arguments)
    }

    /// Whether live group `group`'s predicate is the same as `predicate`
    /// (``ActivationPredicate/isSamePredicate(as:)``), without putting it together.
    private func isPredicate(ofGroup group: Int, sameAs predicate: ActivationPredicate) -> Bool {
        if let kept = predicates[group] { return kept.isSamePredicate(as: predicate) }
        let format = formatOfGroup[group]
        if format == Self.swiftUISet {
            guard let members = predicate.swiftUIMembers else { return false }
            let record = argumentsOfGroup[group]
            return statedArguments.withBytes {
                StatedArgumentsRecord.states(.many([.strings(members)]), at: $0 + Int(record))
            }
        }
        if format == Self.ownFormat {
            guard predicate.swiftUIMembers == nil else { return false }
            let record = argumentsOfGroup[group]
            return statedArguments.withBytes {
                StatedArgumentsRecord.states(
                    format: predicate.format, then: predicate.storage.arguments, at: $0 + Int(record))
            }
        }
        guard format != Self.keptWhole, predicate.swiftUIMembers == nil, predicate.format == formats[Int(format)] else {
            return false
        }
        // A group kept as text states its arguments in its record, whatever its test is (a
        // literal record too, when its format folds to one literal: `SELF == %@ AND %@ == 'x'`).
        let record = argumentsOfGroup[group]
        if record >= 0 {
            return statedArguments.withBytes {
                StatedArgumentsRecord.states(predicate.storage.arguments, at: $0 + Int(record))
            }
        }
        // A literal group's argument is its test's bytes: compared in place, not made into a
        // string for every session of a shared predicate.
        let literal: UnsafeBufferPointer<UInt8>? =
            if let record = heads[group].check.arenaTest {
                record.literalUTF8
            } else if case .literal(let test) = roots[group] {
                test.literalUTF8
            } else {
                nil
            }
        if let literal {
            guard case .one(var value) = predicate.storage.arguments else { return false }
            return value.withUTF8 { ASCIIText.equal($0, literal, caseless: false) }
        }
        guard let arguments = statedArguments(ofGroup: group) else { return false }
        return predicate.storage.arguments.hasSameBytes(as: arguments)
    }

    /// Files a new `group` whose predicate is `root`, as `prepared` says if given.
    private func file(_ group: Int32, _ root: CompiledNode, prepared: GroupPreparation.Filing?) -> Placement {
        switch prepared {
        // While the index compares keys directly, it needs their bytes, which only exact keys
        // (hashed in any case) can go without.
        case .keys(let keys)? where !index.comparesKeysDirectly || keys.areAllExact:
            guard keys.count > 1 else { return .indexedOnce(index.insert(group, hashed: keys[0])) }
            return indexed((0..<keys.count).map { index.insert(group, hashed: keys[$0]) })
        case .always?: return place(group, indexing: .always)
        case .residual?: return place(group, indexing: .residual)
        case .never?: return place(group, indexing: .never)
        case nil, .keys?:
            switch ClauseIndexing.filing(of: root) {
            case .loneKey(let key): return .indexedOnce(index.insert(group, key: key))
            case .indexing(let indexing): return place(group, indexing: indexing)
            }
        }
    }

    /// Files a new `group` as `indexing` says: in a list, or under the least crowded of each
    /// clause's alternative keys.
    private func place(_ group: Int32, indexing: PredicateIndexing) -> Placement {
        let placement: Placement
        switch indexing {
        case .always:
            placement = .always(position: Int32(always.count))
            always.append(group)
        case .residual:
            placement = .residual(position: Int32(residual.count))
            residual.append(group)
        case .never:
            neverCount += 1
            placement = .never
        case .clauses(let clauses) where clauses.count == 1 && clauses[0].count == 1 && clauses[0][0].count == 1:
            // One key: most predicates at scale (`SELF == 'doc-7'`), filed without choosing.
            placement = .indexedOnce(index.insert(group, key: clauses[0][0][0]))
        case .clauses(let clauses):
            noteOffers(of: clauses, by: group)
            func load(_ keys: [IndexKey]) -> Int {
                keys.map(index.load).reduce(0, +) + (keys.contains(where: index.addsInnerProbe) ? 1 : 0)
            }
            // A key other groups also offer is a literal they share: every identifier of
            // theirs carries it, so a group filed under it is verified by all their routes,
            // wherever they were filed. One more probe for every route (a short key of a
            // length the index does not look for yet) weighs as much.
            func cost(_ keys: [IndexKey]) -> Int {
                keys.map { index.addsProbe(for: $0) ? $0.missCost : 0 }.max()!
                    + (keys.contains { (offers[Self.offerKey($0)] ?? 0) > 1 } ? 1 : 0)
            }
            let chosen = Self.keys(filing: clauses) { alternatives in
                // The alternative that costs routes least (above), then the one whose buckets
                // hold the fewest groups now, then the more selective: a literal many
                // predicates share, like 'sms:', is a poor filter. An alternative whose inner
                // key would be the first its family's probes look for counts as one group more:
                // one shared bucket costs the routes that hit it a verification, the first
                // inner key costs every route a pass over the identifier (`LIKE[c] 'SECTION-6/*'`
                // beside `BEGINSWITH 'section-6/'` goes under their common prefix). Of
                // alternatives equal in all that, the last: literals that share a head differ
                // in their tails, as for grams (`BEGINSWITH[d] 'ἀρχεῖο/53/'` offers `ρχε` and
                // `ο/53/`, and the first groups filed, into an empty index, would otherwise all
                // take `ρχε`, which every Greek identifier then verifies).
                alternatives.reversed().min { a, b in
                    let (costA, costB) = (cost(a), cost(b))
                    if costA != costB { return costA < costB }
                    let (loadA, loadB) = (load(a), load(b))
                    if loadA != loadB { return loadA < loadB }
                    return a.map(\.selectivity).min()! > b.map(\.selectivity).min()!
                }
            }!
            let filed = chosen.map { index.insert(group, key: $0) }
            placement = filed.count == 1 ? .indexedOnce(filed[0]) : indexed(filed)
        }
        return placement
    }

    /// The placement of a group filed under several keys, at `filed`.
    private func indexed(_ filed: [LiteralIndex.Placement]) -> Placement {
        .indexed(start: placementRuns.store(filed), count: Int32(filed.count))
    }

    /// Where group `g` is filed in the index, if it is.
    func filedPlacements(ofGroup g: Int) -> [LiteralIndex.Placement] {
        switch placements[g] {
        case .indexedOnce(let placement): [placement]
        case .indexed(let start, let count): placementRuns.run(from: start, count: count)
        case .always, .residual, .never: []
        }
    }

    /// The key ``offers`` counts `key` under: its hash, with its family.
    private static func offerKey(_ key: IndexKey) -> UInt64 {
        KeyHashing.hash(of: key) &+ UInt64(key.family.rawValue) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Counts the keys `group` offers among alternatives one of which is a short key, each
    /// once, and notes them for when the group is released (``forgetOffers(of:)``).
    private func noteOffers(of clauses: [[[IndexKey]]], by group: Int32) {
        var noted: [UInt64] = []
        for alternatives in clauses
        where alternatives.count > 1 && alternatives.contains(where: { $0.contains { $0.missCost > 0 } }) {
            for keys in alternatives {
                for key in keys {
                    let offerKey = Self.offerKey(key)
                    guard !noted.contains(offerKey) else { continue }
                    noted.append(offerKey)
                    offers[offerKey, default: 0] += 1
                }
            }
        }
        if !noted.isEmpty { offerKeysOfGroup[group] = noted }
    }

    /// Uncounts the keys released `group` offered.
    private func forgetOffers(of group: Int32) {
        guard let noted = offerKeysOfGroup.removeValue(forKey: group) else { return }
        for offerKey in noted {
            if let count = offers[offerKey] { offers[offerKey] = count > 1 ? count - 1 : nil }
        }
    }

    /// The keys a group whose predicate offers `clauses` is filed under, each once: every
    /// clause's alternative when it has one, else the one `choose` picks among its several
    /// (nil when `choose` declines, as a preparation made away from the index does).
    static func keys(filing clauses: [[[IndexKey]]], choose: ([[IndexKey]]) -> [IndexKey]?) -> [IndexKey]? {
        var chosen: [IndexKey] = []
        for alternatives in clauses {
            guard let keys = alternatives.count == 1 ? alternatives[0] : choose(alternatives) else { return nil }
            for key in keys where !chosen.contains(key) { chosen.append(key) }
        }
        return chosen
    }

    /// How routing verifies a hit on a group with predicate `root` (as `prepared` says, if
    /// given): its pattern test (any identifier), or for ASCII identifiers a single test or a
    /// program, or (`.none`) the compiled predicate.
    private func check(for root: CompiledNode, prepared: GroupPreparation.Verification?) -> ASCIICheck {
        switch prepared {
        case .check(let check)?: return check
        case .program(let program)?: return programs.store(program).map(ASCIICheck.program(at:)) ?? .none
        case nil: break
        }
        let single = Self.checkWithoutProgram(for: root)
        guard single.operation == .none, let program = ASCIIProgram.encode(root), let offset = programs.store(program)
        else {
            return single
        }
        return .program(at: offset)
    }

    /// The check of a predicate that is one pattern test (unless a program can verify it on
    /// ASCII identifiers: a `*`-only LIKE, a regex skeleton) or one literal test with an ASCII
    /// form; ``ASCIICheck/none`` for any other (which a program may verify).
    static func checkWithoutProgram(for root: CompiledNode) -> ASCIICheck {
        if case .pattern(let test) = root, test.literals.likeGlob == nil, test.skeleton == nil { return .pattern(test) }
        return ASCIICheck.of(root)
    }

    /// Drops an emptied group from every index.
    private func release(_ group: Int32) {
        let slot = Int(group)
        guard isLive(group: slot) else { preconditionFailure("releasing a free group") }
        forgetSettledRoutes()
        switch placements[slot] {
        case .always(let position):
            if let moved = Self.remove(at: position, from: always) {
                placements[Int(moved)] = .always(position: position)
            }
        case .residual(let position):
            if let moved = Self.remove(at: position, from: residual) {
                placements[Int(moved)] = .residual(position: position)
            }
        case .never: neverCount -= 1
        case .indexedOnce(let filed):
            unfileSingleKey(group, filed: filed)
        case .indexed(let start, let count):
            for placement in placementRuns.run(from: start, count: count) {
                rehint(index.remove(group, from: placement))
            }
            placementRuns.release(from: start, count: count)
            if placementRuns.needsCompaction { compactPlacementRuns() }
        }
        forgetOffers(of: group)
        groupsByHash.remove(group, at: internHash(ofGroup: slot))
        let program = heads[slot].check.programOffset
        let record = heads[slot].check.arenaTest
        let arguments = argumentsOfGroup[slot]
        predicates[slot] = nil
        formatOfGroup[slot] = Self.keptWhole
        argumentsOfGroup[slot] = -1
        roots[slot] = .constant(false)
        heads[slot] = GroupHead(rank: GroupHead.unranked, top: -1, check: .none)
        placements[slot] = .never
        freeGroups.append(group)
        liveGroups -= 1
        if let program {
            programs.release(at: program)
            if programs.needsCompaction { compactPrograms() }
        }
        if let record {
            literalTests.release(record)
            if literalTests.needsCompaction { compactLiteralTests() }
        }
        if arguments >= 0 {
            rootsOnDemand.forget(group)
            statedArguments.release(at: arguments)
            if statedArguments.needsCompaction { compactStatedArguments() }
        }
    }

    /// Rewrites the placement runs without released ones, updating the groups' placements.
    private func compactPlacementRuns() {
        var owners: [Int] = []
        var live: [(start: Int32, count: Int32)] = []
        for group in 0..<placements.count {
            guard case .indexed(let start, let count) = placements[group] else { continue }
            owners.append(group)
            live.append((start, count))
        }
        for (position, start) in placementRuns.compacted(live).enumerated() {
            placements[owners[position]] = .indexed(start: start, count: live[position].count)
        }
    }

    /// Rewrites the arena of stated arguments without released records, updating the groups'
    /// offsets.
    private func compactStatedArguments() {
        let owners = (0..<argumentsOfGroup.count).filter { argumentsOfGroup[$0] >= 0 }
        for (group, moved) in zip(owners, statedArguments.compacted(owners.map { argumentsOfGroup[$0] })) {
            argumentsOfGroup[group] = moved
        }
    }

    /// Rewrites the literal-test arena without released records, updating the groups'
    /// checks and the hints that point at their literals.
    private func compactLiteralTests() {
        let moved = compactArena(held: \.arenaTest, compacted: literalTests.compacted) { .arena($1) }
        for group in moved where !defersHints && heads[group].top >= 0 { hintIndexEntries(of: group) }
    }

    /// Rewrites the program arena without released programs, updating the groups' offsets.
    private func compactPrograms() {
        _ = compactArena(held: \.programOffset, compacted: programs.compacted) { $0.movingProgram(to: $1) }
    }

    /// Collects what each group's check holds in an arena (`held`), lets the arena move the
    /// live ones (`compacted`, position by position) and rewrites those checks (`rewrite`);
    /// returns the groups whose checks changed.
    private func compactArena<Held>(
        held: (ASCIICheck) -> Held?, compacted: ([Held]) -> [Held], rewrite: (ASCIICheck, Held) -> ASCIICheck
    ) -> [Int] {
        var owners: [Int] = []
        var live: [Held] = []
        for group in 0..<heads.count {
            guard let value = held(heads[group].check) else { continue }
            owners.append(group)
            live.append(value)
        }
        for (group, moved) in zip(owners, compacted(live)) { heads[group].check = rewrite(heads[group].check, moved) }
        return owners
    }

    /// Removes the group at `position` of `list` by moving the last one into its place;
    /// returns the moved group, whose placement must then name `position`.
    private static func remove(at position: Int32, from list: TableArray<Int32>) -> Int32? {
        let last = list.removeLast()
        guard Int(position) < list.count else { return nil }
        list[Int(position)] = last
        return last
    }

    // MARK: Membership

    /// Makes room for session slots below `count`.
    func coverSlots(_ count: Int) {
        groupOfSlot.reserveCapacity(count)
        positionOfSlot.reserveCapacity(count)
        while groupOfSlot.count < count {
            groupOfSlot.append(-1)
            positionOfSlot.append(-1)
        }
    }

    /// Puts session `slot` into the group of `predicate` (created on first use, with what
    /// `preparation` derived of it ahead). `order` ranks sessions (``IndexedHeap``) and
    /// `rank` gives a session's key.
    func enroll(
        _ slot: Int32, predicate: ActivationPredicate, preparation: GroupPreparation? = nil, order: Order,
        rank: (Int32) -> RankKey
    ) {
        let group = group(for: predicate, preparation: preparation)
        groupOfSlot[Int(slot)] = group
        let g = Int(group)
        let top = heads[g].top
        guard top >= 0 else {
            positionOfSlot[Int(slot)] = Self.lone
            setTop(g, slot, rank)
            return
        }
        if positionOfSlot[Int(top)] == Self.lone {
            positionOfSlot[Int(top)] = 0
            memberHeaps.insert([top], for: group)
        }
        let best = memberHeaps.withHeap(of: group) { heap in
            IndexedHeap.push(slot, into: &heap, before: order) { positionOfSlot[Int($0)] = $1 }
        }
        setTop(g, best, rank)
    }

    /// The predicate session `slot` is enrolled with (its group's: the same format and
    /// arguments), if it is enrolled.
    func predicate(ofSlot slot: Int32) -> ActivationPredicate? {
        let group = groupOfSlot[Int(slot)]
        return group >= 0 ? predicate(ofGroup: Int(group)) : nil
    }

    /// Takes session `slot` out of its group, releasing the group when it empties.
    func withdraw(_ slot: Int32, order: Order, rank: (Int32) -> RankKey) {
        let group = groupOfSlot[Int(slot)]
        let position = positionOfSlot[Int(slot)]
        guard group >= 0 else { return }
        groupOfSlot[Int(slot)] = -1
        positionOfSlot[Int(slot)] = -1
        let g = Int(group)
        if position == Self.lone {
            assert(heads[g].top == slot, "a single-member group holds another session")
            setTop(g, -1, rank)
        } else {
            let (best, remaining) = memberHeaps.withHeap(of: group) { heap in
                IndexedHeap.remove(at: Int(position), from: &heap, before: order) { positionOfSlot[Int($0)] = $1 }
                return (heap[0], heap.count)
            }
            if remaining == 1 {
                // Back to a lone member: no heap storage.
                memberHeaps.remove(group)
                positionOfSlot[Int(best)] = Self.lone
            }
            setTop(g, best, rank)
        }
        if heads[g].top < 0 { release(group) }
    }

    /// Restores the order after the rank of session `slot` changed.
    func reposition(_ slot: Int32, order: Order, rank: (Int32) -> RankKey) {
        let group = groupOfSlot[Int(slot)]
        guard group >= 0 else { return }
        let g = Int(group)
        let position = positionOfSlot[Int(slot)]
        guard position != Self.lone else {
            assert(heads[g].top == slot, "a single-member group holds another session")
            setTop(g, slot, rank)
            return
        }
        let best = memberHeaps.withHeap(of: group) { heap in
            IndexedHeap.restore(slot, at: Int(position), in: &heap, before: order) { positionOfSlot[Int($0)] = $1 }
        }
        setTop(g, best, rank)
    }

    typealias Order = (Int32, Int32) -> Bool

    private func setTop(_ g: Int, _ top: Int32, _ rank: (Int32) -> RankKey) {
        forgetSettledRoutes()
        let previous = heads[g].top
        heads[g].top = top
        heads[g].rank = top >= 0 ? rank(top) : GroupHead.unranked
        guard top >= 0 else { return }
        if top != previous && !defersHints { hintIndexEntries(of: g) }
        switch placements[g] {
        case .always, .never: return
        default:
            if let bound = rankBoundOutsideAlways, !heads[g].rank.ranksBefore(bound, recency: recency) { return }
            rankBoundOutsideAlways = heads[g].rank
        }
    }

    /// Forgets what ``settle()`` computed: every change that could alter it calls this first.
    @inline(__always)
    private func forgetSettledRoutes() {
        contenders = .unknown
        settledWinner = -1
    }

    /// Recomputes ``contenders`` and ``settledWinner`` from the groups' best sessions: after a
    /// build and after each change to the table, so that routes can rely on them until the
    /// next change.
    func settle() {
        // Every change that could alter them forgot them: a known list or winner is current.
        guard !contenders.isKnown, settledWinner < 0, always.count <= TierContenders.groupLimit else { return }
        var bestAlways: (rank: RankKey, slot: Int32)?
        for position in 0..<always.count {
            let head = heads[Int(always[position])]
            guard head.top >= 0 else { continue }
            if let best = bestAlways, !head.rank.ranksBefore(best.rank, recency: recency) { continue }
            bestAlways = (head.rank, head.top)
        }
        // As a route's contest decides: no group outside the always ones can beat this session.
        if let bestAlways, rankBoundOutsideAlways.map({ bestAlways.rank.ranksBefore($0, recency: recency) }) ?? true {
            settledWinner = bestAlways.slot
        }
        guard heads.count <= TierContenders.groupLimit else { return }
        // Best first: once one holds, the others cannot win and are not verified.
        var list = TierContenders.empty
        for g in 0..<heads.count where heads[g].top >= 0 {
            switch placements[g] {
            case .always, .never: continue
            case .residual, .indexedOnce, .indexed: break
            }
            if let bestAlways, !heads[g].rank.ranksBefore(bestAlways.rank, recency: recency) { continue }
            let inserted = list.insert(Int32(g)) { a, b in
                heads[Int(a)].rank.ranksBefore(heads[Int(b)].rank, recency: recency)
            }
            guard inserted else { return }
        }
        contenders = list
        // The bound only ever improves; the list says exactly whether any group can win.
        if list.isEmpty, let bestAlways { settledWinner = bestAlways.slot }
    }

    /// Tells the index where a route finding group `g` under its hashed keys will read next:
    /// its literal and its best session's record (``EntryHint``).
    private func hintIndexEntries(of g: Int) {
        let hint = hint(of: g)
        switch placements[g] {
        case .indexedOnce(let placement): index.setHint(hint, for: Int32(g), at: placement)
        case .indexed(let start, let count):
            for placement in placementRuns.run(from: start, count: count) {
                index.setHint(hint, for: Int32(g), at: placement)
            }
        case .always, .residual, .never: break
        }
    }

    /// Hints `group`'s keys again if it is a group with a session that an index change left
    /// alone in an entry it shared (or gave back its entry): a shared entry holds no hint.
    func rehint(_ group: Int32?) {
        guard let group, !defersHints, !PatternSets.isSet(group), heads[Int(group)].top >= 0 else { return }
        hintIndexEntries(of: Int(group))
    }

    private func hint(of g: Int) -> EntryHint {
        EntryHint(reading: heads[g].check.literalAddress, winner: heads[g].top)
    }

    /// While true (a build filling the tier), a group's new best session leaves the index's
    /// hints alone: setting each as it changes writes a random entry's hint, a cache miss per
    /// group at a million, where one pass in entry order at the end (``endBuild()``) costs a
    /// fraction of that.
    private var defersHints = true

    /// Ends the build: hints every hashed key's lone group once, from then on as its best
    /// session changes.
    func endBuild() {
        guard defersHints else { return }
        defersHints = false
        heads.withElements { heads in
            // A pattern set's pseudo-group has no head: its entry gets no hint.
            index.setHints(
                { PatternSets.isSet($0) ? .none : self.hint(of: Int($0)) },
                prefetch: { if !PatternSets.isSet($0) { scene_router_prefetch(heads.baseAddress! + Int($0)) } })
        }
    }

    /// For tests: every hashed key of every group with a session, as the hint a route finding
    /// the group there should get, the one the index holds, and whether other groups share
    /// the key (whose entry then holds none).
    func hintReport() -> [(wanted: EntryHint, held: EntryHint, shared: Bool)] {
        var report: [(wanted: EntryHint, held: EntryHint, shared: Bool)] = []
        for g in 0..<heads.count where isLive(group: g) && heads[g].top >= 0 {
            for placement in filedPlacements(ofGroup: g) {
                guard case .hashed = placement else { continue }
                report.append((hint(of: g), index.hint(for: Int32(g), at: placement), index.load(at: placement) > 1))
            }
        }
        return report
    }

    /// What one route reads of the tier, in place: plain pointers into the tier's buffers,
    /// which the tier owns and only writers (holding ``SceneRouter``'s write lock) move or
    /// change. A view lives inside ``withRoutingView(_:)`` only.
    struct RoutingView {
        let heads: UnsafePointer<GroupHead>
        let roots: UnsafePointer<CompiledNode>
        let programs: UnsafePointer<UInt8>
        let always: UnsafeBufferPointer<Int32>
        let residual: UnsafeBufferPointer<Int32>
        /// By set number (pseudo-group minus ``PatternSets/firstID``).
        let patternSets: UnsafePointer<PatternSet?>
        /// By group: -1 unless the group is kept as text, whose predicate the tier compiles
        /// again for identifiers its program does not decide (``PredicateTier/rootKeptAsText(ofGroup:)``).
        let argumentsOfGroup: UnsafePointer<Int32>
        /// The tier, unretained: the view lives inside the tier's own call.
        let tier: Unmanaged<PredicateTier>
    }

    /// Runs `body` with a view of the tier for one route; the caller holds the read lock.
    @inline(__always)
    func withRoutingView<Result>(_ body: (RoutingView) -> Result) -> Result {
        heads.withElements { heads in
            roots.withElements { roots in
                programs.withBytes { programs in
                    always.withElements { always in
                        residual.withElements { residual in
                            patternSetsByNumber.withElements { sets in
                                argumentsOfGroup.withElements { arguments in
                                    body(
                                        RoutingView(
                                            heads: heads.baseAddress!, roots: roots.baseAddress!, programs: programs,
                                            always: always, residual: residual, patternSets: sets.baseAddress!,
                                            argumentsOfGroup: arguments.baseAddress!,
                                            tier: Unmanaged.passUnretained(self)))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Probes the literal index in place (``LiteralIndex/probe(_:hasUppercase:_:)``).
    @inline(__always)
    func probe<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, hasUppercase: Bool, _ visitor: inout Visitor
    ) {
        index.probe(identifier, hasUppercase: hasUppercase, &visitor)
    }

    /// Groups matching every identifier, and groups evaluated on every route.
    var alwaysCount: Int { always.count }
    var residualCount: Int { residual.count }

    var approximateBytes: Int {
        roots.approximateBytes + heads.approximateBytes + memberHeaps.approximateBytes
            + programs.approximateBytes + literalTests.approximateBytes + patternSets.approximateBytes
            + placements.approximateBytes
            + groupOfSlot.approximateBytes + positionOfSlot.approximateBytes + predicates.approximateBytes
            + placementRuns.approximateBytes + formatOfGroup.approximateBytes + argumentsOfGroup.approximateBytes
            + statedArguments.approximateBytes
            + offers.capacity
            * (MemoryLayout<UInt64>.stride + MemoryLayout<UInt32>.stride)
            + groupsByHash.approximateBytes + index.approximateBytes + (always.count + residual.count) * 4
    }
}
