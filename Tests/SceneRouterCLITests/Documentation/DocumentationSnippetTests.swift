import Foundation
import Testing

/// Every Swift example that uses the library compiles (it is one of the snippets in this
/// folder, the same text as the document shows) and runs, printing what its comments say.
/// The other Swift blocks are app code in the forms the import reads (UIKit and SwiftUI,
/// which do not exist on Linux); they are shown only in ImportingAnApp.
@Suite struct DocumentationSnippetTests {
    static var snippets: [String: any DocumentationSnippet.Type] {
        ["README": ReadmeSnippet.self, "GettingStarted": GettingStartedSnippet.self]
    }

    /// A snippet's code as its document shows it: the lines between the markers, with the
    /// method body's indentation removed, after `import SceneRouting` and a blank line.
    static func shownCode(of snippet: any DocumentationSnippet.Type) throws -> [String] {
        let lines = try String(contentsOfFile: snippet.file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// snippet begin" })
        let end = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// snippet end" })
        let indentation = lines[begin].prefix { $0 == " " }.count
        let body = lines[(begin + 1)..<end].map {
            String($0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count)))
        }
        return ["import SceneRouting", ""] + body
    }

    @Test func everyLibraryExampleIsACompiledSnippet() throws {
        var shown: Set<String> = []
        for document in MarkdownBlocks.documents {
            for block in try MarkdownBlocks.blocks(in: document) where block.language == "swift" {
                guard block.lines.first == "import SceneRouting" else {
                    #expect(
                        document.hasSuffix("ImportingAnApp.md") && !block.text.contains("SceneRouter"),
                        "\(block.testDescription): a Swift example that uses the library starts with import SceneRouting"
                    )
                    continue
                }
                let snippet = Self.snippets.values.first {
                    (try? Self.shownCode(of: $0)) == block.lines && $0.document == document
                }
                #expect(
                    snippet != nil,
                    "\(block.testDescription) is not the code of any snippet in Tests/SceneRouterCLITests/Documentation"
                )
                if let snippet { shown.insert(String(describing: snippet)) }
            }
        }
        #expect(shown.count == Self.snippets.count, "every snippet is shown by its document: \(shown)")
    }

    /// What the snippet's comments say it prints: the comment after a `print(…)` on its line,
    /// or the comment lines right after it.
    static func shownOutput(of code: [String]) -> [[String]] {
        var outputs: [[String]] = []
        var index = 0
        while index < code.count {
            let line = code[index]
            index += 1
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("print(") else { continue }
            if let comment = line.range(of: "// ") {
                outputs.append([String(line[comment.upperBound...])])
                continue
            }
            var output: [String] = []
            while index < code.count, let comment = code[index].range(of: "// "),
                code[index][..<comment.lowerBound].allSatisfy({ $0 == " " })
            {
                output.append(String(code[index][comment.upperBound...]))
                index += 1
            }
            outputs.append(output)
        }
        return outputs
    }

    @Test(arguments: snippets.keys.sorted()) func runsAndPrintsWhatItShows(_ name: String) throws {
        let type = try #require(Self.snippets[name])
        var snippet = type.init()
        try snippet.run()
        let shown = Self.shownOutput(of: try Self.shownCode(of: type))
        #expect(shown.count == snippet.printed.count, "\(name): \(snippet.printed)")
        for (expected, printed) in zip(shown, snippet.printed) {
            let actual = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(
                ElidedOutput.matches(shown: expected, actual: actual),
                "\(name) printed:\n\(printed)\nwhere it shows:\n\(expected.joined(separator: "\n"))")
        }
    }
}
