import PredicateSyntax
import Testing

@testable import SceneRouterImport

/// Large Swift files are parsed only when they name a scene API, and never past 4 MiB.
@Suite struct SwiftParseBudgetTests {
    static func file(bytes: Int, with word: String = "") -> [UInt8] {
        let line = Array("    static let value = \"a generated string\"\n".utf8)
        var text = Array(word.utf8)
        while text.count < bytes { text += line }
        return text
    }

    @Test func smallFilesAreAlwaysParsed() {
        let verdict = SwiftParseBudget.verdict(for: Self.file(bytes: 100_000), file: "Strings.swift")
        #expect(!verdict.skip && verdict.warning == nil)
    }

    @Test func largeFilesWithoutSceneAPIsAreSkippedQuietly() {
        let verdict = SwiftParseBudget.verdict(for: Self.file(bytes: 2 << 20), file: "Strings.swift")
        #expect(verdict.skip && verdict.warning == nil)
    }

    @Test(arguments: SwiftParseBudget.sceneWords)
    func largeFilesNamingSceneAPIsAreParsed(word: String) {
        let verdict = SwiftParseBudget.verdict(
            for: Self.file(bytes: 2 << 20, with: "// " + word + "\n"), file: "Big.swift")
        #expect(!verdict.skip && verdict.warning == nil)
    }

    @Test func filesPastTheLimitAreSkippedWithAWarning() {
        let verdict = SwiftParseBudget.verdict(
            for: Self.file(bytes: 5 << 20, with: "var body: some Scene\n"), file: "Big.swift")
        #expect(verdict.skip)
        #expect(
            verdict.warning?.rendered().hasPrefix("Big.swift: warning: a Swift file of 5 MiB that names scene APIs")
                == true)
    }

    @Test func wordsAreFoundAnywhere() {
        #expect(SwiftParseBudget.mentionsSceneAPI(Array("x.targetContentIdentifier = id".utf8)))
        #expect(SwiftParseBudget.mentionsSceneAPI(Array("[\"aps\": [:]]".utf8)))
        #expect(!SwiftParseBudget.mentionsSceneAPI(Array("let maps = perhaps".utf8)))
        #expect(!SwiftParseBudget.mentionsSceneAPI(Array("Scen".utf8)))
    }
}
