import Foundation
import SceneRouting

/// A SARIF 2.1.0 log of one `check` run: one rule per diagnostic code, one result per
/// warning or error, located by file, line and column (columns count Unicode scalars) and,
/// for a manifest, by the JSON path as a logical location.
struct SARIFLog: Encodable {
    struct Run: Encodable {
        var tool: Tool
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "scene-router"
        var version = SceneRouterVersion.current
        var semanticVersion = SceneRouterVersion.current
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]?
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation?
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    struct LogicalLocation: Encodable {
        var fullyQualifiedName: String
        var kind = "member"
    }

    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }

    init(_ diagnostics: [Diagnostic]) {
        var rules: [Rule] = []
        var ruleIndex: [String: Int] = [:]
        let results = diagnostics.map { diagnostic in
            let id = diagnostic.code?.rawValue ?? diagnostic.severity.rawValue
            let index =
                ruleIndex[id]
                ?? {
                    rules.append(Rule(id: id))
                    ruleIndex[id] = rules.count - 1
                    return rules.count - 1
                }()
            var text = diagnostic.message
            if let excerpt = diagnostic.excerpt { text += "\n" + excerpt.text }
            for note in diagnostic.notes { text += "\nnote: " + note }
            var location = Location()
            if let file = diagnostic.file, file != "stdin" {
                location.physicalLocation = PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: Self.uri(file)),
                    region: diagnostic.line.map {
                        Region(startLine: max(1, $0), startColumn: diagnostic.column.map { max(1, $0) })
                    })
            }
            if let path = diagnostic.path { location.logicalLocations = [LogicalLocation(fullyQualifiedName: path)] }
            let located = location.physicalLocation != nil || location.logicalLocations != nil
            return Result(
                ruleId: id, ruleIndex: index, level: diagnostic.severity == .error ? "error" : "warning",
                message: Message(text: text),
                locations: located ? [location] : nil)
        }
        runs = [Run(tool: Tool(driver: Driver(rules: rules)), results: results)]
    }

    /// A file name as a relative (or absolute-path) URI reference: every byte outside the
    /// unreserved set and `/` percent-encoded, so no name can be misread as a scheme, query
    /// or fragment.
    static func uri(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        // Plain structs of strings and numbers always encode.
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
