import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// A regex skeleton stands in for PCRE2 on ASCII identifiers, in the table's programs, so it
/// must decide exactly as the compiled pattern does, and must be refused wherever taking each
/// repetition's longest run could decide otherwise or the syntax means something else to ICU.
@Suite struct RegexSkeletonTests {
    private static func predicate(_ pattern: String, caseInsensitive: Bool = false) throws -> ActivationPredicate {
        try ActivationPredicate(
            format: caseInsensitive ? "SELF MATCHES[c] %@" : "SELF MATCHES %@", arguments: [.string(pattern)])
    }

    private static func skeleton(of predicate: ActivationPredicate) -> RegexSkeleton? {
        guard case .pattern(let test) = predicate.root else { return nil }
        return test.skeleton
    }

    private static func evaluate(_ predicate: ActivationPredicate, _ identifier: String) -> Bool {
        var ignored = false
        return Subject.with(identifier) { predicate.root.evaluate(&$0, budgetExceeded: &ignored) }
    }

    private static func holds(_ program: [UInt8], _ identifier: String) -> Bool {
        program.withUnsafeBufferPointer { code in
            Array(identifier.utf8).withUnsafeBufferPointer { ASCIIProgram.holds(code.baseAddress!, $0) }
        }
    }

    @Test func recognisesTheShapesTheMixesUse() throws {
        for pattern in [
            "ticket-42-[0-9]+", "issue-7/[a-z]+-[0-9]{1,4}", "https://example\\.com/[a-z]+/item/9",
            "ticket-[0-9]{3}[a-z]{2}", "ticket-[0-9]+-5-[a-z]+", "[a-z]{2}-[0-9]{1}", "\\d+x", "a[^/]*/b", "x?y",
            "v[0-9]{2,}", "[A-Z_]+:[a-z0-9]*",
        ] {
            #expect(Self.skeleton(of: try Self.predicate(pattern)) != nil, "\(pattern)")
        }
    }

    /// Patterns whose longest runs could be wrong, syntax ICU reads its own way, case folding
    /// and non-ASCII text all stay with PCRE2 (those that compile at all).
    @Test func refusesWhatItCannotDecideExactly() throws {
        var compiled = 0
        for pattern in [
            "[a-z]+[a-c]", "a*a", "[0-9]*[0-9]", "x[a-z]*z", "a.*b", "(ab)+", "x|y", "^a$", "a+?", "a++", "a{2,1}",
            "[a-]", "[[a-z]&&[^x]]", "[a b]", "a b", "#x", "\\w+", "\\s", "\\x41", "a{1,99999}", "]", "}", "[]", "é+",
            "[a-Z]", "a{", "a{,2}", "a{1}{2}", "[:digit:]+", "[:letter:]+", "x[a:]",
        ] {
            guard let predicate = try? Self.predicate(pattern) else { continue }
            compiled += 1
            #expect(Self.skeleton(of: predicate) == nil, "\(pattern)")
        }
        #expect(compiled >= 18)
        #expect(Self.skeleton(of: try Self.predicate("ticket-[0-9]+", caseInsensitive: true)) == nil)
    }

    /// Random patterns over a small grammar and random identifiers over the bytes they use:
    /// every pattern accepted as a skeleton matches, through its program and by itself, exactly
    /// the identifiers PCRE2 matches.
    @Test func agreesWithPCRE2OnRandomPatterns() throws {
        var random = DeterministicRandom(seed: 2026_11_26)
        let atoms = [
            "a", "b", "-", "0", "/", "\\.", "\\d", "[a-b]", "[^a]", "[0-9a]", "[ab]", "[\\-a]", "[^/.]", "[0-9]",
            "[a-z]", "[0-9/]",
            "[A-Za-b]",
        ]
        let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "{2,}", "{0,1}"]
        let bytes = ["a", "b", "-", "0", "9", "/", ".", "c"]
        var accepted = 0
        var cases = 0
        for _ in 0..<3_000 {
            let pattern = (0..<(1 + random.below(5))).map { _ in
                atoms[random.below(atoms.count)] + quantifiers[random.below(quantifiers.count)]
            }.joined()
            let predicate = try Self.predicate(pattern)
            guard let skeleton = Self.skeleton(of: predicate) else { continue }
            accepted += 1
            let program = try #require(ASCIIProgram.encode(predicate.root), "\(pattern)")
            #expect(program.withUnsafeBufferPointer { ASCIIProgram.size(of: $0.baseAddress!) } == program.count)
            for _ in 0..<40 {
                let identifier = (0..<random.below(9)).map { _ in bytes[random.below(bytes.count)] }.joined()
                let expected = Self.evaluate(predicate, identifier)
                cases += 1
                #expect(Self.holds(program, identifier) == expected, "program of '\(pattern)' on '\(identifier)'")
                let direct = Array(identifier.utf8).withUnsafeBufferPointer { skeleton.matches($0) }
                #expect(direct == expected, "skeleton '\(pattern)' on '\(identifier)'")
            }
        }
        #expect(accepted > 500 && cases > 20_000, "\(accepted) skeletons, \(cases) cases")
    }

    /// A group whose regex is a skeleton is verified by its program on ASCII identifiers and
    /// by PCRE2 on others; both routes decide as the pattern does.
    @Test func routesReachSkeletonGroupsWithAndWithoutASCII() throws {
        let patterns = ["ticket-7-[0-9]+", "fiche-[a-z]+", "doc-[^/]+"]
        let sessions = try patterns.enumerated().map { index, pattern in
            SceneSession(
                id: "w\(index)", declaration: "Main", lastActive: index,
                conditions: ActivationConditions(
                    canActivate: .alwaysFalse, prefersToActivate: try Self.predicate(pattern)))
        }
        #expect(sessions.allSatisfy { Self.skeleton(of: $0.conditions.prefersToActivate) != nil })
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions))
        func winner(_ identifier: String) -> String? {
            if case .activate(let id) = router.route(identifier: identifier).action { return id }
            return nil
        }
        #expect(winner("ticket-7-42") == "w0")
        #expect(winner("ticket-7-") == nil)
        #expect(winner("ticket-7-42x") == nil)
        #expect(winner("ticket-7-٤٢") == nil)
        #expect(winner("fiche-abc") == "w1")
        #expect(winner("fiche-abé") == nil)
        #expect(winner("doc-é") == "w2")
        #expect(winner("doc-a/b") == nil)
    }
}
