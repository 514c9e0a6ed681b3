import Foundation
public import SceneRouting

/// Writes a ``SceneApp`` as a JSON manifest that ``ManifestLoader`` reads back to the
/// same app (used by `bench --write-manifest`).
public enum ManifestWriter {
    /// Writes the manifest to `path`, one session per line.
    public static func write(_ app: SceneApp, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var buffer = ""
        func flush(force: Bool = false) {
            if force || buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
        }
        buffer += "{\n  \"framework\": \(quote(app.framework.rawValue)),\n"
        buffer += "  \"supportsMultipleScenes\": \(app.supportsMultipleScenes),\n"
        buffer += "  \"tieBreak\": \(quote(app.tieBreak.rawValue)),\n  \"declarations\": [\n"
        for (index, declaration) in app.declarations.enumerated() {
            var fields = ["\"name\": \(quote(declaration.name))"]
            if let matching = declaration.matching { fields.append("\"matching\": \(predicate(matching))") }
            if let initial = declaration.initialConditions {
                fields.append(
                    "\"initialConditions\": {\"canActivate\": \(predicate(initial.canActivate)), \"prefersToActivate\": \(predicate(initial.prefersToActivate))}")
            }
            buffer += "    {" + fields.joined(separator: ", ") + "}" + (index + 1 < app.declarations.count ? ",\n" : "\n")
        }
        buffer += "  ],\n  \"sessions\": [\n"
        for (index, session) in app.sessions.enumerated() {
            buffer += "    {\"id\": \(quote(session.id)), \"declaration\": \(quote(session.declaration)), "
            buffer += "\"role\": \(quote(session.role.rawValue)), \"state\": \(quote(session.state.rawValue)), "
            buffer += "\"lastActive\": \(session.lastActive), "
            buffer += "\"canActivate\": \(predicate(session.conditions.canActivate)), "
            buffer += "\"prefersToActivate\": \(predicate(session.conditions.prefersToActivate))}"
            buffer += index + 1 < app.sessions.count ? ",\n" : "\n"
            flush()
        }
        buffer += "  ]\n}\n"
        flush(force: true)
    }

    /// A predicate as manifest JSON: a string, `{"format", "args"}`, or — for a SwiftUI set —
    /// its equivalent predicate (sets are only a manifest form of sessions' conditions).
    static func predicate(_ predicate: ActivationPredicate) -> String {
        guard !predicate.arguments.isEmpty else { return quote(predicate.format) }
        let arguments = predicate.arguments.map { argument -> String in
            switch argument {
            case .string(let value): quote(value)
            case .strings(let values): "[" + values.map(quote).joined(separator: ", ") + "]"
            }
        }
        return "{\"format\": \(quote(predicate.format)), \"args\": [\(arguments.joined(separator: ", "))]}"
    }

    static func quote(_ text: String) -> String { JSONStringLiteral.quoted(text) }
}
