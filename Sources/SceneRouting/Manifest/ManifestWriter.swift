import Foundation

/// Writes a ``SceneApp`` as a JSON manifest that ``ManifestLoader`` reads back to the same
/// app, every key included (roles, sources, emitted identifiers, unresolved conditions):
/// `bench --write-manifest` and `import` write their manifests with it. One declaration,
/// session or emitted identifier per line, keys in a fixed order, so output diffs well.
package enum ManifestWriter {
    /// The manifest as text.
    package static func text(of app: SceneApp) -> String {
        var text = ""
        lines(of: app) { text += $0 }
        return text
    }

    /// Writes the manifest to `path`, a megabyte at a time (a manifest of a million sessions
    /// is hundreds of megabytes).
    package static func write(_ app: SceneApp, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var buffer = ""
        lines(of: app) { line in
            buffer += line
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
        }
        handle.write(Data(buffer.utf8))
    }

    /// Hands `emit` the manifest in pieces, each ending in a newline.
    private static func lines(of app: SceneApp, _ emit: (String) -> Void) {
        emit("{\n  \"framework\": \(quote(app.framework.rawValue)),\n")
        emit("  \"supportsMultipleScenes\": \(app.supportsMultipleScenes),\n")
        emit("  \"tieBreak\": \(quote(app.tieBreak.rawValue)),\n")
        if let bundleIdentifier = app.bundleIdentifier { emit("  \"bundleIdentifier\": \(quote(bundleIdentifier)),\n") }
        emit("  \"declarations\": [\n")
        for (index, declaration) in app.declarations.enumerated() {
            emit("    " + object(declarationFields(declaration)) + separator(index, app.declarations.count))
        }
        emit(app.sessions.isEmpty ? "  ],\n  \"sessions\": [" : "  ],\n  \"sessions\": [\n")
        for (index, session) in app.sessions.enumerated() {
            emit("    " + sessionObject(session) + separator(index, app.sessions.count))
        }
        emit(app.sessions.isEmpty ? "]" : "  ]")
        if !app.emitted.isEmpty {
            emit(",\n  \"emitted\": [\n")
            for (index, emitted) in app.emitted.enumerated() {
                emit("    " + object(emittedFields(emitted)) + separator(index, app.emitted.count))
            }
            emit("  ]")
        }
        if let newScenes = app.newScenes {
            emit(",\n  \"newScenes\": {")
            var fields: [(String, String)] = []
            if let otherwise = newScenes.otherwise { fields.append(("otherwise", quote(otherwise))) }
            if let source = newScenes.source { fields.append(("source", quote(source.description))) }
            emit(fields.map { "\n    \(quote($0.0)): \($0.1)," }.joined())
            emit(newScenes.rules.isEmpty ? "\n    \"rules\": []" : "\n    \"rules\": [\n")
            for (index, rule) in newScenes.rules.enumerated() {
                emit("      " + object(newSceneRuleFields(rule)) + separator(index, newScenes.rules.count))
            }
            emit(newScenes.rules.isEmpty ? "\n  }" : "    ]\n  }")
        }
        if !app.unresolvedConditions.isEmpty {
            emit(",\n  \"unresolved\": [\n")
            for (index, unresolved) in app.unresolvedConditions.enumerated() {
                var fields = [
                    ("declaration", unresolved.declaration.map(quote) ?? "null"),
                    ("condition", quote(unresolved.condition.rawValue)),
                    ("expression", quote(unresolved.expression)),
                ]
                if let source = unresolved.source { fields.append(("source", quote(source.description))) }
                emit("    " + object(fields) + separator(index, app.unresolvedConditions.count))
            }
            emit("  ]")
        }
        emit("\n}\n")
    }

    /// A session as a manifest's `sessions` and a timeline's `open` state it.
    package static func sessionObject(_ session: SceneSession) -> String {
        var fields = [
            ("id", quote(session.id)), ("declaration", quote(session.declaration)),
            ("role", quote(session.role.rawValue)),
            ("state", quote(session.state.rawValue)), ("lastActive", "\(session.lastActive)"),
        ]
        if !session.values.isEmpty {
            fields.append(
                ("values", object(session.values.sorted { $0.key < $1.key }.map { ($0.key, quote($0.value)) })))
        }
        fields += conditionFields(session.conditions, session.templates)
        if !session.acceptedWarnings.isEmpty {
            fields.append(("accept", "[" + session.acceptedWarnings.map(quote).joined(separator: ", ") + "]"))
        }
        return object(fields)
    }

    private static func separator(_ index: Int, _ count: Int) -> String {
        index + 1 < count ? ",\n" : "\n"
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func declarationFields(_ declaration: SceneDeclaration) -> [(String, String)] {
        var fields = [("name", quote(declaration.name))]
        if declaration.role != .windowApplication { fields.append(("role", quote(declaration.role.rawValue))) }
        if let delegateClass = declaration.delegateClass { fields.append(("delegateClass", quote(delegateClass))) }
        if let storyboard = declaration.storyboard { fields.append(("storyboard", quote(storyboard))) }
        if let matching = declaration.matching {
            fields.append(("matching", matching.swiftUIMembers != nil ? set(matching) : predicate(matching)))
        }
        if !declaration.values.isEmpty {
            let values = declaration.values.map { value in
                var fields = [("name", quote(value.name))]
                if let expression = value.expression { fields.append(("expression", quote(expression))) }
                if let source = value.source { fields.append(("source", quote(source.description))) }
                return object(fields)
            }
            fields.append(("values", "[" + values.joined(separator: ", ") + "]"))
        }
        if declaration.initialConditions != nil || !declaration.conditionTemplates.isEmpty {
            let initial = declaration.initialConditions ?? ActivationConditions()
            fields.append(("initialConditions", object(conditionFields(initial, declaration.conditionTemplates))))
        }
        if !declaration.acceptedWarnings.isEmpty {
            fields.append(("accept", "[" + declaration.acceptedWarnings.map(quote).joined(separator: ", ") + "]"))
        }
        if let source = declaration.source { fields.append(("source", quote(source.description))) }
        return fields
    }

    /// SwiftUI sets under `allowing`/`preferring` when both conditions are sets; otherwise
    /// predicates (a set written as its equivalent predicate), since a manifest does not mix
    /// the two kinds on one session.
    /// A condition that uses values is written as its template, so that reading it back binds
    /// it again.
    private static func conditionFields(
        _ conditions: ActivationConditions, _ templates: ConditionTemplates = ConditionTemplates()
    ) -> [(String, String)] {
        func isSet(_ template: ConditionTemplate?, _ predicate: ActivationPredicate) -> Bool {
            guard let template else { return predicate.swiftUIMembers != nil }
            if case .swiftUISet = template.form { return true }
            return false
        }
        if isSet(templates.canActivate, conditions.canActivate)
            && isSet(templates.prefersToActivate, conditions.prefersToActivate)
        {
            return [
                ("allowing", templates.canActivate.map(templateSet) ?? set(conditions.canActivate)),
                ("preferring", templates.prefersToActivate.map(templateSet) ?? set(conditions.prefersToActivate)),
            ]
        }
        return [
            ("canActivate", templates.canActivate.map(templatePredicate) ?? predicate(conditions.canActivate)),
            (
                "prefersToActivate",
                templates.prefersToActivate.map(templatePredicate) ?? predicate(conditions.prefersToActivate)
            ),
        ]
    }

    /// A string argument or member: as it is, or `{"template": …}` when it uses values.
    private static func templateText(_ template: ValueTemplate) -> String {
        if template.pieces.count == 1, case .text(let text) = template.pieces[0] { return quote(text) }
        return object([("template", quote(template.description))])
    }

    /// A template as a predicate (a set template as the predicate SwiftUI derives from it).
    private static func templatePredicate(_ template: ConditionTemplate) -> String {
        var fields: [(String, String)]
        switch template.form {
        case .predicate(let format, let arguments):
            let written = arguments.map { argument -> String in
                switch argument {
                case .string(let text): templateText(text)
                case .strings(let members): "[" + members.map(templateText).joined(separator: ", ") + "]"
                }
            }
            fields = [("format", quote(format)), ("args", "[" + written.joined(separator: ", ") + "]")]
        case .swiftUISet(let members):
            let nonEmpty = members.filter { $0.pieces != [.text("")] }
            if members.contains(ValueTemplate(pieces: [.text("*")])) {
                fields = [("format", quote("TRUEPREDICATE"))]
            } else if nonEmpty.isEmpty {
                fields = [("format", quote("FALSEPREDICATE"))]
            } else {
                fields = [
                    ("format", quote(nonEmpty.map { _ in "SELF CONTAINS[cd] %@" }.joined(separator: " OR "))),
                    ("args", "[" + nonEmpty.map(templateText).joined(separator: ", ") + "]"),
                ]
            }
        }
        if let source = template.source { fields.append(("source", quote(source.description))) }
        return object(fields)
    }

    /// A set template: an array, or `{"set", "source"}` when it has a source.
    private static func templateSet(_ template: ConditionTemplate) -> String {
        guard case .swiftUISet(let members) = template.form else { return templatePredicate(template) }
        let written = "[" + members.map(templateText).joined(separator: ", ") + "]"
        guard let source = template.source else { return written }
        return object([("set", written), ("source", quote(source.description))])
    }

    private static func newSceneRuleFields(_ rule: NewSceneRule) -> [(String, String)] {
        var fields: [(String, String)] = []
        for test in rule.tests {
            switch test {
            case .event(let kind): fields.append(("event", quote(kind.rawValue)))
            case .activityType(let types):
                fields.append(("activityType", "[" + types.map(quote).joined(separator: ", ") + "]"))
            case .shortcutType(let types):
                fields.append(("shortcutType", "[" + types.map(quote).joined(separator: ", ") + "]"))
            case .url(let url): fields.append(("url", predicate(url)))
            case .identifier(let identifier): fields.append(("identifier", predicate(identifier)))
            }
        }
        if let configuration = rule.configuration { fields.append(("configuration", quote(configuration))) }
        if let unread = rule.unread { fields.append(("unread", quote(unread))) }
        if let source = rule.source { fields.append(("source", quote(source.description))) }
        return fields
    }

    private static func emittedFields(_ emitted: EmittedIdentifier) -> [(String, String)] {
        var fields: [(String, String)]
        switch emitted.value {
        case .identifier(let identifier): fields = [("identifier", quote(identifier))]
        case .pattern(let prefix, let suffix):
            fields = [("pattern", object([("prefix", quote(prefix)), ("suffix", quote(suffix))]))]
        case .template(let template): fields = [("template", quote(template.description))]
        case .dynamic(let expression): fields = [("dynamic", quote(expression))]
        }
        if let carrier = emitted.carrier { fields.append(("carrier", quote(carrier.rawValue))) }
        if let declaration = emitted.declaration { fields.append(("declaration", quote(declaration))) }
        if let source = emitted.source { fields.append(("source", quote(source.description))) }
        return fields
    }

    /// A predicate as manifest JSON: a string, or `{"format", "args", "source"}` when it has
    /// arguments or a source.
    static func predicate(_ predicate: ActivationPredicate) -> String {
        guard !predicate.arguments.isEmpty || predicate.source != nil else { return quote(predicate.format) }
        var fields = [("format", quote(predicate.format))]
        if !predicate.arguments.isEmpty {
            let arguments = predicate.arguments.map { argument -> String in
                switch argument {
                case .string(let value): quote(value)
                case .strings(let values): "[" + values.map(quote).joined(separator: ", ") + "]"
                }
            }
            fields.append(("args", "[" + arguments.joined(separator: ", ") + "]"))
        }
        if let source = predicate.source { fields.append(("source", quote(source.description))) }
        return object(fields)
    }

    /// A SwiftUI set: an array, or `{"set", "source"}` when it has a source.
    private static func set(_ predicate: ActivationPredicate) -> String {
        let members = "[" + (predicate.swiftUIMembers ?? []).map(quote).joined(separator: ", ") + "]"
        guard let source = predicate.source else { return members }
        return object([("set", members), ("source", quote(source.description))])
    }

    package static func quote(_ text: String) -> String { JSONStringLiteral.quoted(text) }
}
