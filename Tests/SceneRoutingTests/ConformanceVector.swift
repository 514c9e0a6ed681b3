import Foundation
import Testing

/// One row of a conformance TSV: a format string, an identifier, and Apple's answer.
struct ConformanceVector: CustomTestStringConvertible, Sendable {
    enum Expected: String, Sendable { case `true`, `false`, error }

    let line: Int
    let format: String
    let input: String
    let expected: Expected
    let source: String

    var testDescription: String { "line \(line): \(format) ⟵ \(input.debugDescription) → \(expected.rawValue)" }

    /// Reads a TSV with a header row; fields are raw text (no quoting).
    static func load(_ relativePath: String) -> [ConformanceVector] {
        let url = FixturePaths.url(relativePath)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            fatalError("cannot read conformance file \(url.path)")
        }
        var vectors: [ConformanceVector] = []
        for (index, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().dropFirst() {
            guard !row.isEmpty else { continue }
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, let expected = Expected(rawValue: fields[2]) else {
                fatalError("\(relativePath):\(index + 1): malformed vector row")
            }
            vectors.append(
                ConformanceVector(
                    line: index + 1, format: fields[0], input: fields[1], expected: expected,
                    source: fields.count > 3 ? fields[3] : ""))
        }
        return vectors
    }
}
