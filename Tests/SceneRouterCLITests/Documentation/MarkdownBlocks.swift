import Foundation
import Testing

/// The fenced code blocks of the README and the documentation catalog's articles.
enum MarkdownBlocks {
    struct Block: CustomTestStringConvertible, Sendable {
        var file: String
        /// The line of the opening fence.
        var line: Int
        /// The language after the opening fence (`swift`, `json`, `console`, …).
        var language: String
        var text: String
        var testDescription: String { "\(file):\(line)" }
        var lines: [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// The README and every article, relative to the package root.
    static let documents: [String] = {
        let catalog = CLIRunner.packageRoot.appendingPathComponent("Sources/SceneRouting/SceneRouting.docc")
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
        return ["README.md"]
            + articles.filter { $0.hasSuffix(".md") }.sorted().map { "Sources/SceneRouting/SceneRouting.docc/" + $0 }
    }()

    /// The fenced blocks of one Markdown file, in order.
    static func blocks(in file: String) throws -> [Block] {
        let text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(file), encoding: .utf8)
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                open?.text += line + "\n"
                continue
            }
            if let block = open {
                blocks.append(block)
                open = nil
            } else {
                open = Block(file: file, line: index + 1, language: String(trimmed.dropFirst(3)), text: "")
            }
        }
        return blocks
    }
}

/// Output as a document shows it: a line of only `…` stands for any number of lines, a line
/// ending in `…` for any line that begins with the text before it; every other line is
/// exactly as printed.
enum ElidedOutput {
    static func matches(shown: [String], actual: [String]) -> Bool {
        matches(shown: shown[...], actual: actual[...])
    }

    private static func matches(shown: ArraySlice<String>, actual: ArraySlice<String>) -> Bool {
        guard let first = shown.first else { return actual.isEmpty }
        let rest = shown.dropFirst()
        if first.trimmingCharacters(in: .whitespaces) == "…" {
            var remaining = actual[...]
            while true {
                if matches(shown: rest, actual: remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let line = actual.first else { return false }
        let fits = first.hasSuffix("…") ? line.hasPrefix(first.dropLast()) : line == first
        return fits && matches(shown: rest, actual: actual.dropFirst())
    }
}
