/// A parsed JSON value. Values do not keep their place in the document: the parser reports
/// syntax errors by line and column, and decoding names what it rejects by JSON path.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double, isInteger: Bool)
    case string(String)
    case array([JSONValue])
    /// Members in document order (duplicates are rejected by the parser).
    case object([(key: String, value: JSONValue)])

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// A JSON path such as `sessions[3].canActivate`, built while walking a document.
struct JSONPath: Sendable, CustomStringConvertible {
    private(set) var components: [String] = []

    static let root = JSONPath()

    func appending(_ key: String) -> JSONPath {
        var copy = self
        copy.components.append(components.isEmpty ? key : "." + key)
        return copy
    }

    func appending(index: Int) -> JSONPath {
        var copy = self
        copy.components.append("[\(index)]")
        return copy
    }

    var description: String { components.isEmpty ? "(top level)" : components.joined() }
}
