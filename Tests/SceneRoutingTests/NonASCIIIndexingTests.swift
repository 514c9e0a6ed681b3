import Testing

@testable import SceneRouting

/// Which predicates the table can index for identifiers in any script, and which it must
/// evaluate on every route (`compile`'s residual count).
@Suite struct NonASCIIIndexingTests {
    private func shape(_ formats: [String]) throws -> DispatchShape.Tier {
        let sessions = try formats.enumerated().map { index, format in
            SceneSession(
                id: "S\(index)", declaration: "Main",
                conditions: ActivationConditions(
                    canActivate: .alwaysFalse, prefersToActivate: try ActivationPredicate(format: format)))
        }
        return SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions)).shape
            .prefer
    }

    @Test func nonASCIILiteralsAreIndexed() throws {
        let tier = try shape([
            "SELF == 'fenêtre/文档-1'", "SELF CONTAINS[cd] 'café'", "SELF BEGINSWITH[c] 'документ'",
            "SELF ENDSWITH '/anhänge/1.pdf'", "SELF LIKE[c] 'Über-*'", "SELF MATCHES 'tíquet-[0-9]+'",
            "SELF IN {'😀', 'ß'}",
        ])
        #expect(tier.groups == 7)
        #expect(tier.residual == 0)
    }

    /// `é`, which CFString may match otherwise than its fold, splits `café/12/` into the
    /// prefix `caf` and the inner `/12/`: the prefix, too short for a length class, would be
    /// probed by every identifier beginning `caf`, so the inner key (one gram bucket) is
    /// filed instead.
    @Test func aShortPrefixGivesWayToALongerInnerKey() throws {
        let tier = try shape(["SELF BEGINSWITH[d] 'café/12/'"])
        #expect(tier.residual == 0)
        #expect(tier.prefixLengths == 0)
        #expect(tier.gramBuckets == 1)
    }

    /// A literal made only of characters CFString matches unreliably (`é` alone under `[c]`,
    /// a Hangul syllable under `[d]`, `ß` under `[cd]`) gives no key; literal-free
    /// predicates give none either.
    @Test func literalsWithoutAReliableCharacterAreResidual() throws {
        let tier = try shape([
            "SELF CONTAINS[c] 'é'", "SELF BEGINSWITH[d] '각'", "SELF CONTAINS[cd] 'ß'", "NOT SELF == 'x'",
        ])
        #expect(tier.groups == 4)
        #expect(tier.residual == 4)
    }
}

/// A route's work does not grow with the number of sessions, nor with how often the
/// identifier repeats a key, whatever its script or length: routing evaluates only the
/// groups whose keys occur in the identifier (or its key folds), each at most once. Before
/// non-ASCII identifiers went through the index, each was evaluated against every group
/// (40,000 here); before failed groups were remembered, a group filed under a gram was
/// evaluated again at every position the identifier repeats that gram.
@Suite struct RouteWorkTests {
    static let sessionCount = 20_000

    static func router() throws -> SceneRouter {
        let words = ["café", "文档", "документ", "straße", "ﬁle", "Ǆemal", "İstanbul", "📄"]
        let sessions = try (0..<sessionCount).map { index in
            let word = words[index % words.count]
            let prefer: ActivationPredicate
            switch index % 4 {
            case 0:
                prefer = try ActivationPredicate(format: "SELF == %@", arguments: [.string("\(word)/fenêtre-\(index)")])
            case 1:
                prefer = try ActivationPredicate(
                    format: "SELF CONTAINS[cd] %@", arguments: [.string("\(word)-grüppe-\(index);")])
            case 2:
                prefer = try ActivationPredicate(
                    format: "SELF BEGINSWITH[c] %@", arguments: [.string("\(word)/sección-\(index)/")])
            default:
                prefer = try ActivationPredicate(
                    format: "SELF ENDSWITH %@", arguments: [.string("/anhänge/\(index).pdf")])
            }
            let can = try ActivationPredicate(
                format: "SELF BEGINSWITH[cd] %@", arguments: [.string("\(word)/tab-\(index)/")])
            return SceneSession(
                id: "S\(index)", declaration: "Main", lastActive: index,
                conditions: ActivationConditions(canActivate: can, prefersToActivate: prefer))
        }
        return SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
    }

    @Test func nonASCIIIdentifiersEvaluateFewGroups() throws {
        let router = try Self.router()
        let identifiers = [
            String(repeating: "é", count: 500),
            String(repeating: "é", count: 5_000),
            String(repeating: "😀", count: 2_000),
            String(repeating: "e\u{301}", count: 1_000),
            "café/fenêtre-0", "xx-文档-GRÜPPE-1;-yy", "straße/sección-3/3", "/anhänge/3.pdf", "ǆemal/TAB-5/x",
            String(repeating: "文档-grüppe-", count: 300) + "9",
            String(repeating: "文档-grüppe-1", count: 300),
        ]
        for identifier in identifiers {
            let work = router.verifications(for: identifier)
            // A few keys may be shared by several groups (a word, a gram), never thousands.
            #expect(work.prefer + work.can <= 16, "\(identifier.prefix(40)): \(work)")
        }
        // The hits are still found.
        #expect(router.route(identifier: "café/fenêtre-0").action == .activate(sessionID: "S0"))
        #expect(router.route(identifier: "xx-文档-GRÜPPE-1;-yy").action == .activate(sessionID: "S1"))
        #expect(router.route(identifier: "/anhänge/3.pdf").action == .activate(sessionID: "S3"))
        #expect(router.route(identifier: "ǆemal/TAB-5/x").action == .activate(sessionID: "S5"))
    }

    private static func router(prefer formats: [String]) throws -> SceneRouter {
        let sessions = try formats.enumerated().map { index, format in
            SceneSession(
                id: "S\(index)", declaration: "Main",
                conditions: ActivationConditions(
                    canActivate: .alwaysFalse, prefersToActivate: try ActivationPredicate(format: format)))
        }
        return SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
    }

    /// Literals that share their head and differ in their tail (`ἀρχεῖο/53/` under `[d]`
    /// offers the keys `ρχε` and `ο/53/`, equally selective): the first groups, filed while
    /// both keys are equally free, take the tail too, so an identifier that shares only the
    /// head verifies none of them. (Other predicates make the tier large enough to be probed
    /// through its index.)
    @Test func equallyFreeKeysFileTheTail() throws {
        let greek = (10..<100).map { "SELF BEGINSWITH[d] 'ἀρχεῖο/\($0)/'" }
        let router = try Self.router(prefer: greek + (0..<2_000).map { "SELF == 'pad-\($0)'" })
        #expect(router.verifications(for: "ἀρχεῖο/fenêtre-4f1bbcdc8").prefer == 0)
        #expect(router.route(identifier: "ἀρχεῖο/17/x").action == .activate(sessionID: "S7"))
    }

    /// An identifier that repeats a group's key thousands of times, where the group's
    /// predicate is false: one evaluation, in any script.
    @Test func aRepeatedKeyIsEvaluatedOnce() throws {
        let router = try Self.router(prefer: ["SELF CONTAINS 'abcd-xyz' AND SELF CONTAINS 'qqqq'"])
        for identifier in [
            String(repeating: "abcd-xyz", count: 8_000), String(repeating: "abcd-xyzé", count: 6_500),
            String(repeating: "ABCD-XYZ", count: 8_000),
        ] {
            #expect(router.verifications(for: identifier).prefer <= 1)
            #expect(router.route(identifier: identifier).action == .create(declaration: "Main", sessionID: nil))
        }
        #expect(router.route(identifier: "abcd-xyzé-qqqq").action == .activate(sessionID: "S0"))
    }

    /// More failed groups than are remembered inline (the rest go to the thread's set): each
    /// still evaluated once, on ASCII and non-ASCII identifiers alike, route after route.
    @Test func manyGroupsUnderARepeatedKeyAreEvaluatedOnceEach() throws {
        let groups = 40
        let router = try Self.router(
            prefer: (0..<groups).map { "SELF CONTAINS 'abcd-xyz' AND NOT SELF CONTAINS 'ø\($0)ø'" })
        let every = (0..<groups).map { "abcd-xyzø\($0)ø" }.joined()
        for round in 0..<3 {
            for identifier in [String(repeating: every, count: 50), String(repeating: every, count: 50) + "é"] {
                #expect(router.verifications(for: identifier).prefer == groups, "round \(round)")
                #expect(router.route(identifier: identifier).action == .create(declaration: "Main", sessionID: nil))
            }
        }
        #expect(router.route(identifier: "abcd-xyzø7").action == .activate(sessionID: "S0"))
    }
}
