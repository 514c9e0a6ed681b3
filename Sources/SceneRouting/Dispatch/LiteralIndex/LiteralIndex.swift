/// Every literal key of one tier (prefer or can), for both key families: exact keys in a
/// hash, prefixes and suffixes in hashes probed once per key length in use by keys of the
/// identifier's four-byte class (``LengthClasses``), inner literals through gram tables
/// (8-byte grams for literals of 8+ bytes, which stay selective at a million predicates;
/// 4-byte grams for 4–7 bytes; shorter keys by their own lengths), each lone gram entry
/// tagged with its literal (``GramTag``). Keys are filed without their family, so an
/// ASCII identifier without upper case is walked once for every family.
///
/// Keys are folded for their family (``KeyFamily``, ``KeyFold``). An ASCII identifier is
/// read as is for case-sensitive keys and lowercased for the others, which is what those
/// folds do to ASCII; any other identifier is folded once per family that has keys, and
/// each fold is probed for its family's keys.
///
/// Probing an identifier of length n costs O(n + distinct key lengths) hash lookups plus
/// the groups found, independent of how many groups or sessions the tier holds.
///
/// A class, so probing reads its tables in place: a struct would be copied (and every
/// buffer it holds retained) for each probe that cannot prove the callback leaves it alone.
final class LiteralIndex {
    /// Counts and lengths of the keys one probe looks for: one family's, or (for ASCII
    /// identifiers read lowercased) both case-insensitive families' together.
    private struct FamilyKeys {
        /// Exact keys by ``ProbeSummary/exactLengthSlot(_:)``, so that its mask is the
        /// summary's ``ProbeSummary/exactMask``.
        var exactLengths = LengthSet()
        var prefixLengths = LengthSet()
        var suffixLengths = LengthSet()
        /// Inner keys shorter than 4 bytes, by their own lengths.
        var shortInnerLengths = LengthSet()
        var gram4Count = 0
        var gram8Count = 0

        var summary: ProbeSummary {
            ProbeSummary(
                exactMask: exactLengths.mask, prefixMask: prefixLengths.mask, suffixMask: suffixLengths.mask,
                shortInnerMask: shortInnerLengths.mask, gram4Count: gram4Count, gram8Count: gram8Count,
                hasLongLengths:
                    !(prefixLengths.long.isEmpty && suffixLengths.long.isEmpty && shortInnerLengths.long.isEmpty))
        }
    }

    /// What a probe needs of one family, in plain values: reading it copies no buffers.
    private struct ProbeSummary {
        /// Bit `min(l, 63)` set: some exact key is `l` bytes long. An identifier whose bit is
        /// clear is not hashed for exact keys: most identifiers are not as long as any `==`
        /// or `IN` literal of their tier.
        var exactMask: UInt64 = 0
        var prefixMask: UInt64 = 0
        var suffixMask: UInt64 = 0
        var shortInnerMask: UInt64 = 0
        var gram4Count = 0
        var gram8Count = 0
        /// Some prefix, suffix or short inner key is longer than 64 bytes: the probe then
        /// also walks the long length lists.
        var hasLongLengths = false

        /// The keys of both families at once, for an identifier that reads the same both ways.
        func union(_ other: ProbeSummary) -> ProbeSummary {
            ProbeSummary(
                exactMask: exactMask | other.exactMask, prefixMask: prefixMask | other.prefixMask,
                suffixMask: suffixMask | other.suffixMask, shortInnerMask: shortInnerMask | other.shortInnerMask,
                gram4Count: gram4Count + other.gram4Count, gram8Count: gram8Count + other.gram8Count,
                hasLongLengths: hasLongLengths || other.hasLongLengths)
        }

        /// Leaves out prefix and suffix keys (compared directly instead: ``FlatKeys``).
        mutating func dropAnchoredKeys() {
            (prefixMask, suffixMask) = (0, 0)
            // Short inner keys are under 4 bytes: only prefixes and suffixes can be long.
            hasLongLengths = false
        }

        /// Leaves out inner keys (compared directly instead).
        mutating func dropInnerKeys() {
            (shortInnerMask, gram4Count, gram8Count) = (0, 0, 0)
        }

        /// The inner keys alone.
        var innerKeysOnly: ProbeSummary {
            var summary = self
            summary.dropAnchoredKeys()
            summary.exactMask = 0
            return summary
        }

        /// Whether some exact key may be `length` bytes long.
        @inline(__always)
        func mayHoldExactKey(ofLength length: Int) -> Bool { exactMask & Self.exactLengthBit(length) != 0 }

        /// The bit of ``exactMask`` for `length` (lengths of 63 bytes or more share the top one).
        @inline(__always)
        static func exactLengthBit(_ length: Int) -> UInt64 { 1 << UInt64(exactLengthSlot(length) - 1) }

        /// Where ``FamilyKeys/exactLengths`` counts exact keys of `length`: one up, since a
        /// ``LengthSet`` counts from 1 and an exact key may be empty.
        @inline(__always)
        static func exactLengthSlot(_ length: Int) -> Int { min(length, 63) + 1 }

        var isEmpty: Bool {
            exactMask == 0 && prefixMask == 0 && suffixMask == 0 && shortInnerMask == 0 && gram4Count == 0
                && gram8Count == 0 && !hasLongLengths
        }
    }

    /// The walks over hashed keys that probing an ASCII identifier makes, decided when keys
    /// change rather than on every route.
    private struct ASCIIWalks {
        /// Case-sensitive keys, looked up in the identifier as is.
        let raw: ProbeSummary
        /// Both case-insensitive families' keys, looked up in the identifier lowercased.
        let lowercase: ProbeSummary
        let hasRawKeys: Bool
        let hasLowercaseKeys: Bool
        /// Both at once, for an identifier without upper case (it reads the same both ways,
        /// and keys are filed without their family): half the walks for most identifiers.
        /// Nil when either has no keys, or keys over 64 bytes, which are listed per family.
        let united: ProbeSummary?

        init(raw: ProbeSummary = ProbeSummary(), lowercase: ProbeSummary = ProbeSummary()) {
            (self.raw, self.lowercase) = (raw, lowercase)
            (hasRawKeys, hasLowercaseKeys) = (!raw.isEmpty, !lowercase.isEmpty)
            united =
                hasRawKeys && hasLowercaseKeys && !raw.hasLongLengths && !lowercase.hasLongLengths
                ? raw.union(lowercase) : nil
        }
    }

    /// While the index holds at most `flatLimit` keys besides exact ones, those keys as probes
    /// compare them directly (``FlatKeys``; inner keys only while there are few), exact keys
    /// still hashed; nil from the first key past the limit (or filed without its bytes, or a
    /// bucket that pattern sets change) on, for good: then probes hash every key. The hash
    /// and gram tables hold every key all along.
    @exclusivity(unchecked) private var flat: FlatKeys?
    /// The memory `flat` views, nil exactly when it is: the view is kept beside it so that a
    /// probe reads plain pointers, as it could not through the noncopyable storage.
    @exclusivity(unchecked) private var flatStorage: FlatKeys.Storage?

    /// An empty index that compares keys directly while it holds at most `flatLimit` besides
    /// exact keys.
    init(flatLimit: Int) {
        asciiWalks.initialize(repeating: ASCIIWalks(), count: 2)
        if flatLimit > 0 {
            flatStorage = FlatKeys.Storage(capacity: flatLimit)
            flat = flatStorage?.view
        }
    }

    deinit {
        asciiWalks.deinitialize(count: 2)
        asciiWalks.deallocate()
    }

    /// Whether prefix and suffix lookups, and gram lookups, go in batches fetched ahead (their
    /// tables outgrow a core's private caches). For tests.
    var probesInBatches: (anchored: Bool, grams: Bool) {
        (table.outgrowsPrivateCache, grams.outgrowsPrivateCache)
    }

    /// Whether the index still compares keys directly, so a key other than an exact one must
    /// be filed with its bytes (``insert(_:key:)``) rather than hashed ahead
    /// (``insert(_:hashed:)``).
    var comparesKeysDirectly: Bool { flat != nil }

    private func dropFlatKeys() {
        flat = nil
        flatStorage = nil
    }

    private let table = GroupBuckets(hinted: true)
    private let prefixClasses = LengthClasses()
    private let suffixClasses = LengthClasses()
    private let grams = GroupBuckets(tagged: true)
    private let gram4Leads = GramLeads()
    private let gram8Leads = GramLeads()
    /// The leads of both widths: a probe for keys of both walks the identifier once.
    private let anyGramLeads = GramLeads()
    /// The third and fourth bytes of every filed gram: a position whose lead begins a gram is
    /// looked up only if the two bytes after the lead are some gram's too. Most positions
    /// that pass the lead (a `-` or a digit, in many grams) fail here, before their gram is
    /// read and hashed.
    private let gramSeconds = GramLeads()
    /// How far a walk for grams of 4 bytes, 8 bytes or both moves on from a position that
    /// cannot begin one of them (``GramShifts``).
    private let gram4Shifts = GramShifts()
    private let gram8Shifts = GramShifts()
    private let anyGramShifts = GramShifts()
    /// Which keys a probe looks for.
    private enum KeySet {
        case family(KeyFamily)
        /// Both case-insensitive families: what a lowercased ASCII identifier is probed for.
        case anyCaseInsensitive
    }

    private var caseSensitiveKeys = FamilyKeys()
    private var caseInsensitiveKeys = FamilyKeys()
    private var diacriticKeys = FamilyKeys()
    private var anyCaseInsensitiveKeys = FamilyKeys()
    @exclusivity(unchecked) private var caseSensitiveSummary = ProbeSummary()
    @exclusivity(unchecked) private var caseInsensitiveSummary = ProbeSummary()
    @exclusivity(unchecked) private var diacriticSummary = ProbeSummary()
    @exclusivity(unchecked) private var anyCaseInsensitiveSummary = ProbeSummary()
    /// The walks for every hashed key, then those for inner keys alone (while the others are
    /// compared directly): memory of the index's own, which a probe reads in place. Passed as
    /// values, both walks' summaries would be copied on every probe to read one of them.
    private let asciiWalks = UnsafeMutablePointer<ASCIIWalks>.allocate(capacity: 2)
    private var innerASCIIWalks: UnsafeMutablePointer<ASCIIWalks> { asciiWalks + 1 }
    /// The three families' summaries merged, but for those with keys over 64 bytes (listed
    /// in `familiesWithLongKeys`): what a fold alike for all three is probed for, kept so
    /// that most folded probes merge nothing.
    @exclusivity(unchecked) private var allFamiliesSummary = ProbeSummary()
    @exclusivity(unchecked) private var familiesWithLongKeys = KeyFamilySet.empty
    /// The families some key is filed for (a non-ASCII identifier is folded for them only).
    @exclusivity(unchecked) private(set) var familiesWithKeys = KeyFamilySet.empty

    private static func gramWidth(forKeyLength length: Int) -> Int { length >= 8 ? 8 : 4 }

    private func keys(_ set: KeySet) -> FamilyKeys {
        switch set {
        case .family(.caseSensitive): caseSensitiveKeys
        case .family(.caseInsensitive): caseInsensitiveKeys
        case .family(.caseAndDiacriticInsensitive): diacriticKeys
        case .anyCaseInsensitive: anyCaseInsensitiveKeys
        }
    }

    private func update(_ family: KeyFamily, _ change: (inout FamilyKeys) -> Void) {
        switch family {
        case .caseSensitive:
            change(&caseSensitiveKeys)
            caseSensitiveSummary = caseSensitiveKeys.summary
        case .caseInsensitive:
            change(&caseInsensitiveKeys)
            caseInsensitiveSummary = caseInsensitiveKeys.summary
        case .caseAndDiacriticInsensitive:
            change(&diacriticKeys)
            diacriticSummary = diacriticKeys.summary
        }
        mergeFamilySummaries()
        if family != .caseSensitive {
            change(&anyCaseInsensitiveKeys)
            anyCaseInsensitiveSummary = anyCaseInsensitiveKeys.summary
        }
        asciiWalks.pointee = ASCIIWalks(raw: caseSensitiveSummary, lowercase: anyCaseInsensitiveSummary)
        innerASCIIWalks.pointee = ASCIIWalks(
            raw: caseSensitiveSummary.innerKeysOnly, lowercase: anyCaseInsensitiveSummary.innerKeysOnly)
    }

    private func mergeFamilySummaries() {
        allFamiliesSummary = ProbeSummary()
        familiesWithLongKeys = .empty
        familiesWithKeys = .empty
        for family in KeyFamilySet.all {
            let summary = summary(of: family)
            if !summary.isEmpty { familiesWithKeys.insert(family) }
            if summary.hasLongLengths {
                familiesWithLongKeys.insert(family)
            } else {
                allFamiliesSummary = allFamiliesSummary.union(summary)
            }
        }
    }

    private func summary(of family: KeyFamily) -> ProbeSummary {
        switch family {
        case .caseSensitive: caseSensitiveSummary
        case .caseInsensitive: caseInsensitiveSummary
        case .caseAndDiacriticInsensitive: diacriticSummary
        }
    }

    /// Where a key was filed, so it can be removed.
    enum Placement: Sendable, Equatable {
        /// The bucket this placement is in: placements with the same bucket share every
        /// group a probe finds there.
        var bucket: Bucket {
            switch self {
            case .gram(let slot, _, _, _, _): Bucket(isGram: true, key: slot)
            case .hashed(let hash, _, _, _, _): Bucket(isGram: false, key: hash)
            }
        }

        /// `lengthClass` is meaningful for classed prefix and suffix keys only (it fits in
        /// what would otherwise be padding).
        case hashed(UInt64, kind: IndexKey.Kind, family: KeyFamily, lengthClass: LengthClasses.Key, extent: KeyExtent)
        case gram(UInt64, family: KeyFamily, width: Int8, lead: UInt16, second: UInt16)
    }

    /// One bucket of the index: the key table's or the gram table's, by its key. Ordered
    /// (key table first) so that work over several buckets is deterministic.
    struct Bucket: Hashable, Comparable, Sendable {
        var isGram: Bool
        var key: UInt64

        static func < (a: Bucket, b: Bucket) -> Bool { (a.isGram ? 1 : 0, a.key) < (b.isGram ? 1 : 0, b.key) }
    }

    /// The bucket key of a gram (width mixed in; not the family: see ``KeyHashing``).
    @inline(__always)
    static func gramKey(_ gram: UInt64, width: Int) -> UInt64 {
        // One multiply: the buckets use the high 32 bits, which every bit of the gram reaches.
        (gram ^ UInt64(width) << 59) &* 0xD6E8_FEB8_6659_FD93
    }

    /// The gram bucket keys of an inner key of 4+ bytes, with their offsets in the key and
    /// how many groups each holds.
    private func gramSlots(
        of key: IndexKey, _ body: (_ slot: UInt64, _ offset: Int, _ load: Int, _ lead: UInt16) -> Void
    ) {
        let width = Self.gramWidth(forKeyLength: key.bytes.count)
        key.bytes.withUnsafeBufferPointer { bytes in
            for offset in 0...(bytes.count - width) {
                let gram = KeyHashing.gram(bytes, at: offset, width: width, .raw)
                let slot = Self.gramKey(gram, width: width)
                body(slot, offset, grams.load(at: slot), GramLeads.lead(of: gram))
            }
        }
    }

    /// How many groups are filed where `key` would go (for an inner key of 4+ bytes: its
    /// least shared gram): probes pay for every group in the buckets they hit.
    func load(of key: IndexKey) -> Int {
        if key.kind == .inner && key.bytes.count >= 4 {
            var least = Int.max
            gramSlots(of: key) { _, _, load, _ in least = min(least, load) }
            return least
        }
        return table.load(at: KeyHashing.hash(of: key))
    }

    /// Whether filing `key` would make probes of its family look for inner keys, which they
    /// do not yet: every route the tier sees would then pay for it (a pass over the identifier
    /// comparing the key, or looking up grams), not only the routes that hit the key.
    func addsInnerProbe(for key: IndexKey) -> Bool {
        guard key.kind == .inner else { return false }
        let keys = summary(of: key.family)
        return keys.shortInnerMask == 0 && keys.gram4Count == 0 && keys.gram8Count == 0
    }

    /// Whether filing `key` would make probes of its family look for keys of its kind and
    /// length, which they do not yet (a short prefix, suffix or inner key, ``IndexKey/missCost``):
    /// a second such key costs routes nothing the first did not. True while keys are compared
    /// directly (``comparesKeysDirectly``), whose cost goes by the keys themselves.
    func addsProbe(for key: IndexKey) -> Bool {
        guard flat == nil, key.bytes.count < 64 else { return true }
        let keys = summary(of: key.family)
        let bit = UInt64(1) << UInt64(key.bytes.count)
        switch key.kind {
        case .exact: return keys.exactMask & bit == 0
        case .prefix: return keys.prefixMask & bit == 0
        case .suffix: return keys.suffixMask & bit == 0
        case .inner: return key.bytes.count < 4 ? keys.shortInnerMask & bit == 0 : addsInnerProbe(for: key)
        }
    }

    /// Files `group` under `key`.
    func insert(_ group: Int32, key: IndexKey) -> Placement {
        if key.kind == .inner && key.bytes.count >= 4 {
            // The gram least shared so far keeps buckets small; of equally shared ones, the
            // last: literals sharing a head (`ドキュメント/N/`, `https://host/item/N`) differ
            // at the end, and a gram in the head is probed by every identifier that has it.
            var (best, bestOffset, bestLoad, bestLead): (UInt64, Int, Int, UInt16) = (0, 0, .max, 0)
            gramSlots(of: key) { slot, offset, load, lead in
                if load <= bestLoad { (best, bestOffset, bestLoad, bestLead) = (slot, offset, load, lead) }
            }
            let tag = key.bytes.withUnsafeBufferPointer { GramTag(literal: $0, gramOffset: bestOffset) }
            grams.insert(group, at: best, tag: tag.rawValue)
            let width = Self.gramWidth(forKeyLength: key.bytes.count)
            let second = key.bytes.withUnsafeBufferPointer { KeyHashing.gramLead($0, at: bestOffset + 2, .raw) }
            (width == 8 ? gram8Leads : gram4Leads).insert(bestLead)
            anyGramLeads.insert(bestLead)
            gramSeconds.insert(second)
            (width == 8 ? gram8Shifts : gram4Shifts).insert(lead: bestLead, second: second)
            anyGramShifts.insert(lead: bestLead, second: second)
            update(key.family) { if width == 8 { $0.gram8Count += 1 } else { $0.gram4Count += 1 } }
            return noteFlat(
                key, group, .gram(best, family: key.family, width: Int8(width), lead: bestLead, second: second))
        }
        return noteFlat(key, group, file(group, hashed: Self.hashed(key)!))
    }

    /// Keeps `key` among the directly compared keys while there is room; returns `placement`.
    private func noteFlat(_ key: IndexKey, _ group: Int32, _ placement: Placement) -> Placement {
        guard key.kind != .exact, let flat else { return placement }
        // An empty key (no literal offers one, but a fold could leave one) is left to hashing.
        guard flat.count < flat.capacity, !key.bytes.isEmpty else {
            dropFlatKeys()
            return placement
        }
        flat.insert(key, group: group, placement: placement)
        return placement
    }

    /// What filing a key in the hash table takes, derived from the key alone: the placement
    /// it gets (``Placement/hashed(_:kind:family:lengthClass:extent:)``).
    struct HashedKey: BitwiseCopyable, Equatable {
        // Widest first: 16 bytes.
        fileprivate let hash: UInt64
        fileprivate let extent: KeyExtent
        fileprivate let lengthClass: LengthClasses.Key
        fileprivate let kind: IndexKey.Kind
        fileprivate let family: KeyFamily

        /// Whether this is an exact key's form.
        var isExact: Bool { kind == .exact }

        /// A value for unused room (``HashedKeys``); never filed.
        static let placeholder = HashedKey(
            hash: 0, extent: KeyExtent(length: 0, far: nil), lengthClass: 0, kind: .exact, family: .caseSensitive)
    }

    /// The hashed form of an exact, prefix, suffix or short inner key; nil for an inner key
    /// of 4+ bytes, which goes by its grams (chosen by how crowded they are at the time).
    static func hashed(_ key: IndexKey) -> HashedKey? {
        if key.kind == .inner && key.bytes.count >= 4 { return nil }
        let length = key.bytes.count
        let anchored = key.kind == .prefix || key.kind == .suffix
        let lengthClass: LengthClasses.Key =
            anchored && LengthClasses.isClassed(length: length)
            ? key.bytes.withUnsafeBufferPointer { LengthClasses.key(of: $0, reversed: key.kind == .suffix, .raw) } : 0
        let far =
            anchored && LengthClasses.isRecorded(length: length)
            ? (key.kind == .suffix ? key.bytes.first : key.bytes.last) : nil
        return HashedKey(
            hash: KeyHashing.hash(of: key), extent: KeyExtent(length: length, far: far), lengthClass: lengthClass,
            kind: key.kind, family: key.family)
    }

    /// Files `group` under a key ``hashed(_:)`` derived; from then on probes hash (unless the
    /// key is exact, which they hash anyway), having no bytes to compare this key with.
    func insert(_ group: Int32, hashed key: HashedKey) -> Placement {
        if !key.isExact { dropFlatKeys() }
        return file(group, hashed: key)
    }

    private func file(_ group: Int32, hashed key: HashedKey) -> Placement {
        table.insert(group, at: key.hash)
        let length = key.extent.length
        if let far = key.extent.far { lengthClasses(of: key.kind)?.add(length, far: far, to: key.lengthClass) }
        update(key.family) { keys in
            switch key.kind {
            case .exact: keys.exactLengths.insert(ProbeSummary.exactLengthSlot(length))
            case .prefix: keys.prefixLengths.insert(length)
            case .suffix: keys.suffixLengths.insert(length)
            case .inner: keys.shortInnerLengths.insert(length)
            }
        }
        return .hashed(key.hash, kind: key.kind, family: key.family, lengthClass: key.lengthClass, extent: key.extent)
    }

    /// The length classes a recorded prefix or suffix key is in.
    private func lengthClasses(of kind: IndexKey.Kind) -> LengthClasses? {
        kind == .prefix ? prefixClasses : kind == .suffix ? suffixClasses : nil
    }

    /// Returns the group this left alone in a hashed key's entry, if any, for its hints
    /// (``setHint(_:for:at:)``).
    @discardableResult
    func remove(_ group: Int32, from placement: Placement) -> Int32? {
        let lone = removeEntry(group, from: placement, keepingFlatKeys: true)
        forgetKey(of: placement)
        flat?.remove(group, at: placement)
        return lone
    }

    /// Takes `group` out of the bucket of `placement` and nothing else: the key stays counted
    /// (its length probed, its gram lead kept), as a pattern set filed there needs
    /// (``PatternSets``); ``forgetKey(of:)`` completes the removal later.
    /// Probes hash from then on: a bucket's groups are no longer those of its keys.
    /// Returns the group this left alone in a hashed key's entry, as ``remove(_:from:)`` does.
    @discardableResult
    func removeEntry(_ group: Int32, from placement: Placement) -> Int32? {
        removeEntry(group, from: placement, keepingFlatKeys: false)
    }

    private func removeEntry(_ group: Int32, from placement: Placement, keepingFlatKeys: Bool) -> Int32? {
        if !keepingFlatKeys { dropFlatKeys() }
        switch placement {
        case .gram(let slot, _, _, _, _):
            grams.remove(group, at: slot)
            return nil
        case .hashed(let hash, _, _, _, _): return table.remove(group, at: hash)
        }
    }

    /// Files `group` in the bucket of `placement`, which some filed key already counts
    /// (untagged in a gram bucket: the group is a candidate wherever the gram occurs).
    /// Probes hash from then on.
    func addEntry(_ group: Int32, at placement: Placement) {
        dropFlatKeys()
        switch placement {
        case .gram(let slot, _, _, _, _): grams.insert(group, at: slot)
        case .hashed(let hash, _, _, _, _): table.insert(group, at: hash)
        }
    }

    /// The groups in the bucket of `placement`.
    func forEachEntry(at placement: Placement, _ body: (Int32) -> Void) {
        switch placement {
        case .gram(let slot, _, _, _, _): grams.forEach(at: slot, body)
        case .hashed(let hash, _, _, _, _): table.forEach(at: hash, body)
        }
    }

    /// How many groups the bucket of `placement` holds.
    func load(at placement: Placement) -> Int {
        switch placement {
        case .gram(let slot, _, _, _, _): grams.load(at: slot)
        case .hashed(let hash, _, _, _, _): table.load(at: hash)
        }
    }

    /// Stops counting the key of `placement`, whose group ``removeEntry(_:from:)`` took out.
    func forgetKey(of placement: Placement) {
        switch placement {
        case .gram(_, let family, let width, let lead, let second):
            (width == 8 ? gram8Leads : gram4Leads).remove(lead)
            anyGramLeads.remove(lead)
            gramSeconds.remove(second)
            (width == 8 ? gram8Shifts : gram4Shifts).remove(lead: lead, second: second)
            anyGramShifts.remove(lead: lead, second: second)
            update(family) { if width == 8 { $0.gram8Count -= 1 } else { $0.gram4Count -= 1 } }
        case .hashed(_, let kind, let family, let lengthClass, let extent):
            let length = extent.length
            if let far = extent.far { lengthClasses(of: kind)?.remove(length, far: far, from: lengthClass) }
            update(family) { keys in
                switch kind {
                case .exact: keys.exactLengths.remove(ProbeSummary.exactLengthSlot(length))
                case .prefix: keys.prefixLengths.remove(length)
                case .suffix: keys.suffixLengths.remove(length)
                case .inner: keys.shortInnerLengths.remove(length)
                }
            }
        }
    }

    /// Hands `visitor` every group whose key occurs in `identifier` (ASCII), possibly
    /// more than once. `hasUppercase` must say whether it has an upper-case letter
    /// (``ASCIIText/classify(_:)``: the route knows already).
    /// - Complexity: O(n · (1 + short inner lengths) + prefix/suffix lengths) lookups.
    @inline(__always)
    func probe<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, hasUppercase: Bool, _ visitor: inout Visitor
    ) {
        if let flat {
            probe(identifier, hasUppercase: hasUppercase, comparing: flat, &visitor)
            return
        }
        probe(identifier, hasUppercase: hasUppercase, hashing: asciiWalks, &visitor)
    }

    /// ``probe(_:hasUppercase:_:)`` while most keys are compared directly: exact keys (and
    /// inner keys, if many) are still looked up by hash. Out of line, so that the probe of
    /// larger tables, inlined where it is used, carries none of this code.
    @inline(never)
    private func probe<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, hasUppercase: Bool, comparing flat: FlatKeys, _ visitor: inout Visitor
    ) {
        // Exact keys: one lookup however many there are (an identifier without upper case
        // reads the same both ways, and keys are filed without family).
        let count = identifier.count
        let lowercaseExact = anyCaseInsensitiveSummary.mayHoldExactKey(ofLength: count)
        if caseSensitiveSummary.mayHoldExactKey(ofLength: count) || lowercaseExact {
            table.forEach(at: KeyHashing.exactHash(identifier, reading: .raw)) { visitor.visit($0) }
            if lowercaseExact && hasUppercase {
                let lowercased = KeyHashing.exactHash(identifier, reading: .lowercase)
                table.forEach(at: lowercased) { visitor.visit($0) }
            }
        }
        if !flat.comparesInnerKeys {
            probe(identifier, hasUppercase: hasUppercase, hashing: innerASCIIWalks, &visitor)
        }
        if flat.mayMatch(identifier) { flat.probe(identifier, hasUppercase: hasUppercase, &visitor) }
    }

    /// Looks up the keys `walks` counts by hash, in the readings they need.
    @inline(__always)
    private func probe<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, hasUppercase: Bool, hashing walks: UnsafePointer<ASCIIWalks>,
        _ visitor: inout Visitor
    ) {
        if !hasUppercase, let united = walks.pointee.united {
            probe(identifier, reading: .raw, united, .family(.caseSensitive), &visitor)
            return
        }
        if walks.pointee.hasRawKeys {
            probe(identifier, reading: .raw, walks.pointee.raw, .family(.caseSensitive), &visitor)
        }
        if walks.pointee.hasLowercaseKeys {
            probe(identifier, reading: .lowercase, walks.pointee.lowercase, .anyCaseInsensitive, &visitor)
        }
    }

    /// Hands `visitor` every group with a key of one of `families` that occurs in `folded`:
    /// an identifier whose folds for each of them (``KeyFold``) are these bytes, read as is.
    /// Keys are filed without their family, so one walk finds the keys of every family whose
    /// fold is the same (most lower-case identifiers fold alike for all three).
    func probe<Visitor: GroupVisitor & ~Copyable>(
        folded: UnsafeBufferPointer<UInt8>, _ families: KeyFamilySet, _ visitor: inout Visitor
    ) {
        if flat == nil && families == .all {
            var long = familiesWithLongKeys
            while let family = long.first {
                probe(folded, reading: .raw, summary(of: family), .family(family), fetchingAhead: false, &visitor)
                long.subtract(KeyFamilySet(family))
            }
            if !allFamiliesSummary.isEmpty {
                probe(
                    folded, reading: .raw, allFamiliesSummary, .family(.caseSensitive), fetchingAhead: false, &visitor)
            }
            return
        }
        var merged = ProbeSummary()
        for family in families {
            var summary = summary(of: family)
            if let flat {
                flat.probe(folded: folded, family, &visitor)
                if flat.comparesInnerKeys { summary.dropInnerKeys() }
                summary.dropAnchoredKeys()
            }
            guard !summary.isEmpty else { continue }
            // Keys over 64 bytes are listed per family: a family that has some walks alone.
            if summary.hasLongLengths {
                probe(folded, reading: .raw, summary, .family(family), fetchingAhead: false, &visitor)
                continue
            }
            merged = merged.union(summary)
        }
        guard !merged.isEmpty else { return }
        // The key set names whose long-length lists to read, and the merged keys have none.
        probe(folded, reading: .raw, merged, .family(.caseSensitive), fetchingAhead: false, &visitor)
    }

    /// The lengths of `mask` (bit l - 1: length l) up to `limit`, ascending, then those of
    /// `long` up to `limit`. An iterator, not a closure-taking loop, so probes inline it.
    private struct Lengths: IteratorProtocol {
        private var bits: UInt64
        private let long: [Int]?
        private var longIndex = 0
        private let limit: Int

        @inline(__always)
        init(_ mask: UInt64, long: [Int]?, upTo limit: Int) {
            bits = limit >= 64 ? mask : mask & ((1 << UInt64(max(0, limit))) &- 1)
            self.long = limit > 64 ? long : nil
            self.limit = limit
        }

        @inline(__always)
        mutating func next() -> Int? {
            if bits != 0 {
                defer { bits &= bits &- 1 }
                return bits.trailingZeroBitCount + 1
            }
            guard let long, longIndex < long.count, long[longIndex] <= limit else { return nil }
            longIndex += 1
            return long[longIndex - 1]
        }
    }

    /// `fetchingAhead`: look up prefixes, suffixes and grams in batches fetched ahead when
    /// their tables are large (ASCII identifiers; folded ones spend more of a route folding
    /// and verifying, and gain nothing from it).
    private func probe<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, reading family: ByteReading, _ keys: ProbeSummary, _ keySet: KeySet,
        fetchingAhead: Bool = true, _ visitor: inout Visitor
    ) {
        let count = identifier.count
        // The long-length lists (keys over 64 bytes) are read only when some exist.
        func long(_ lengths: (FamilyKeys) -> LengthSet) -> [Int]? {
            guard keys.hasLongLengths else { return nil }
            return lengths(self.keys(keySet)).long
        }
        // The exact key's entry is a likely hit and, at scale, a cache miss: it is fetched
        // first and read last, so the miss overlaps the other probes.
        let exactHash = keys.mayHoldExactKey(ofLength: count) ? KeyHashing.exactHash(identifier, reading: family) : nil
        if let exactHash { table.prefetch(at: exactHash) }
        // Most identifiers' classes, or the bytes at their lengths' far ends, admit no prefix
        // or suffix length: then nothing is hashed. Both filters stay here, not in
        // `probeAnchored`: the compiler keeps that call out of line, and making it for nothing
        // cost most routes more than the filters.
        if keys.prefixMask != 0 || keys.hasLongLengths {
            let lengths = Self.lengths(keys.prefixMask, admittedTo: identifier, .prefix, family, prefixClasses)
            if lengths != 0 || keys.hasLongLengths {
                probeAnchored(
                    identifier, kind: .prefix, reading: family, lengths: lengths, longLengths: long(\.prefixLengths),
                    fetchingAhead: fetchingAhead, into: &visitor)
            }
        }
        if keys.suffixMask != 0 || keys.hasLongLengths {
            let lengths = Self.lengths(keys.suffixMask, admittedTo: identifier, .suffix, family, suffixClasses)
            if lengths != 0 || keys.hasLongLengths {
                probeAnchored(
                    identifier, kind: .suffix, reading: family, lengths: lengths, longLengths: long(\.suffixLengths),
                    fetchingAhead: fetchingAhead, into: &visitor)
            }
        }
        if keys.shortInnerMask != 0 {
            var lengths = Lengths(keys.shortInnerMask, long: nil, upTo: count)
            while let length = lengths.next() {
                for start in 0...(count - length) {
                    let hash = KeyHashing.hash(
                        identifier, from: start, length: length, reading: family, kind: .inner)
                    table.forEach(at: hash) { visitor.visit($0) }
                }
            }
        }
        if keys.gram4Count > 0 && keys.gram8Count > 0 && count >= 8 && !(fetchingAhead && grams.outgrowsPrivateCache) {
            probeGramsOfBothWidths(identifier, reading: family, &visitor)
        } else {
            if keys.gram4Count > 0 && count >= 4 {
                probeGrams(
                    identifier, width: 4, leads: gram4Leads, gram4Shifts, reading: family, fetchingAhead: fetchingAhead,
                    &visitor)
            }
            if keys.gram8Count > 0 && count >= 8 {
                probeGrams(
                    identifier, width: 8, leads: gram8Leads, gram8Shifts, reading: family, fetchingAhead: fetchingAhead,
                    &visitor)
            }
        }
        if let exactHash { table.forEachHinted(at: exactHash) { visitor.visit($0, hint: EntryHint(rawValue: $1)) } }
    }

    /// Probes the grams of `width` bytes at every position of `identifier` (at least `width`
    /// long) that begins some filed gram.
    @inline(__always)
    private func probeGrams<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, width: Int, leads: GramLeads, _ shifts: GramShifts,
        reading family: ByteReading, fetchingAhead: Bool, _ visitor: inout Visitor
    ) {
        if fetchingAhead && grams.outgrowsPrivateCache {
            probeGramsInBatches(identifier, width: width, leads: leads, shifts, reading: family, &visitor)
            return
        }
        let shifts = shifts.shifts
        leads.withBits { bits in
            gramSeconds.withBits { seconds in
                let last = identifier.count - width
                var start = Self.nextGramStart(identifier, from: 0, through: last, bits, seconds, shifts, family)
                while start <= last {
                    visitGram(identifier, at: start, width: width, reading: family, &visitor)
                    start = Self.nextGramStart(
                        identifier, from: start + 1, through: last, bits, seconds, shifts, family)
                }
            }
        }
    }

    /// ``probeGrams(_:width:leads:reading:fetchingAhead:_:)`` for both widths in one walk over
    /// `identifier` (at least 8 bytes), passing the positions that begin a gram of neither.
    @inline(never)
    private func probeGramsOfBothWidths<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, reading family: ByteReading, _ visitor: inout Visitor
    ) {
        let shifts = anyGramShifts.shifts
        anyGramLeads.withBits { any in
            gram4Leads.withBits { bits4 in
                gram8Leads.withBits { bits8 in
                    gramSeconds.withBits { seconds in
                        let last4 = identifier.count - 4
                        let last8 = identifier.count - 8
                        var start = Self.nextGramStart(
                            identifier, from: 0, through: last4, any, seconds, shifts, family)
                        while start <= last4 {
                            let lead = KeyHashing.gramLead(identifier, at: start, family)
                            if GramLeads.contains(bits4, lead) {
                                visitGram(identifier, at: start, width: 4, reading: family, &visitor)
                            }
                            if start <= last8 && GramLeads.contains(bits8, lead) {
                                visitGram(identifier, at: start, width: 8, reading: family, &visitor)
                            }
                            start = Self.nextGramStart(
                                identifier, from: start + 1, through: last4, any, seconds, shifts, family)
                        }
                    }
                }
            }
        }
    }

    /// Hands `visitor` the groups filed under the gram of `width` bytes at `start` whose tags
    /// admit the identifier around it.
    @inline(__always)
    private func visitGram<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, at start: Int, width: Int, reading family: ByteReading,
        _ visitor: inout Visitor
    ) {
        let gram = KeyHashing.gram(identifier, at: start, width: width, family)
        grams.forEachTagged(at: Self.gramKey(gram, width: width)) { group, tag in
            if GramTag(rawValue: tag).admits(identifier, gramStart: start, reading: family) { visitor.visit(group) }
        }
    }

    /// ``probeGrams(_:width:leads:reading:_:)`` for a gram table past a core's private caches,
    /// where each lookup is a cache miss: the keys of a batch of positions are computed and
    /// their entries fetched first, so that the misses overlap, and then looked up, in the
    /// same order.
    @inline(never)
    private func probeGramsInBatches<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, width: Int, leads: GramLeads, _ shifts: GramShifts,
        reading family: ByteReading, _ visitor: inout Visitor
    ) {
        let batch = 16
        let shifts = shifts.shifts
        leads.withBits { bits in
            gramSeconds.withBits { seconds in
                withUnsafeTemporaryAllocation(of: (start: Int, key: UInt64).self, capacity: batch) { pending in
                    let last = identifier.count - width
                    var start = Self.nextGramStart(identifier, from: 0, through: last, bits, seconds, shifts, family)
                    while start <= last {
                        var count = 0
                        while start <= last && count < batch {
                            let key = Self.gramKey(
                                KeyHashing.gram(identifier, at: start, width: width, family), width: width)
                            grams.prefetchFilter(at: key)
                            pending[count] = (start, key)
                            count += 1
                            start = Self.nextGramStart(
                                identifier, from: start + 1, through: last, bits, seconds, shifts, family)
                        }
                        for index in 0..<count { grams.prefetchEntryIfPresent(at: pending[index].key) }
                        for index in 0..<count {
                            let position = pending[index].start
                            grams.forEachTagged(at: pending[index].key) { group, tag in
                                if GramTag(rawValue: tag).admits(identifier, gramStart: position, reading: family) {
                                    visitor.visit(group)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The first position from `start` through `last` whose two bytes begin a filed gram and
    /// whose next two are a filed gram's third and fourth (`last + 1` if none): most
    /// positions begin none, and this loop passes them by the byte three on
    /// (``GramShifts``), several positions at a time, testing the lead and the bytes after it
    /// only where that byte could be a head's fourth; the reading is decided once rather
    /// than per position. `last` leaves four bytes from every position.
    @inline(__always)
    static func nextGramStart(
        _ identifier: UnsafeBufferPointer<UInt8>, from start: Int, through last: Int, _ bits: UnsafePointer<UInt64>,
        _ seconds: UnsafePointer<UInt64>, _ shifts: UnsafePointer<UInt8>, _ family: ByteReading
    ) -> Int {
        // Called with each reading as a constant, so each loop is compiled for its own.
        @inline(__always)
        func skip(_ reading: ByteReading) -> Int {
            var position = start
            while position <= last {
                let shift = GramShifts.shift(shifts, KeyHashing.read(identifier[position &+ 3], reading))
                if shift == 0 {
                    if GramLeads.contains(bits, KeyHashing.gramLead(identifier, at: position, reading))
                        && GramLeads.contains(seconds, KeyHashing.gramLead(identifier, at: position &+ 2, reading))
                    {
                        break
                    }
                    position &+= 1
                } else {
                    position &+= shift
                }
            }
            return min(position, last &+ 1)
        }
        return family == .raw ? skip(.raw) : skip(.lowercase)
    }

    /// The lengths of `mask` that `classes` admits for `identifier`: those that keys of its
    /// class (its first or, for suffixes, last four bytes) have, and whose far byte of
    /// `identifier` some key of that length has. What a probe of prefixes (suffixes) hashes.
    @inline(__always)
    private static func lengths(
        _ mask: UInt64, admittedTo identifier: UnsafeBufferPointer<UInt8>, _ kind: IndexKey.Kind,
        _ family: ByteReading, _ classes: LengthClasses
    ) -> UInt64 {
        let reversed = kind == .suffix
        var lengths = mask
        if identifier.count >= LengthClasses.classBytes {
            lengths &= classes.lengths(of: LengthClasses.key(of: identifier, reversed: reversed, family))
        }
        guard lengths != 0 else { return 0 }
        return classes.lengths(lengths, admittedBy: identifier, reversed: reversed, family)
    }

    /// Probes the prefixes (`kind` .prefix) or suffixes (.suffix) of `identifier` of the lengths
    /// in `mask` (admitted by their class and far byte), then those of `long`.
    @inline(__always)
    private func probeAnchored<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, kind: IndexKey.Kind, reading family: ByteReading,
        lengths mask: UInt64, longLengths long: [Int]?, fetchingAhead: Bool, into visitor: inout Visitor
    ) {
        let count = identifier.count
        var state = KeyHashing.offsetBasis
        var absorbed = 0
        var lengths = Lengths(mask, long: long, upTo: count)
        guard fetchingAhead && table.outgrowsPrivateCache else {
            while let length = lengths.next() {
                let hash = KeyHashing.anchoredHash(
                    identifier, length: length, kind: kind, reading: family, state: &state, absorbed: &absorbed)
                table.forEach(at: hash) { visitor.visit($0) }
            }
            return
        }
        // Each lookup is then a cache miss: a batch of lengths is hashed and their entries
        // fetched first, so that the misses overlap, and then looked up, in the same order.
        let batch = 16
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: batch) { hashes in
            var more = true
            while more {
                var pending = 0
                while pending < batch, let length = lengths.next() {
                    let hash = KeyHashing.anchoredHash(
                        identifier, length: length, kind: kind, reading: family, state: &state, absorbed: &absorbed)
                    table.prefetchFilter(at: hash)
                    hashes[pending] = hash
                    pending += 1
                }
                more = pending == batch
                for index in 0..<pending { table.prefetchEntryIfPresent(at: hashes[index]) }
                for index in 0..<pending { table.forEach(at: hashes[index]) { visitor.visit($0) } }
            }
        }
    }

    /// Records where a route finding `group` under the key filed at `placement` will read
    /// (``EntryHint``), if that key is hashed and `group` is its only group.
    func setHint(_ hint: EntryHint, for group: Int32, at placement: Placement) {
        guard case .hashed(let hash, _, _, _, _) = placement else { return }
        table.setHint(hint.rawValue, for: group, at: hash)
    }

    /// Sets the hint of every hashed key's lone group to what `hint` gives for it, fetching
    /// what `hint` reads through `prefetch` a few keys ahead (``GroupBuckets/setHints(_:prefetch:)``).
    func setHints(_ hint: (Int32) -> EntryHint, prefetch: (Int32) -> Void) {
        table.setHints({ hint($0).rawValue }, prefetch: prefetch)
    }

    /// The hint ``setHint(_:for:at:)`` left for `group` at `placement` (for tests).
    func hint(for group: Int32, at placement: Placement) -> EntryHint {
        guard case .hashed(let hash, _, _, _, _) = placement else { return .none }
        return EntryHint(rawValue: table.hint(for: group, at: hash))
    }

    /// Room for `keys` more exact, prefix, suffix or short inner keys without rehashing.
    func reserveCapacity(keys: Int) {
        table.reserveCapacity(table.count + keys)
    }

    /// Entries per kind, for `compile`.
    var shape: (hashed: Int, grams: Int, prefixLengths: Int, suffixLengths: Int) {
        let families = [caseSensitiveKeys, caseInsensitiveKeys, diacriticKeys]
        return (
            table.count, grams.count, families.reduce(0) { $0 + $1.prefixLengths.distinctCount },
            families.reduce(0) { $0 + $1.suffixLengths.distinctCount }
        )
    }

    var approximateBytes: Int {
        table.approximateBytes + grams.approximateBytes + prefixClasses.approximateBytes
            + suffixClasses.approximateBytes
            + gram4Leads.approximateBytes + gram8Leads.approximateBytes + anyGramLeads.approximateBytes
            + gramSeconds.approximateBytes + gram4Shifts.approximateBytes + gram8Shifts.approximateBytes
            + anyGramShifts.approximateBytes
            + (flat?.approximateBytes ?? 0)
    }
}
