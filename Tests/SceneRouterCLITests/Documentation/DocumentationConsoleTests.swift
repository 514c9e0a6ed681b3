import Foundation
import Testing

/// Every `console` block of the README and the articles that shows output is what running
/// its commands prints. The block's commands run in turn in one scratch folder that sees the
/// package's `Fixtures/` and holds the document's manifest as `app.json` (the manifest shown
/// last before the block); `> FILE` keeps stdout for the commands after it. Output is
/// compared as ``ElidedOutput`` reads it, against stdout then stderr or stderr then stdout
/// (a terminal interleaves the two). Blocks without output only illustrate and are not run.
@Suite struct DocumentationConsoleTests {
    struct Command {
        var arguments: [String]
        var redirect: String?
        var shown: [String] = []
        var line: Int
    }

    /// The commands of a block, or nil when it shows no output.
    static func commands(in block: MarkdownBlocks.Block) -> [Command]? {
        var commands: [Command] = []
        for (offset, line) in block.lines.enumerated() {
            if line.hasPrefix("$ ") {
                var words = Self.words(String(line.dropFirst(2)))
                var redirect: String?
                if words.count >= 2, words[words.count - 2] == ">" {
                    redirect = words.removeLast()
                    words.removeLast()
                }
                commands.append(Command(arguments: words, redirect: redirect, line: block.line + 1 + offset))
            } else if !commands.isEmpty {
                commands[commands.count - 1].shown.append(line)
            }
        }
        return commands.contains { !$0.shown.isEmpty } ? commands : nil
    }

    /// A command line's words: quotes group, `#` starts a comment.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word?.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == "#" && word == nil {
                break
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let word { words.append(word) }
        return words
    }

    static let blocks: [MarkdownBlocks.Block] = MarkdownBlocks.documents.flatMap { document in
        ((try? MarkdownBlocks.blocks(in: document)) ?? []).filter {
            $0.language == "console" && commands(in: $0) != nil
        }
    }

    @Test func theDocumentsShowRunnableOutput() {
        #expect(Self.blocks.count >= 4)
    }

    @Test(arguments: blocks) func producesWhatItShows(_ block: MarkdownBlocks.Block) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-router-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Fixtures"),
            withDestinationURL: CLIRunner.packageRoot.appendingPathComponent("Fixtures"))
        let before = try MarkdownBlocks.blocks(in: block.file).filter { $0.line < block.line }
        if let manifest = before.last(where: { $0.language == "json" && $0.text.contains("\"declarations\"") }) {
            try Data(manifest.text.utf8).write(to: folder.appendingPathComponent("app.json"))
        }
        for command in try #require(Self.commands(in: block)) {
            let place = "\(block.file):\(command.line)"
            try #require(command.arguments.first == "scene-router", "\(place): only scene-router commands are run")
            let result = try CLIRunner.run(Array(command.arguments.dropFirst()), in: folder)
            #expect(!result.signaled && !result.timedOut, "\(place)")
            if let redirect = command.redirect {
                try Data(result.stdout.utf8).write(to: folder.appendingPathComponent(redirect))
            }
            let shownErrors = command.shown.contains { $0.contains("error:") }
            #expect(
                shownErrors ? result.status == 2 : result.status <= 1,
                "\(place): exit \(result.status)\n\(result.stderr)")
            guard !command.shown.isEmpty else { continue }
            let stdout = Self.lines(result.stdout)
            let stderr = Self.lines(result.stderr)
            #expect(
                ElidedOutput.matches(shown: command.shown, actual: stdout + stderr)
                    || ElidedOutput.matches(shown: command.shown, actual: stderr + stdout),
                "\(place) printed:\n\(result.stderr)\(result.stdout)\nwhere the document shows:\n\(command.shown.joined(separator: "\n"))"
            )
        }
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
