import Foundation
import Testing

@testable import SceneRouting

/// Every JSON example in the README and the documentation catalog is what it claims to be:
/// each `json` block parses, each manifest among them loads, and each `jsonl` block of events
/// or timeline operations decodes against the manifest shown before it in the same file.
@Suite struct DocumentationExamplesTests {
    @Test func theDocumentsHaveExamples() throws {
        let all = try MarkdownBlocks.documents.flatMap(MarkdownBlocks.blocks)
        #expect(all.filter { $0.language == "json" && $0.text.contains("\"declarations\"") }.count >= 3)
        #expect(all.contains { $0.language == "jsonl" })
    }

    @Test(arguments: MarkdownBlocks.documents) func examplesLoad(_ file: String) throws {
        var manifest: SceneApp?
        for block in try MarkdownBlocks.blocks(in: file) {
            let place = "\(block.file):\(block.line)"
            switch block.language {
            case "json":
                let data = Data(block.text.utf8)
                #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(place) is not JSON")
                if block.text.contains("\"declarations\"") {
                    do {
                        manifest = try ManifestLoader.load(data, file: place)
                    } catch {
                        Issue.record("\(place): \(error)")
                    }
                }
            case "jsonl":
                let app = try #require(manifest, "\(place): events need a manifest before them")
                let decoder = TimelineDecoder(file: place, app: app, allowsLifecycle: true)
                for (index, line) in block.text.split(separator: "\n").enumerated() {
                    do {
                        _ = try decoder.decode(Array(line.utf8), line: index + 1)
                    } catch {
                        Issue.record("\(error)")
                    }
                }
            default:
                // Shell sessions, Swift and output: neither JSON nor events.
                #expect(
                    !block.text.hasPrefix("{\"") || block.language == "console" || block.language.isEmpty, "\(place)")
            }
        }
    }
}
