import Foundation
import SceneRouting
import Testing

/// ManifestAndCommandLine's table of diagnostic codes lists exactly the codes the code emits:
/// every ``WarningCode`` and every predicate error code, and no other.
@Suite struct DiagnosticCodesTests {
    static let sources = CLIRunner.packageRoot.appendingPathComponent("Sources")

    /// The codes in the first column of the tables under "Diagnostic codes".
    static func documentedCodes() throws -> [String] {
        let article = CLIRunner.packageRoot.appendingPathComponent(
            "Sources/SceneRouting/SceneRouting.docc/ManifestAndCommandLine.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let start = try #require(text.range(of: "### Diagnostic codes\n"))
        let section = text[start.upperBound...].components(separatedBy: "\n### ")[0]
        return section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).prefix { $0 != "`" }.description
        }
    }

    /// The predicate parser's codes, read from their declarations.
    static func predicateErrorCodes() throws -> Set<String> {
        let file = sources.appendingPathComponent("PredicateSyntax/Diagnostic.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        let declaration = try Regex(#"static let \w+ = Code\("([a-z-]+)"\)"#)
        return Set(text.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test func theTableListsExactlyTheEmittedCodes() throws {
        let documented = try Self.documentedCodes()
        let predicateErrors = try Self.predicateErrorCodes()
        // Reading the declarations cannot pass by finding none.
        #expect(predicateErrors.count >= 13)
        let emitted = predicateErrors.union(WarningCode.allCases.map(\.rawValue))
        #expect(documented.count == Set(documented).count, "a code is listed twice")
        #expect(Set(documented).subtracting(emitted).sorted() == [], "documented but never emitted")
        #expect(emitted.subtracting(documented).sorted() == [], "emitted but not documented")
    }

    /// Codes are written once, as constants: a string literal at a call site would be a code
    /// the table and ``WarningCode`` do not know.
    @Test func noCodeIsAStringAtItsCallSite() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
        let literal = try Regex(#"Code\("|code: ""#)
        var found: [String] = []
        var read = 0
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasSuffix("PredicateSyntax/Diagnostic.swift"),
                !path.hasSuffix("Lint/WarningCode.swift")
            else { continue }
            read += 1
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(literal) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(read > 100)
        #expect(found.isEmpty, "\(found.prefix(5).joined(separator: "\n"))")
    }
}
