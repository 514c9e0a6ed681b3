import Foundation
import PredicateSyntax

/// Decodes JSON Lines of events (and, for timelines, lifecycle operations).
public struct TimelineDecoder: Sendable {
    static let eventKinds = ["identifier", "notification", "shortcut", "userActivity", "url"]
    static let lifecycleKinds = ["open", "close", "update"]

    /// How errors name the file.
    public var file: String
    /// The app's framework: decides how a user activity without an identifier is routed.
    public var framework: AppFramework
    /// Declarations `open` lines may name.
    public var declarationNames: Set<String>
    /// Whether lifecycle operations are allowed (replay) or only events (route).
    public var allowsLifecycle: Bool

    /// A decoder for lines of `file`, naming `app`'s declarations.
    public init(file: String, app: SceneApp, allowsLifecycle: Bool) {
        self.file = file
        self.framework = app.framework
        self.declarationNames = Set(app.declarations.map(\.name))
        self.allowsLifecycle = allowsLifecycle
        declarations = app.declarations.reduce(into: [:]) { $0[$1.name] = $1 }
        roles = app.declarations.reduce(into: [:]) { $0[$1.name] = $1.role }
    }

    /// The role an `open` line's session takes unless it states one: its declaration's (an
    /// external display's window is not one that takes events).
    private let roles: [String: SessionRole]

    /// The declarations an `open` line's session starts from (initial conditions, templates),
    /// by name.
    private let declarations: [String: SceneDeclaration]

    /// Decodes one line (1-based `line` for errors).
    public func decode(_ bytes: some Collection<UInt8>, line: Int) throws(Diagnostic) -> TimelineEntry {
        let bytes = Array(bytes)
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            var syntax = ManifestLoader.syntaxError(error, in: bytes, file: file, line: line)
            syntax.line = line
            throw syntax
        }
        var reader = DocumentReader(file: file, line: line)
        let entry = decode(value, reader: &reader)
        if let first = reader.errors.first { throw first }
        return entry!
    }

    /// A misspelling one or two edits away (transposition, dropped or extra letter).
    private static func isNearMiss(_ a: String, _ b: String) -> Bool {
        a != b && EditDistance.between(a.lowercased(), b.lowercased()) <= 2
    }

    private var expectation: String {
        let kinds = Self.eventKinds + (allowsLifecycle ? Self.lifecycleKinds : [])
        return "expected an object with one of " + kinds.joined(separator: ", ")
    }

    private func decode(_ value: JSONValue, reader: inout DocumentReader) -> TimelineEntry? {
        guard case .object(let members) = value, members.count == 1, let (kind, body) = members.first else {
            if case .object(let members) = value, members.count > 1 {
                reader.fail(
                    .root, "\(expectation), exactly one per line (found \(members.map(\.key).joined(separator: ", ")))")
            } else {
                reader.fail(.root, expectation)
            }
            return nil
        }
        let path = JSONPath.root.appending(kind)
        switch kind {
        case "identifier":
            guard let identifier = reader.optionalString(body, at: path) else { return nil }
            return .event(.identifier(identifier))
        case "notification":
            return Self.decodeNotification(body, at: path, reader: &reader).map { .event($0) }
        case "shortcut":
            guard
                reader.object(
                    body, at: path,
                    allowed: ["type", "localizedTitle", "localizedSubtitle", "targetContentIdentifier", "userInfo"])
                    != nil,
                let type = reader.optionalString(body["type"], at: path.appending("type")),
                let identifier = reader.optionalString(
                    body["targetContentIdentifier"], at: path.appending("targetContentIdentifier"))
            else { return nil }
            return .event(.shortcut(type: type, targetContentIdentifier: identifier))
        case "userActivity":
            guard
                reader.object(
                    body, at: path,
                    allowed: [
                        "activityType", "title", "targetContentIdentifier", "webpageURL", "userInfo",
                        "persistentIdentifier",
                    ])
                    != nil,
                let type = reader.optionalString(body["activityType"], at: path.appending("activityType")),
                let identifier = reader.optionalString(
                    body["targetContentIdentifier"], at: path.appending("targetContentIdentifier")),
                let webpageURL = reader.optionalString(body["webpageURL"], at: path.appending("webpageURL"))
            else { return nil }
            return .event(
                .userActivity(activityType: type, targetContentIdentifier: identifier, webpageURL: webpageURL))
        case "url":
            guard let text = reader.string(body, at: path) else { return nil }
            guard let url = URL(string: text), url.scheme != nil else {
                reader.fail(path, "'\(text)' is not an absolute URL")
                return nil
            }
            return .event(.url(url))
        case "open" where allowsLifecycle:
            var sites: [PredicateSite] = []
            return ManifestLoader.decodeSession(
                body, at: path, index: 0, framework: framework, declarationNames: declarationNames,
                opening: declarations, reader: &reader, sites: &sites
            ).map { session in
                var session = session
                if body["role"] == nil, let role = roles[session.declaration] { session.role = role }
                return .open(session)
            }
        case "close" where allowsLifecycle:
            guard let id = reader.string(body, at: path) else { return nil }
            return .close(sessionID: id)
        case "update" where allowsLifecycle:
            return decodeUpdate(body, at: path, reader: &reader).map { .update($0) }
        default:
            let known = Self.eventKinds + (allowsLifecycle ? Self.lifecycleKinds : [])
            let close = known.first { Self.isNearMiss(kind, $0) }
            reader.fail(.root, "\(expectation) (found '\(kind)'\(close.map { "; did you mean '\($0)'?" } ?? ""))")
            return nil
        }
    }

    /// A push payload (`{"aps": {"target-content-id": …}, …}`; other keys are the app's own
    /// data) or notification content (`{"targetContentIdentifier": …}`).
    static func decodeNotification(_ body: JSONValue, at path: JSONPath, reader: inout DocumentReader) -> ExternalEvent?
    {
        guard case .object = body else {
            reader.fail(path, "expected an APNs payload object, found \(body.typeName)")
            return nil
        }
        if let aps = body["aps"] {
            guard case .object = aps else {
                reader.fail(path.appending("aps"), "expected an object, found \(aps.typeName)")
                return nil
            }
            guard
                let identifier = reader.optionalString(
                    aps["target-content-id"], at: path.appending("aps").appending("target-content-id"))
            else { return nil }
            return .notification(targetContentIdentifier: identifier)
        }
        guard
            let identifier = reader.optionalString(
                body["targetContentIdentifier"], at: path.appending("targetContentIdentifier"))
        else { return nil }
        return .notification(targetContentIdentifier: identifier)
    }

    private func decodeUpdate(_ body: JSONValue, at path: JSONPath, reader: inout DocumentReader) -> SessionUpdate? {
        guard
            reader.object(
                body, at: path, allowed: ["id", "state", "lastActive", "role", "values"] + ManifestLoader.conditionKeys)
                != nil
        else { return nil }
        guard let idValue = body["id"] else {
            reader.fail(path, "missing \"id\"")
            return nil
        }
        guard let id = reader.string(idValue, at: path.appending("id")) else { return nil }
        var sites: [PredicateSite] = []
        return ManifestLoader.decodeStatedFields(body, at: path, id: id, index: 0, reader: &reader, sites: &sites)
    }
}
