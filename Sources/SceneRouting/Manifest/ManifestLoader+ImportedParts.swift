/// The parts of a manifest that `scene-router import` writes beside declarations and
/// sessions: the identifiers the app's code emits and the conditions it could not read.
extension ManifestLoader {
    static let emittedKeys = ["identifier", "pattern", "template", "dynamic", "carrier", "source", "declaration"]
    static let unresolvedKeys = ["declaration", "condition", "expression", "source"]

    /// `[{"identifier": …} | {"pattern": {"prefix": …, "suffix": …}} | {"template": "…${name}…"} | {"dynamic": …}, …]`,
    /// each with an optional `carrier`, `source` and `declaration` (one of `declarationNames`).
    static func decodeEmitted(
        _ value: JSONValue, at path: JSONPath, declarationNames: Set<String>, reader: inout DocumentReader
    ) -> [EmittedIdentifier] {
        guard case .array(let elements) = value else {
            reader.fail(path, "expected an array of emitted identifiers, found \(value.typeName)")
            return []
        }
        var emitted: [EmittedIdentifier] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            guard reader.object(element, at: elementPath, allowed: emittedKeys) != nil else { continue }
            let forms = ["identifier", "pattern", "template", "dynamic"].filter { element[$0] != nil }
            guard forms.count == 1, let form = forms.first, let body = element[form] else {
                reader.fail(elementPath, "expected exactly one of identifier, pattern, template, dynamic")
                continue
            }
            let formPath = elementPath.appending(form)
            let decoded: EmittedIdentifier.Value?
            switch form {
            case "identifier": decoded = reader.string(body, at: formPath).map(EmittedIdentifier.Value.identifier)
            case "dynamic": decoded = reader.string(body, at: formPath).map(EmittedIdentifier.Value.dynamic)
            case "template":
                decoded = reader.string(body, at: formPath).flatMap { text in
                    do throws(ValueTemplateError) {
                        return .template(try ValueTemplate(parsing: text))
                    } catch {
                        reader.fail(formPath, "\(error.message) (at byte \(error.offset) of the template)")
                        return nil
                    }
                }
            default:
                if reader.object(body, at: formPath, allowed: ["prefix", "suffix"]) != nil {
                    let prefix = body["prefix"].flatMap { reader.string($0, at: formPath.appending("prefix")) } ?? ""
                    let suffix = body["suffix"].flatMap { reader.string($0, at: formPath.appending("suffix")) } ?? ""
                    decoded = .pattern(prefix: prefix, suffix: suffix)
                } else {
                    decoded = nil
                }
            }
            let carrier = element["carrier"].flatMap {
                reader.enumeration($0, at: elementPath.appending("carrier"), as: EmittedIdentifier.Carrier.self)
            }
            let source = element["source"].flatMap { reader.sourceLocation($0, at: elementPath.appending("source")) }
            var declaration: String?
            if let named = element["declaration"],
                let name = reader.string(named, at: elementPath.appending("declaration"))
            {
                if declarationNames.contains(name) {
                    declaration = name
                } else {
                    reader.fail(elementPath.appending("declaration"), "unknown declaration '\(name)'")
                }
            }
            if let decoded {
                emitted.append(EmittedIdentifier(decoded, carrier: carrier, source: source, declaration: declaration))
            }
        }
        return emitted
    }

    /// `[{"declaration": …, "condition": …, "expression": …, "source": …}, …]`.
    static func decodeUnresolved(
        _ value: JSONValue, at path: JSONPath, declarationNames: Set<String>, reader: inout DocumentReader
    ) -> [UnresolvedCondition] {
        guard case .array(let elements) = value else {
            reader.fail(path, "expected an array of unresolved conditions, found \(value.typeName)")
            return []
        }
        var unresolved: [UnresolvedCondition] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            guard reader.object(element, at: elementPath, allowed: unresolvedKeys) != nil else { continue }
            var declaration: String?
            switch element["declaration"] {
            case nil, .null?:
                break
            case .string(let name)? where declarationNames.contains(name):
                declaration = name
            case .string(let name)?:
                reader.fail(elementPath.appending("declaration"), "unknown declaration '\(name)'")
                continue
            case let other?:
                reader.fail(elementPath.appending("declaration"), "expected a string or null, found \(other.typeName)")
                continue
            }
            guard let conditionValue = element["condition"] else {
                reader.fail(elementPath, "missing \"condition\"")
                continue
            }
            guard let expressionValue = element["expression"] else {
                reader.fail(elementPath, "missing \"expression\"")
                continue
            }
            guard
                let condition = reader.enumeration(
                    conditionValue, at: elementPath.appending("condition"), as: UnresolvedCondition.Condition.self),
                let expression = reader.string(expressionValue, at: elementPath.appending("expression"))
            else { continue }
            let source = element["source"].flatMap { reader.sourceLocation($0, at: elementPath.appending("source")) }
            unresolved.append(
                UnresolvedCondition(
                    declaration: declaration, condition: condition, expression: expression, source: source))
        }
        return unresolved
    }
}
