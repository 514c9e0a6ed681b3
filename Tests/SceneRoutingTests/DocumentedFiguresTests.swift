import Foundation
import PCRE2Support
import PredicateSyntax
import Testing

@testable import SceneRouting

/// The figures the documentation and the code's comments state about the code are the
/// code's: each is read from the document (or stated here beside the comment) and compared
/// with the constant or layout it describes.
@Suite struct DocumentedFiguresTests {
    static func article(_ name: String) throws -> String {
        try String(
            contentsOf: FixturePaths.packageRoot.appendingPathComponent(
                "Sources/SceneRouting/SceneRouting.docc/\(name).md"),
            encoding: .utf8)
    }

    /// The limit column of the row of the limits table whose first column starts with `row`.
    static func limit(_ row: String) throws -> String {
        let table = try article("LimitsAndHardening")
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix("| \(row)") }, "no row '\(row)'")
        return String(line.split(separator: "|")[1].trimmingCharacters(in: .whitespaces))
    }

    static func number(_ text: String) -> Int? {
        Int(text.filter { $0.isNumber })
    }

    @Test func theLimitsTableStatesTheLimits() throws {
        #expect(
            try Self.limit("target content identifier")
                == "\(SceneRouter.maximumIdentifierLength.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) bytes of UTF-8"
        )
        #expect(try Self.limit("nesting of parentheses") == "\(Parser.maximumNestingDepth) levels")
        #expect(try Self.limit("nesting of character sets") == "\(ICURegexTranslator.maximumSetDepth) levels")
        #expect(try Self.limit("nesting of JSON") == "\(JSONParser.maximumDepth) levels")
        #expect(try Self.limit("`lastActive`") == "−(2⁵³ − 1) … 2⁵³ − 1")
        #expect(SceneSession.statedLastActiveRange == -(1 << 53 - 1)...(1 << 53 - 1))
        #expect(try Self.limit("a manifest") == "1 GiB")
        #expect(try Self.limit("one line of identifiers") == "1 GiB")
        #expect(InputFile.maximumSize == 1 << 30)
        #expect(
            try Self.limit("one regular-expression match")
                == "\(MatchBudget.baseMatchLimit.formatted(.number.locale(Locale(identifier: "en_US")))) + \(MatchBudget.perByteMatchLimit) × identifier length PCRE2 steps"
        )
    }

    @Test func theOtherArticlesAgree() throws {
        let predicates = try Self.article("PredicateLanguage")
        #expect(predicates.contains("budget of 10,000 + 32 × the identifier's length"))
        #expect(MatchBudget.baseMatchLimit == 10_000 && MatchBudget.perByteMatchLimit == 32)
        #expect(predicates.contains("JIT stack 32 KiB–1 MiB per thread"))
        #expect(MatchBudget.jitStackStart == 32 * 1024 && MatchBudget.jitStackMax == 1024 * 1024)
        #expect(predicates.contains("\(Parser.maximumNestingDepth) levels"))
        #expect(try Self.article("RoutingRules").contains("65,536 bytes"))
        #expect(try Self.article("ManifestAndCommandLine").contains("100,000 bytes"))
        #expect(ManifestChecker.uikitPredicateSizeLimit == 100_000)
    }

    /// How the table works states the sizes below which a tier compares its keys and keeps
    /// its contenders.
    @Test func theTableArticleStatesItsThresholds() throws {
        let article = try Self.article("HowTheTableWorks")
        #expect(
            article.contains(
                "While a tier has at most \(TableTuning.standard.flatKeyLimit) prefix, suffix and inner keys"))
        #expect(article.contains("A tier of at most \(TierContenders.groupLimit) groups also keeps its *contenders*"))
        #expect(article.contains("as long as there are at most four"))
        #expect(TierContenders.capacity == 4)
    }

    /// A match is bounded by the budget, and the budget grows with the identifier: a
    /// catastrophic pattern stops early, while a linear one finishes on a long identifier.
    @Test func theBudgetBoundsAMatchAndGrowsWithTheIdentifier() throws {
        let catastrophic = try ActivationPredicate(format: "SELF MATCHES '(a+)+$'")
        let stopped = catastrophic.evaluateReportingBudget(String(repeating: "a", count: 40) + "b")
        #expect(!stopped.matches && stopped.budgetExceeded)
        let linear = try ActivationPredicate(format: "SELF MATCHES '.*y.*'")
        let finished = linear.evaluateReportingBudget(String(repeating: "x", count: 200_000) + "y")
        #expect(finished.matches && !finished.budgetExceeded)
        #expect(MatchBudget.matchLimit(forSubjectLength: 1_000) == UInt32(MatchBudget.baseMatchLimit + 32 * 1_000))
    }

    /// `GroupHead`: "in 40 bytes"; `RankKey`: "reads 24 bytes"; `SessionSlot`: "in 48
    /// bytes"; a group's placement keeps its list position without growing; a session's record
    /// keeps its rarely stated fields apart (112 bytes).
    @Test func layoutsAreAsTheCommentsSay() {
        #expect(MemoryLayout<SceneSession>.stride == 112)
        #expect(MemoryLayout<GroupHead>.stride == 40)
        #expect(MemoryLayout<GroupHead>.size == 40)
        #expect(MemoryLayout<RankKey>.stride == 24)
        #expect(MemoryLayout<SessionSlot>.stride == 48)
        #expect(MemoryLayout<PredicateTier.Placement>.stride == 16)
    }
}
