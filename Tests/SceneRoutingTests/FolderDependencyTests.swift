import Foundation
import Testing

/// The folders of `Sources/SceneRouting` form layers, each using only those below it:
///
///     Lint          checks a loaded manifest
///     Routing       the routing rules, both routers, replay, explanations
///     Dispatch      the indexed table
///     Manifest      decoding manifests, events and timelines
///     Model         apps, declarations, sessions, events
///     Predicates    compiling and evaluating predicates
///     Folding       byte text, key folds, index keys
///     JSON          the strict JSON parser
///     Support       building blocks that know nothing of routing: per-thread scratch
///                   memory, an integer set, hash functions, large arrays, the lock
///
/// A folder's subfolders (`Dispatch/Tier`, `Predicates/RegexTranslation`) belong to its layer.
/// A file's folder uses another when the file names a type declared at the top level of a
/// file there (comments and string literals aside). Files at the top of the module (the
/// re-exports) may use anything.
@Suite struct FolderDependencyTests {
    static let layers = [
        "Support", "JSON", "Folding", "Predicates", "Model", "Manifest", "Dispatch", "Routing", "Lint",
    ]

    struct SourceFile {
        var folder: String
        var name: String
        var code: String
    }

    static func sources() throws -> [SourceFile] {
        let root = FixturePaths.packageRoot.appendingPathComponent("Sources/SceneRouting")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var files: [SourceFile] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let parts = path.split(separator: "/")
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            files.append(
                SourceFile(
                    folder: parts.count > 1 ? String(parts[0]) : ".", name: path, code: withoutCommentsAndStrings(text))
            )
        }
        return files
    }

    static func withoutCommentsAndStrings(_ text: String) -> String {
        var result = ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        var inMultilineString = false
        while let line = lines.next() {
            if line.contains("\"\"\"") {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString { continue }
            var kept = ""
            var inString = false
            var escaped = false
            var previous: Character = " "
            for character in line {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                if character == "/" && previous == "/" {
                    kept.removeLast()
                    break
                }
                if character == "\"" { inString = true } else { kept.append(character) }
                previous = character
            }
            result += kept + "\n"
        }
        return result
    }

    /// Type names declared at the top level of each folder's files.
    static func declarations(in files: [SourceFile]) throws -> [String: Set<String>] {
        let declaration = try Regex(
            #"(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)"#
        )
        var homes: [String: Set<String>] = [:]
        for file in files {
            for match in file.code.matches(of: declaration) {
                if let name = match.output[1].substring { homes[String(name), default: []].insert(file.folder) }
            }
        }
        return homes
    }

    @Test func everyFolderIsALayer() throws {
        let folders = Set(try Self.sources().map(\.folder)).subtracting(["."])
        #expect(folders == Set(Self.layers))
    }

    @Test func noFolderUsesOneAboveIt() throws {
        let files = try Self.sources()
        let homes = try Self.declarations(in: files)
        var upward: [String] = []
        var edges = 0
        for file in files {
            guard let user = Self.layers.firstIndex(of: file.folder) else { continue }
            for (name, folders) in homes where !folders.contains(file.folder) {
                // Simple word boundaries: Unicode ones do not split `Name.Type`.
                let use = try Regex("\\b\(name)\\b").wordBoundaryKind(.simple)
                guard file.code.contains(name), try use.firstMatch(in: file.code) != nil else { continue }
                for folder in folders {
                    guard let used = Self.layers.firstIndex(of: folder) else { continue }
                    edges += 1
                    if used > user { upward.append("\(file.name) uses \(name) (\(folder))") }
                }
            }
        }
        // The scan finds the real uses (the check cannot pass by finding nothing).
        #expect(edges > 50)
        #expect(upward.isEmpty, "\(upward.joined(separator: "\n"))")
    }
}
