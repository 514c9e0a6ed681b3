import SceneRouterWorkloads
import Testing

@testable import SceneRouterPeers
@testable import SceneRouting

/// The Hyperscan and RE2::Set peers `bench --engines` measures decide as the reference
/// router does, and read each kind of condition as the table evaluates it.
@Suite struct RegexSetRouterTests {
    static let engines = ["hyperscan", "re2set"]

    /// Cancels the running test (it shows as skipped) when `engine` is not in this build.
    private func require(_ engine: String) throws {
        if !RegexSetRouter.availableEngines.contains(engine) {
            try Test.cancel("\(engine) is not in this build or cannot run here")
        }
    }

    @Test(arguments: engines, [false, true])
    func decidesAsTheReferenceDoes(engine: String, nonASCII: Bool) throws {
        try require(engine)
        let alphabet = nonASCII ? RandomText.nonASCII : RandomText.mostlyASCII
        var generator = RandomApps(
            random: DeterministicRandom(seed: nonASCII ? 20_261_201 : 20_261_202), alphabet: alphabet)
        let comparison = ReferenceComparison(apps: TestTier.size(quick: 150, full: 600), generator: &generator) {
            try RegexSetRouter(engine: engine, app: $0).route(identifier:)
        }
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatches.joined(separator: "\n"))")
        // Every condition a peer is handed has been through PatternSetSyntax: neither engine
        // should refuse one.
        #expect(comparison.refused.isEmpty, "\(comparison.refused.prefix(3).joined(separator: "\n"))")
        #expect(comparison.checked >= 4_000)
    }

    /// Every mix of the benchmarks, as `bench` routes it.
    @Test(arguments: engines)
    func decidesAsTheReferenceDoesOnEveryMix(engine: String) throws {
        try require(engine)
        for mix in WorkloadMix.allCases {
            let workload = WorkloadGenerator.make(mix: mix, sessions: 400, events: 300, seed: 11)
            let router = try RegexSetRouter(engine: engine, app: workload.app)
            var mismatches = 0
            for identifier in workload.events {
                let expected = ReferenceRouter.route(identifier: identifier, in: workload.app)
                if !RandomApps<DeterministicRandom>.same(expected, router.route(identifier: identifier)) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "\(mix.rawValue): \(mismatches) of \(workload.events.count)")
            #expect(router.expressionCount > 0, "\(mix.rawValue)")
        }
    }

    private func reading(_ format: String, _ arguments: [PredicateArgument] = []) throws -> RegexPlan.Reading {
        RegexPlan.reading(try ActivationPredicate(format: format, arguments: arguments).shape)
    }

    @Test func readsEachKindOfCondition() throws {
        #expect(try reading("SELF == 'a.b'") == .expression(#"a\x2eb"#, lowercased: false, exact: true))
        #expect(try reading("SELF BEGINSWITH[c] 'Doc/'") == .expression(#"doc\x2f.*"#, lowercased: true, exact: true))
        #expect(try reading("SELF ENDSWITH '.pdf'") == .expression(#".*\x2epdf"#, lowercased: false, exact: true))
        #expect(try reading("SELF CONTAINS[cd] 'x'") == .expression(".*x.*", lowercased: true, exact: true))
        #expect(try reading("SELF IN {'a', 'é', 'b'}") == .expression("a|b", lowercased: false, exact: true))
        #expect(try reading("SELF IN {'é'}") == .never)
        #expect(
            try reading("SELF MATCHES 'ticket-[0-9]+'") == .expression("ticket-[0-9]+", lowercased: false, exact: true))
        // Alternation of readings of one form is exact; an AND stands on one operand and is verified.
        #expect(try reading("SELF == 'a' OR SELF == 'b'") == .expression("(?:a)|(?:b)", lowercased: false, exact: true))
        #expect(
            try reading("SELF BEGINSWITH 'a' AND SELF ENDSWITH '.pdf'")
                == .expression(#".*\x2epdf"#, lowercased: false, exact: false))
        #expect(try reading("TRUEPREDICATE") == .always)
        #expect(try reading("FALSEPREDICATE") == .never)
        #expect(try reading("SELF == nil") == .never)
        // What the engines cannot stand for is evaluated.
        #expect(try reading("SELF == 'a' OR SELF == [c] 'b'") == .opaque)
        #expect(try reading("NOT SELF == 'a'") == .opaque)
        #expect(try reading("SELF < 'm'") == .opaque)
        #expect(try reading("SELF IN 'abc'") == .opaque)
        #expect(try reading("SELF MATCHES '\\\\d+'") == .opaque)
        #expect(try reading("SELF == 'café'") == .opaque)
        #expect(try reading("'abc' BEGINSWITH SELF") == .opaque)
    }
}
