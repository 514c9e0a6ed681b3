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
        if !app.unresolvedConditions.isEmpty {
            emit(",\n  \"unresolved\": [\n")
            for (index, unresolved) in app.unresolvedConditions.enumerated() {
                var fields = [
                    ("declaration", unresolved.declaration.map(quote) ?? "null"), ("condition", quote(unresolved.condition.rawValue)),
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
            ("id", quote(session.id)), ("declaration", quote(session.declaration)), ("role", quote(session.role.rawValue)),
            ("state", quote(session.state.rawValue)), ("lastActive", "\(session.lastActive)"),
        ]
        fields += conditionFields(session.conditions)
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
        if let initial = declaration.initialConditions {
            fields.append(("initialConditions", object(conditionFields(initial))))
        }
        if let source = declaration.source { fields.append(("source", quote(source.description))) }
        return fields
    }

    /// SwiftUI sets under `allowing`/`preferring` when both conditions are sets; otherwise
    /// predicates (a set written as its equivalent predicate), since a manifest does not mix
    /// the two kinds on one session.
    private static func conditionFields(_ conditions: ActivationConditions) -> [(String, String)] {
        if conditions.canActivate.swiftUIMembers != nil && conditions.prefersToActivate.swiftUIMembers != nil {
            return [("allowing", set(conditions.canActivate)), ("preferring", set(conditions.prefersToActivate))]
        }
        return [("canActivate", predicate(conditions.canActivate)), ("prefersToActivate", predicate(conditions.prefersToActivate))]
    }

    private static func emittedFields(_ emitted: EmittedIdentifier) -> [(String, String)] {
        var fields: [(String, String)]
        switch emitted.value {
        case .identifier(let identifier): fields = [("identifier", quote(identifier))]
        case .pattern(let prefix, let suffix): fields = [("pattern", object([("prefix", quote(prefix)), ("suffix", quote(suffix))]))]
        case .dynamic(let expression): fields = [("dynamic", quote(expression))]
        }
        if let carrier = emitted.carrier { fields.append(("carrier", quote(carrier.rawValue))) }
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
