import PredicateSyntax

/// Conditions that use session values: an argument or set member written
/// `{"template": "app://open-scene/${persistentIdentifier}"}`.
extension DocumentReader {
    /// A condition as stated: a predicate or set, or a template of one when an argument or
    /// member uses values.
    enum StatedCondition {
        case fixed(ActivationPredicate)
        case template(ConditionTemplate)
    }

    /// Whether `value` (a predicate or set as written) holds a `{"template": …}` anywhere.
    static func usesTemplates(_ value: JSONValue) -> Bool {
        switch value {
        case .object:
            if value["template"] != nil { return true }
            return [value["args"], value["set"]].contains { $0.map(usesTemplates) ?? false }
        case .array(let elements): return elements.contains(where: usesTemplates)
        default: return false
        }
    }

    /// The predicate (or, with `swiftUISet`, the set) at `path`, as a template when it uses
    /// values; nil after reporting a problem.
    mutating func condition(_ value: JSONValue, at path: JSONPath, swiftUISet: Bool) -> StatedCondition? {
        guard Self.usesTemplates(value) else {
            return (swiftUISet ? self.swiftUISet(value, at: path) : predicate(value, at: path)).map(
                StatedCondition.fixed)
        }
        var source: SourceLocation?
        var body = value
        if case .object = value, !swiftUISet || value["set"] != nil {
            guard
                let members = object(
                    value, at: path, allowed: swiftUISet ? ["set", "source"] : ["format", "args", "source"])
            else {
                return nil
            }
            if let sourceValue = members.first(where: { $0.key == "source" })?.value {
                guard let location = sourceLocation(sourceValue, at: path.appending("source")) else { return nil }
                source = location
            }
            if swiftUISet { body = value["set"]! }
        }
        if swiftUISet {
            guard case .array(let elements) = body else {
                fail(path, "expected an array of strings and templates, found \(body.typeName)")
                return nil
            }
            var members: [ValueTemplate] = []
            for (index, element) in elements.enumerated() {
                guard let member = templateOrString(element, at: path.appending(index: index)) else { return nil }
                members.append(member)
            }
            return .template(ConditionTemplate(swiftUISet: members, source: source))
        }
        guard let formatValue = value["format"] else {
            fail(path, "missing \"format\"")
            return nil
        }
        guard let format = string(formatValue, at: path.appending("format")) else { return nil }
        var arguments: [ConditionTemplate.Argument] = []
        if let argsValue = value["args"] {
            guard case .array(let elements) = argsValue else {
                fail(path.appending("args"), "expected an array of arguments, found \(argsValue.typeName)")
                return nil
            }
            for (index, element) in elements.enumerated() {
                let elementPath = path.appending("args").appending(index: index)
                if case .array(let members) = element {
                    var templates: [ValueTemplate] = []
                    for (position, member) in members.enumerated() {
                        guard let template = templateOrString(member, at: elementPath.appending(index: position)) else {
                            return nil
                        }
                        templates.append(template)
                    }
                    arguments.append(.strings(templates))
                } else {
                    guard let template = templateOrString(element, at: elementPath) else { return nil }
                    arguments.append(.string(template))
                }
            }
        }
        // The format must parse with arguments of this shape, whatever the values turn out to be.
        let sample: [PredicateArgument] = arguments.map { argument in
            switch argument {
            case .string: .string("")
            case .strings(let members): .strings(members.map { _ in "" })
            }
        }
        do {
            _ = try Parser.parse(format, arguments: sample)
        } catch {
            fail(path, predicate: error)
            return nil
        }
        return .template(ConditionTemplate(format: format, arguments: arguments, source: source))
    }

    /// A string (as it is) or `{"template": "…${name}…"}`.
    mutating func templateOrString(_ value: JSONValue, at path: JSONPath) -> ValueTemplate? {
        if case .string(let text) = value { return ValueTemplate(pieces: [.text(text)]) }
        guard object(value, at: path, allowed: ["template"]) != nil else { return nil }
        guard let textValue = value["template"] else {
            fail(path, "missing \"template\"")
            return nil
        }
        guard let text = string(textValue, at: path.appending("template")) else { return nil }
        do {
            return try ValueTemplate(parsing: text)
        } catch {
            fail(path.appending("template"), "\(error.message) (at byte \(error.offset) of '\(text)')")
            return nil
        }
    }

    /// `{"name": "value", …}`: the values a session binds.
    mutating func sessionValues(_ value: JSONValue, at path: JSONPath) -> [String: String]? {
        guard case .object(let members) = value else {
            fail(path, "expected an object of value names and strings, found \(value.typeName)")
            return nil
        }
        var values: [String: String] = [:]
        var valid = true
        for (name, member) in members {
            guard ValueTemplate.isValueName(name) else {
                fail(path, "'\(name)' is not a value name: letters, digits and underscores, not starting with a digit")
                valid = false
                continue
            }
            if let text = string(member, at: path.appending(name)) { values[name] = text } else { valid = false }
        }
        return valid ? values : nil
    }

    /// `[{"name": …, "expression": …, "source": …}]`: the values a declaration's conditions use.
    mutating func declaredValues(_ value: JSONValue, at path: JSONPath) -> [SessionValue]? {
        guard case .array(let elements) = value else {
            fail(path, "expected an array of values, found \(value.typeName)")
            return nil
        }
        var values: [SessionValue] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            guard object(element, at: elementPath, allowed: ["name", "expression", "source"]) != nil else { return nil }
            guard let nameValue = element["name"], let name = string(nameValue, at: elementPath.appending("name"))
            else {
                if element["name"] == nil { fail(elementPath, "missing \"name\"") }
                return nil
            }
            guard ValueTemplate.isValueName(name) else {
                fail(
                    elementPath.appending("name"),
                    "'\(name)' is not a value name: letters, digits and underscores, not starting with a digit")
                return nil
            }
            var declared = SessionValue(name: name)
            if let expression = element["expression"] {
                guard let text = string(expression, at: elementPath.appending("expression")) else { return nil }
                declared.expression = text
            }
            if let sourceValue = element["source"] {
                guard let location = sourceLocation(sourceValue, at: elementPath.appending("source")) else {
                    return nil
                }
                declared.source = location
            }
            values.append(declared)
        }
        return values
    }
}
