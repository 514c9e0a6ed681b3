import Foundation
import SceneRouting

/// Encodes one value per line with sorted keys: the stable, diffable output format.
enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func line(_ value: some Encodable) -> String {
        // Encoding plain structs of strings, numbers and booleans cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension JSONLines {
    /// A string in JSON string syntax, quotes included: how text output shows identifiers, so
    /// a quote, tab or newline in one cannot be mistaken for the line's structure.
    static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }

    /// A session or declaration name as text output shows it: bare when that is unambiguous
    /// (no space, quote, backslash or control character), else quoted like an identifier.
    static func name(_ text: String) -> String { JSONStringLiteral.name(text) }
}
