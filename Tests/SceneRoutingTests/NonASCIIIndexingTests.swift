@testable import SceneRouting
import Testing

/// Which predicates the table can index for identifiers in any script, and which it must
/// evaluate on every route (`compile`'s residual count).
@Suite struct NonASCIIIndexingTests {
    private func shape(_ formats: [String]) throws -> DispatchShape.Tier {
        let sessions = try formats.enumerated().map { index, format in
            SceneSession(
                id: "S\(index)", declaration: "Main",
                conditions: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: try ActivationPredicate(format: format)))
        }
        return SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions)).shape.prefer
    }

    @Test func nonASCIILiteralsAreIndexed() throws {
        let tier = try shape([
            "SELF == 'fenêtre/文档-1'", "SELF CONTAINS[cd] 'café'", "SELF BEGINSWITH[c] 'документ'",
            "SELF ENDSWITH '/anhänge/1.pdf'", "SELF LIKE[c] 'Über-*'", "SELF MATCHES 'tíquet-[0-9]+'", "SELF IN {'😀', 'ß'}",
        ])
        #expect(tier.groups == 7)
        #expect(tier.residual == 0)
    }

    /// A literal made only of characters CFString matches unreliably (`é` alone under `[c]`,
    /// a Hangul syllable under `[d]`, `ß` under `[cd]`) gives no key; literal-free
    /// predicates give none either.
    @Test func literalsWithoutAReliableCharacterAreResidual() throws {
        let tier = try shape(["SELF CONTAINS[c] 'é'", "SELF BEGINSWITH[d] '각'", "SELF CONTAINS[cd] 'ß'", "NOT SELF == 'x'"])
        #expect(tier.groups == 4)
        #expect(tier.residual == 4)
    }
}
