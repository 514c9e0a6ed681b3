import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// Regexes that share the only literal they are filed under are matched by Hyperscan
/// pattern sets, one pass per route; the answers stay those of verifying one by one.
@Suite struct PatternSetTests {
    @Test(arguments: [
        "ticket-[0-9]{2}[a-z]{3}", #"https://example\.com/[a-z]+/item/7"#, "a(?:b|c)*?d", #"\x{e9}x\x41"#, "[^/]+/x",
        "caf\u{E9}-[0-9]+", "(a|b){2,5}c", "x{3,}",
    ])
    func admitsWhatHyperscanReadsAsPCRE2Does(_ pattern: String) {
        #expect(PatternSetSyntax.admits(pattern))
    }

    @Test(arguments: [
        "^a", "a$", #"\d+"#, #"\w"#, "a*+", "a++", "a{2}+", "(?=a)b", #"(\w)\1"#, "(?i)a", "[[:alpha:]]", "a{1000}",
        "[]a]",
        #"\bword"#, "(*UTF)a", "a}", "]", "", #"\p{L}"#, "(?>a)", "a{,2}", #"\Qa\E"#,
    ])
    func refusesEverythingElse(_ pattern: String) {
        #expect(!PatternSetSyntax.admits(pattern))
    }

    private func app(_ formats: [String], extra: [String] = []) throws -> SceneApp {
        let sessions = try (formats + extra).enumerated().map { index, format in
            SceneSession(
                id: "w\(index)", declaration: "Main", lastActive: index,
                conditions: ActivationConditions(
                    canActivate: .alwaysTrue, prefersToActivate: try ActivationPredicate(format: format)))
        }
        return try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions)
    }

    /// `ticket-` then A digits and B letters: distinct regexes whose only literal is `ticket-`.
    private func ticketFormats(_ range: Range<Int>) -> [String] {
        range.map { "SELF MATCHES 'ticket-[0-9]{\(1 + $0 % 9)}[a-z]{\(1 + $0 / 9)}'" }
    }

    private let identifiers = [
        "ticket-1a", "ticket-123abcd", "ticket-99zz", "ticket-", "ticket-1", "ticket-1234567890abc", "ticket-12\u{E9}",
        "ticket-1ab\n", "other", "ticket-7qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "ticket-\u{FF11}a",
        "ticket-55cafe\u{301}",
    ]

    private func disagreements(_ router: SceneRouter, _ app: SceneApp, _ identifiers: [String]) -> [String] {
        identifiers.compactMap { identifier in
            let expected = ReferenceRouter.route(identifier: identifier, in: app)
            let actual = router.route(identifier: identifier)
            return RandomApps<DeterministicRandom>.same(expected, actual)
                ? nil : "\(identifier): \(expected) ≠ \(actual)"
        }
    }

    @Test(.enabled(if: PatternSets.areAvailable, "Hyperscan is not in this build or cannot run here"))
    func aCrowdedBucketBecomesSetsThatAnswerAsTheReferenceDoes() throws {
        let app = try app(
            ticketFormats(0..<300), extra: ["SELF BEGINSWITH 'ticket-9'", "SELF MATCHES '[a-z]+-[0-9]+'"])
        let router = SceneRouter(app: app)
        // The index spreads the 300 over `ticket-` and its grams; one set takes them all.
        #expect(router.reading { $0.prefer.patternSets.count } == 1)
        #expect(disagreements(router, app, identifiers).isEmpty)
        // One scan, then only what the set reports is verified.
        let verifications = router.verifications(for: "ticket-123abcd").prefer
        #expect(verifications >= 1 && verifications <= 3)
    }

    @Test(.enabled(if: PatternSets.areAvailable, "Hyperscan is not in this build or cannot run here"))
    func membersLeaveAndJoinAndEmptiedSetsAreUnfiled() throws {
        let router = SceneRouter(app: try app(ticketFormats(0..<40)))
        func setCount() -> Int { router.reading { $0.prefer.patternSets.count } }
        func open(_ range: Range<Int>) throws {
            for index in range {
                try router.open(
                    SceneSession(
                        id: "w\(index)", declaration: "Main", lastActive: 100 + index,
                        conditions: ActivationConditions(
                            canActivate: .alwaysTrue,
                            prefersToActivate: try ActivationPredicate(format: ticketFormats(index..<index + 1)[0]))))
            }
        }
        #expect(setCount() == 1)
        // Closing half leaves the set with its other members.
        for index in stride(from: 0, to: 40, by: 2) { try router.close(sessionID: "w\(index)") }
        #expect(setCount() == 1)
        #expect(disagreements(router, router.snapshot, identifiers).isEmpty)
        // A few new regexes wait in their buckets, verified one by one.
        try open(40..<45)
        #expect(setCount() == 1)
        #expect(disagreements(router, router.snapshot, identifiers).isEmpty)
        // Enough of them make more sets, as they come.
        try open(45..<90)
        #expect(setCount() >= 2)
        #expect(router.verifications(for: "ticket-123abcd").prefer <= PatternSets.minimumGroups)
        #expect(disagreements(router, router.snapshot, identifiers).isEmpty)
        // Once every member has gone, no set is filed any more, nor any key.
        for index in stride(from: 1, to: 40, by: 2) { try router.close(sessionID: "w\(index)") }
        for index in 40..<90 { try router.close(sessionID: "w\(index)") }
        #expect(setCount() == 0)
        #expect(router.reading { $0.prefer.index.shape } == (0, 0, 0, 0))
        #expect(router.route(identifier: "ticket-1a").action == .create(declaration: "Main", sessionID: nil))
    }

    @Test(.enabled(if: PatternSets.areAvailable, "Hyperscan is not in this build or cannot run here"))
    func churnMergesTheSmallSetsItMakes() throws {
        let router = SceneRouter(app: try app(["SELF == 'home'"]))
        // 240 regexes opened one by one: a batch of eight at a time would make 30 sets.
        for index in 0..<240 {
            try router.open(
                SceneSession(
                    id: "t\(index)", declaration: "Main", lastActive: index,
                    conditions: ActivationConditions(
                        canActivate: .alwaysTrue,
                        prefersToActivate: try ActivationPredicate(format: ticketFormats(index..<index + 1)[0]))))
        }
        let (sets, members) = router.reading { ($0.prefer.patternSets.count, $0.prefer.patternSets.memberCount) }
        // At most four small sets wait to be merged, beside the sets merging made.
        #expect(sets <= 5)
        #expect(members > 240 - PatternSets.minimumGroups)
        #expect(router.verifications(for: "ticket-123abcd").prefer < PatternSets.minimumGroups)
        #expect(disagreements(router, router.snapshot, identifiers).isEmpty)
    }

    @Test(.enabled(if: PatternSets.areAvailable, "Hyperscan is not in this build or cannot run here"))
    func nonASCIIIdentifiersAreScannedInTheFormPCRE2Reads() throws {
        // Canonical comparison: the decomposed identifier matches the precomposed pattern.
        let formats =
            (0..<20).map { "SELF MATCHES 'caf\u{E9}-[0-9]{\($0 + 1)}'" }
            + (0..<20).map { "SELF MATCHES[n] 'caf\u{E9}-[a-z]{\($0 + 1)}'" }
        let app = try app(formats)
        let router = SceneRouter(app: app)
        #expect(router.reading { $0.prefer.patternSets.count } == 2)
        let identifiers = [
            "caf\u{E9}-123", "cafe\u{301}-123", "cafe\u{301}-abc", "caf\u{E9}-abc", "caf\u{E9}-\u{FF11}", "caf\u{E9}-",
        ]
        #expect(disagreements(router, app, identifiers).isEmpty)
    }

    /// A build on every core (4,096 sessions or more) that makes fewer sets than it has
    /// chunks of work compiles each once and routes as the reference does.
    @Test(.enabled(if: PatternSets.areAvailable))
    func aParallelBuildCompilesAFewSets() throws {
        let fillers = (0..<Int(DispatchTable.parallelBuildThreshold)).map { "SELF == 'w\($0)'" }
        let app = try app(ticketFormats(0..<600), extra: fillers)
        let router = SceneRouter(app: app)
        #expect(router.reading { $0.prefer.patternSets.count } == 2)
        #expect(disagreements(router, app, identifiers + ["w17", "w4000"]).isEmpty)
    }

    @Test(.enabled(if: PatternSets.areAvailable, "Hyperscan is not in this build or cannot run here"))
    func generatedSharedLiteralWorkloadAgreesWithSetsInPlace() {
        let workload = WorkloadGenerator.make(
            mix: .sharedLiterals, sessions: 2_000, events: TestTier.size(quick: 300, full: 2_000), seed: 5)
        let router = SceneRouter(app: workload.app)
        #expect(router.reading { $0.prefer.patternSets.count } >= 1)
        let found = disagreements(router, workload.app, workload.events.compactMap { $0 })
        #expect(found.isEmpty, "\(found.prefix(5))")
    }
}
