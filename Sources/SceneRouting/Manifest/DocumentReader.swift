import Foundation
import PredicateSyntax

/// Walks a parsed JSON document, checking shapes and collecting every problem with its
/// path instead of stopping at the first.
struct DocumentReader {
    let file: String
    /// Set for JSON Lines records: errors carry the line number.
    var line: Int?
    private(set) var errors: [Diagnostic] = []
    /// Builds each distinct format once.
    private var predicates = PredicateCache()

    init(file: String, line: Int? = nil) {
        self.file = file
        self.line = line
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        EditDistance.between(a.lowercased(), b.lowercased())
    }

    mutating func fail(_ path: JSONPath, _ message: String) {
        errors.append(
            Diagnostic(message: message, file: file, line: line, path: path.components.isEmpty ? nil : path.description)
        )
    }

    /// Reports a predicate's own diagnostic at `path`.
    mutating func fail(_ path: JSONPath, predicate diagnostic: Diagnostic) {
        var located = diagnostic
        located.file = file
        located.line = line
        located.path = path.components.isEmpty ? nil : path.description
        errors.append(located)
    }

    /// The object's members, after reporting keys outside `allowed` (with a suggestion).
    mutating func object(_ value: JSONValue, at path: JSONPath, allowed: [String]) -> [(key: String, value: JSONValue)]?
    {
        guard case .object(let members) = value else {
            fail(path, "expected an object, found \(value.typeName)")
            return nil
        }
        for (key, _) in members where !allowed.contains(key) {
            let suggestion = allowed.min { Self.distance(key, $0) < Self.distance(key, $1) }
            let hint = suggestion.flatMap { Self.distance(key, $0) <= 3 ? " (did you mean '\($0)'?)" : nil } ?? ""
            fail(path.appending(key), "unknown key '\(key)'\(hint); expected one of \(allowed.joined(separator: ", "))")
        }
        return members
    }

    mutating func string(_ value: JSONValue, at path: JSONPath) -> String? {
        guard case .string(let text) = value else {
            fail(path, "expected a string, found \(value.typeName)")
            return nil
        }
        return text
    }

    mutating func optionalString(_ value: JSONValue?, at path: JSONPath) -> String?? {
        guard let value else { return .some(nil) }
        if case .null = value { return .some(nil) }
        guard case .string(let text) = value else {
            fail(path, "expected a string or null, found \(value.typeName)")
            return nil
        }
        return .some(text)
    }

    mutating func bool(_ value: JSONValue, at path: JSONPath) -> Bool? {
        guard case .bool(let flag) = value else {
            fail(path, "expected true or false, found \(value.typeName)")
            return nil
        }
        return flag
    }

    /// An integer within `range`; larger magnitudes are refused rather than rounded, since
    /// a JSON number beyond 2⁵³ may not be the integer that was written.
    mutating func integer(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let number, let isInteger) = value, isInteger else {
            fail(path, "expected an integer, found \(value.typeName)")
            return nil
        }
        guard number >= Double(range.lowerBound), number <= Double(range.upperBound), let integer = Int(exactly: number)
        else {
            fail(
                path,
                "\(JSONParser.integerText(number)) is out of range: expected an integer from \(range.lowerBound) to \(range.upperBound)"
            )
            return nil
        }
        return integer
    }

    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: JSONPath, as type: Value.Type
    ) -> Value? where Value.RawValue == String {
        guard let text = string(value, at: path) else { return nil }
        guard let result = Value(rawValue: text) else {
            fail(
                path,
                "unknown value '\(text)'; expected one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return result
    }

    mutating func stringArray(_ value: JSONValue, at path: JSONPath) -> [String]? {
        guard case .array(let elements) = value else {
            fail(path, "expected an array of strings, found \(value.typeName)")
            return nil
        }
        var strings: [String] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            if let text = string(element, at: path.appending(index: index)) {
                strings.append(text)
            } else {
                valid = false
            }
        }
        return valid ? strings : nil
    }

    /// A source location, `FILE:LINE:COLUMN`.
    mutating func sourceLocation(_ value: JSONValue, at path: JSONPath) -> SourceLocation? {
        guard let text = string(value, at: path) else { return nil }
        guard let location = SourceLocation(text) else {
            fail(path, "'\(text)' is not a source location: expected FILE:LINE:COLUMN")
            return nil
        }
        return location
    }

    /// A predicate: a format string, or `{"format": …, "args": [string | [string]], "source": …}`.
    mutating func predicate(_ value: JSONValue, at path: JSONPath) -> ActivationPredicate? {
        var format: String
        var arguments: [PredicateArgument] = []
        var source: SourceLocation?
        switch value {
        case .string(let text):
            format = text
        case .object:
            guard let members = object(value, at: path, allowed: ["format", "args", "source"]) else { return nil }
            if let sourceValue = members.first(where: { $0.key == "source" })?.value {
                guard let location = sourceLocation(sourceValue, at: path.appending("source")) else { return nil }
                source = location
            }
            guard let formatValue = members.first(where: { $0.key == "format" })?.value else {
                fail(path, "missing \"format\"")
                return nil
            }
            guard let text = string(formatValue, at: path.appending("format")) else { return nil }
            format = text
            if let argsValue = members.first(where: { $0.key == "args" })?.value {
                guard case .array(let elements) = argsValue else {
                    fail(
                        path.appending("args"),
                        "expected an array of strings or arrays of strings, found \(argsValue.typeName)")
                    return nil
                }
                for (index, element) in elements.enumerated() {
                    let elementPath = path.appending("args").appending(index: index)
                    switch element {
                    case .string(let text): arguments.append(.string(text))
                    case .array:
                        guard let strings = stringArray(element, at: elementPath) else { return nil }
                        arguments.append(.strings(strings))
                    default:
                        fail(elementPath, "expected a string or an array of strings, found \(element.typeName)")
                        return nil
                    }
                }
            }
        default:
            fail(
                path,
                "expected a predicate (a format string or {\"format\": …, \"args\": […]}), found \(value.typeName)")
            return nil
        }
        do {
            let predicate = try predicates.predicate(format: format, arguments: arguments)
            return source.map(predicate.located(at:)) ?? predicate
        } catch {
            fail(path, predicate: error)
            return nil
        }
    }

    /// A SwiftUI string set (`handlesExternalEvents`): an array of strings, or
    /// `{"set": [string], "source": …}`.
    mutating func swiftUISet(_ value: JSONValue, at path: JSONPath) -> ActivationPredicate? {
        if case .object = value {
            guard let members = object(value, at: path, allowed: ["set", "source"]) else { return nil }
            guard let setValue = members.first(where: { $0.key == "set" })?.value else {
                fail(path, "missing \"set\"")
                return nil
            }
            var source: SourceLocation?
            if let sourceValue = members.first(where: { $0.key == "source" })?.value {
                guard let location = sourceLocation(sourceValue, at: path.appending("source")) else { return nil }
                source = location
            }
            guard let strings = stringArray(setValue, at: path.appending("set")) else { return nil }
            return ActivationPredicate(swiftUISet: strings).located(at: source)
        }
        guard let members = stringArray(value, at: path) else { return nil }
        return ActivationPredicate(swiftUISet: members)
    }

    /// Whether `value` is written as a SwiftUI set (an array, or an object with `set`).
    static func isSwiftUISet(_ value: JSONValue) -> Bool {
        switch value {
        case .array: true
        case .object: value["set"] != nil
        default: false
        }
    }
}
