import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// While an index holds few keys besides exact ones it compares them with the identifier
/// directly (``FlatKeys``): every key that occurs must still be reported, and a compared key
/// exactly where its first and last eight bytes (all of a key of eight or fewer) sit where its
/// kind says, in its family's reading.
@Suite struct FlatKeysTests {
    private static let alphabet = Array("abcABXYZ09-_./:;".utf8)
    private static let limit = 24

    /// Whether `key` sits at `start` of `read` as far as a direct comparison looks: all of it
    /// when `compared` is false, else its first and last eight bytes.
    private static func sits(_ key: [UInt8], at start: Int, in read: [UInt8], compared: Bool) -> Bool {
        guard start >= 0, start + key.count <= read.count else { return false }
        let window = Array(read[start..<(start + key.count)])
        guard compared else { return window == key }
        let width = min(8, key.count)
        return window.prefix(width).elementsEqual(key.prefix(width))
            && window.suffix(width).elementsEqual(key.suffix(width))
    }

    private static func found(_ key: IndexKey, in read: [UInt8], compared: Bool) -> Bool {
        let bytes = key.bytes
        switch key.kind {
        case .exact: return read == bytes
        case .prefix: return sits(bytes, at: 0, in: read, compared: compared)
        case .suffix: return sits(bytes, at: read.count - bytes.count, in: read, compared: compared)
        case .inner:
            guard read.count >= bytes.count else { return false }
            return (0...(read.count - bytes.count)).contains { sits(bytes, at: $0, in: read, compared: compared) }
        }
    }

    /// A key of a random kind and family cut from `identifier`, or (one time in three, for
    /// anchored and inner keys) its first and last bytes around a changed middle, so that
    /// comparisons of the outer words alone are exercised.
    private static func key(from identifier: [UInt8], _ random: inout DeterministicRandom, kinds: [IndexKey.Kind])
        -> IndexKey
    {
        let family = KeyFamily.allCases[random.below(KeyFamily.allCases.count)]
        let read = family != .caseSensitive ? identifier.map(ASCIIText.lowercase) : identifier
        let kind = kinds[random.below(kinds.count)]
        let length = kind == .exact ? read.count : 1 + random.below(read.count)
        let start = kind == .inner ? random.below(read.count - length + 1) : kind == .suffix ? read.count - length : 0
        var bytes = Array(read[start..<(start + length)])
        if kind != .exact, bytes.count > 16, random.chance(33) {
            bytes[8] = bytes[8] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        }
        return IndexKey(kind: kind, family: family, bytes: bytes)
    }

    /// One round: an index of up to `limit` keys besides some exact ones, probed with every
    /// identifier (before and after removing some keys).
    private static func round(_ random: inout DeterministicRandom, failures: inout [String], cases: inout Int) {
        let identifiers: [[UInt8]] = (0..<60).map { _ in
            let length = 1 + (random.chance(15) ? 60 + random.below(40) : random.below(30))
            return (0..<length).map { _ in Self.alphabet[random.below(Self.alphabet.count)] }
        }
        let index = LiteralIndex(flatLimit: limit)
        var keys: [Int32: IndexKey] = [:]
        var placements: [Int32: LiteralIndex.Placement] = [:]
        let anchored = random.below(limit + 1)
        let inner = random.below(4)
        for group in 0..<Int32(min(limit, anchored + inner) + random.below(6)) {
            let kinds: [IndexKey.Kind] =
                keys.values.filter { $0.kind != .exact }.count < min(limit, anchored + inner)
                ? (keys.values.filter { $0.kind == .inner }.count < inner
                    ? [.inner, .prefix, .suffix] : [.prefix, .suffix])
                : [.exact]
            let key = Self.key(from: identifiers[random.below(identifiers.count)], &random, kinds: kinds)
            keys[group] = key
            placements[group] = index.insert(group, key: key)
        }
        guard index.comparesKeysDirectly else {
            failures.append("an index of \(keys.count) keys stopped comparing directly")
            return
        }
        var removed = Set<Int32>()
        for pass in 0..<2 {
            let innerCompared = keys.values.filter { $0.kind == .inner }.count <= FlatKeys.innerComparisonLimit
            for identifier in identifiers {
                var collector = GroupCollector()
                identifier.withUnsafeBufferPointer {
                    index.probe($0, hasUppercase: ASCIIText.classify($0).hasUppercase, &collector)
                }
                let lowercased = identifier.map(ASCIIText.lowercase)
                for group in removed where collector.groups.contains(group) {
                    failures.append("removed group \(group) reported")
                }
                for (group, key) in keys {
                    cases += 1
                    let read = key.family == .caseSensitive ? identifier : lowercased
                    let reported = collector.groups.contains(group)
                    let name =
                        "\(key.kind) \(key.family) '\(String(decoding: key.bytes, as: UTF8.self))' in '\(String(decoding: identifier, as: UTF8.self))'"
                    if Self.found(key, in: read, compared: false) && !reported { failures.append("missed \(name)") }
                    switch key.kind {
                    case .prefix, .suffix:
                        if reported != Self.found(key, in: read, compared: true) {
                            failures.append("compared \(name): reported \(reported)")
                        }
                    case .inner where innerCompared:
                        if reported != Self.found(key, in: read, compared: true) {
                            failures.append("compared \(name): reported \(reported)")
                        }
                    case .inner, .exact:
                        // Hashed: filed without family, so found in either reading.
                        if reported && (key.kind == .exact || key.bytes.count < 4)
                            && !Self.found(key, in: identifier, compared: false)
                            && !Self.found(key, in: lowercased, compared: false)
                        {
                            failures.append("hashed \(name) reported")
                        }
                    }
                }
            }
            guard pass == 0 else { break }
            for group in keys.keys.sorted() where random.chance(50) {
                index.remove(group, from: placements[group]!)
                keys[group] = nil
                removed.insert(group)
            }
        }
    }

    @Test func comparedKeysAreReportedWhereTheirOuterBytesSit() {
        var random = DeterministicRandom(seed: 2026_1126)
        var failures: [String] = []
        var cases = 0
        for _ in 0..<TestTier.size(quick: 150, full: 600) {
            Self.round(&random, failures: &failures, cases: &cases)
        }
        #expect(cases > 50_000)
        let failureCount = failures.count
        #expect(failureCount == 0, "first failures: \(failures.prefix(8).joined(separator: "; "))")
    }

    /// An identifier that begins and ends with no byte of a compared prefix or suffix (upper
    /// case counting for the other families' lower-case keys) skips the probe, while no inner
    /// key is compared; removing the last such key closes the gate.
    @Test func theGateAdmitsTheOuterBytesOfEveryFamily() {
        let storage = FlatKeys.Storage(capacity: 8)
        let flat = storage.view
        func insert(_ kind: IndexKey.Kind, _ family: KeyFamily, _ text: String, _ group: Int32)
            -> LiteralIndex.Placement
        {
            let placement = LiteralIndex.Placement.hashed(
                UInt64(group), kind: kind, family: family, lengthClass: 0,
                extent: KeyExtent(length: text.utf8.count, far: nil))
            flat.insert(
                IndexKey(kind: kind, family: family, bytes: Array(text.utf8)), group: group, placement: placement)
            return placement
        }
        func mayMatch(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { flat.mayMatch($0) } }
        #expect(!mayMatch("sms:1"))
        _ = insert(.prefix, .caseInsensitive, "sms:", 0)
        let pdf = insert(.suffix, .caseSensitive, ".pdf", 1)
        #expect(mayMatch("sms:1") && mayMatch("SMS:1") && mayMatch("Sx"))
        #expect(mayMatch("a.pdf") && mayMatch("f") && !mayMatch("F"))
        #expect(!mayMatch("tms:1") && !mayMatch("a.PDF") && !mayMatch(""))
        flat.remove(1, at: pdf)
        #expect(!mayMatch("a.pdf"))
        _ = insert(.inner, .caseSensitive, "report", 2)
        #expect(mayMatch("a.pdf"))
    }

    /// Past the limit, or given a key without its bytes, the index hashes every key from then
    /// on; exact keys never count towards the limit.
    @Test func theIndexHashesFromTheFirstKeyPastTheLimitOn() {
        let index = LiteralIndex(flatLimit: 3)
        for group in 0..<Int32(10) {
            _ = index.insert(
                group, key: IndexKey(kind: .exact, family: .caseSensitive, bytes: Array("doc-\(group)".utf8)))
        }
        for group in Int32(10)..<13 {
            _ = index.insert(
                group, key: IndexKey(kind: .prefix, family: .caseInsensitive, bytes: Array("note/\(group)/".utf8)))
        }
        #expect(index.comparesKeysDirectly)
        _ = index.insert(13, key: IndexKey(kind: .suffix, family: .caseSensitive, bytes: Array(".pdf".utf8)))
        #expect(!index.comparesKeysDirectly)
        var collector = GroupCollector()
        Array("NOTE/11/x.pdf".utf8).withUnsafeBufferPointer {
            index.probe($0, hasUppercase: ASCIIText.classify($0).hasUppercase, &collector)
        }
        #expect(collector.groups == [11, 13])

        // A key hashed ahead has no bytes to compare: unless it is exact, hashing takes over.
        let prepared = LiteralIndex(flatLimit: 3)
        _ = prepared.insert(
            0, hashed: LiteralIndex.hashed(IndexKey(kind: .exact, family: .caseSensitive, bytes: Array("a".utf8)))!)
        #expect(prepared.comparesKeysDirectly)
        _ = prepared.insert(
            1, hashed: LiteralIndex.hashed(IndexKey(kind: .prefix, family: .caseSensitive, bytes: Array("a/".utf8)))!)
        #expect(!prepared.comparesKeysDirectly)
        var found = GroupCollector()
        Array("a/b".utf8).withUnsafeBufferPointer { prepared.probe($0, hasUppercase: false, &found) }
        #expect(found.groups == [1])
        #expect(!LiteralIndex(flatLimit: 0).comparesKeysDirectly)
    }

    /// A table built on every core files most groups from preparations made ahead, which
    /// hold keys hashed without their bytes: exact ones may still be filed that way while
    /// the index compares the others, and the table decides as the reference does.
    @Test func aLargeBuildOfExactKeysStillComparesTheOthers() throws {
        let count = Int(DispatchTable.parallelBuildThreshold) + 100
        let sessions = try (0..<count).map { index in
            let format = index % 1_000 == 0 ? "SELF BEGINSWITH 'note/\(index)/'" : "SELF == 'doc-\(index)'"
            return SceneSession(
                id: "w\(index)", declaration: "Main", lastActive: index,
                conditions: ActivationConditions(
                    canActivate: .alwaysFalse, prefersToActivate: try ActivationPredicate(format: format)))
        }
        let app = try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions)
        let router = SceneRouter(app: app, tuning: TableTuning(preparesEveryGroupFirst: true))
        #expect(router.reading { $0.prefer.index.comparesKeysDirectly })
        var disagreements: [String] = []
        for identifier in [
            "doc-1", "doc-4195", "doc-1000", "note/2000/x", "note/2001/x", "note/4000/", "doc-", "Doc-7",
        ] {
            let expected = ReferenceRouter.route(identifier: identifier, in: app)
            let actual = router.route(identifier: identifier)
            if !RandomApps<DeterministicRandom>.same(expected, actual) {
                disagreements.append("\(identifier): \(expected) ≠ \(actual)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// Non-ASCII identifiers are probed folded, once per family, each fold read as is: a
    /// compared key is found in its own family's fold only.
    @Test func foldedIdentifiersMeetTheirFamilysKeysOnly() {
        let index = LiteralIndex(flatLimit: 8)
        _ = index.insert(0, key: IndexKey(kind: .prefix, family: .caseSensitive, bytes: Array("Cafe/".utf8)))
        _ = index.insert(1, key: IndexKey(kind: .prefix, family: .caseInsensitive, bytes: Array("cafe/".utf8)))
        _ = index.insert(
            2, key: IndexKey(kind: .suffix, family: .caseAndDiacriticInsensitive, bytes: Array("/fenetre".utf8)))
        _ = index.insert(3, key: IndexKey(kind: .inner, family: .caseInsensitive, bytes: Array("e/fen".utf8)))
        #expect(index.comparesKeysDirectly)
        func probe(_ text: String, _ family: KeyFamily) -> Set<Int32> {
            var collector = GroupCollector()
            Array(text.utf8).withUnsafeBufferPointer { index.probe(folded: $0, KeyFamilySet(family), &collector) }
            return collector.groups
        }
        #expect(probe("Cafe/fenetre", .caseSensitive) == [0])
        #expect(probe("cafe/fenetre", .caseInsensitive) == [1, 3])
        #expect(probe("cafe/fenetre", .caseAndDiacriticInsensitive) == [2])
        #expect(probe("CAFE/FENETRE", .caseInsensitive) == [])
    }

    /// An identifier that folds alike for several families is probed once for all of them:
    /// that walk must find every family's keys, compared or hashed, of every kind, and keys
    /// over 64 bytes (listed per family) too.
    @Test func oneWalkFindsTheKeysOfEveryFamilyFoldedAlike() {
        let long = String(repeating: "x", count: 70)
        let text = "sms:" + long + "/gruppe-7;open"
        for flatLimit in [0, 24] {
            let index = LiteralIndex(flatLimit: flatLimit)
            let keys: [(IndexKey.Kind, KeyFamily, String)] = [
                (.prefix, .caseSensitive, "sms:"), (.inner, .caseInsensitive, "gruppe-7;"),
                (.suffix, .caseAndDiacriticInsensitive, ";open"), (.exact, .caseSensitive, text),
                (.prefix, .caseInsensitive, "sms:" + long), (.inner, .caseAndDiacriticInsensitive, "/grup"),
                (.suffix, .caseSensitive, "pe-7;open"), (.inner, .caseSensitive, "e-7;o"),
            ]
            var placements: [LiteralIndex.Placement] = []
            for (group, (kind, family, bytes)) in keys.enumerated() {
                placements.append(
                    index.insert(Int32(group), key: IndexKey(kind: kind, family: family, bytes: Array(bytes.utf8))))
            }
            let all = KeyFamilySet.all
            func probe() -> Set<Int32> {
                var collector = GroupCollector()
                Array(text.utf8).withUnsafeBufferPointer { index.probe(folded: $0, all, &collector) }
                return collector.groups
            }
            #expect(probe() == Set(0..<Int32(keys.count)), "flat limit \(flatLimit)")
            // Without its one long key, a family joins the others' walk.
            index.remove(4, from: placements[4])
            #expect(probe() == Set(0..<Int32(keys.count)).subtracting([4]), "flat limit \(flatLimit), long key removed")
        }
    }
}
