public import Foundation

/// Reads a JSON manifest (the Manifest article) into a ``SceneApp``, strictly: unknown keys,
/// wrong types, unknown declarations, duplicate ids, mixed UIKit/SwiftUI conditions and
/// predicate errors are all reported, each with its JSON path.
public enum ManifestLoader {
    static let topLevelKeys = [
        "framework", "supportsMultipleScenes", "tieBreak", "bundleIdentifier", "declarations", "sessions", "emitted",
        "unresolved",
        "newScenes",
    ]
    static let declarationKeys = [
        "name", "matching", "initialConditions", "values", "role", "delegateClass", "storyboard", "source", "accept",
    ]
    static let conditionKeys = ["canActivate", "prefersToActivate", "allowing", "preferring"]
    static let sessionKeys =
        ["id", "declaration", "role", "state", "lastActive", "values"] + conditionKeys + ["accept"]

    /// Loads the manifest at `path`.
    /// - Parameters:
    ///   - path: the manifest file (`-` for stdin).
    ///   - displayName: how errors name the file (default: `path`).
    public static func load(contentsOf path: String, displayName: String? = nil) throws(ManifestError) -> SceneApp {
        try loadWithSites(contentsOf: path, displayName: displayName, collectsSites: false).app
    }

    /// Loads a manifest from bytes; `file` names it in errors.
    public static func load(_ data: Data, file: String) throws(ManifestError) -> SceneApp {
        try loadWithSites([UInt8](data), file: file, collectsSites: false).app
    }

    /// Loads the manifest at `path` as ``load(contentsOf:displayName:)`` does, and says when
    /// the fast reading could not be used only because `sessions` come before `framework` or
    /// `declarations` (the careful reading, several times slower on a large manifest). Only
    /// manifests of `minimumSessions` or more are looked at for that: the look is a walk
    /// over the whole file.
    package static func loadNotingOrder(
        contentsOf path: String, displayName: String? = nil, minimumSessions: Int
    ) throws(ManifestError) -> (app: SceneApp, sessionsFirst: Bool) {
        let name = displayName ?? path
        let bytes = try contents(of: path, name: name)
        var fast = true
        let app = try loadWithSites(bytes, file: name, collectsSites: false, usedFastReading: &fast).app
        guard !fast, app.sessions.count >= minimumSessions else { return (app, false) }
        let places = JSONPathLocator.locate(["sessions", "declarations", "framework"], in: bytes)
        guard let sessions = places["sessions"] else { return (app, false) }
        let later = [places["declarations"], places["framework"]].compactMap { $0 }.contains {
            ($0.line, $0.column) > (sessions.line, sessions.column)
        }
        return (app, later)
    }

    static func loadWithSites(contentsOf path: String, displayName: String? = nil, collectsSites: Bool = true)
        throws(ManifestError) -> (
            app: SceneApp, sites: [PredicateSite]
        )
    {
        let name = displayName ?? path
        return try loadWithSites(try contents(of: path, name: name), file: name, collectsSites: collectsSites)
    }

    /// The file's bytes, or the reason they cannot be read as the manifest's one error.
    private static func contents(of path: String, name: String) throws(ManifestError) -> [UInt8] {
        do {
            return try InputFile.contents(of: path, displayName: name)
        } catch {
            throw ManifestError(errors: [error])
        }
    }

    static func loadWithSites(_ data: Data, file: String) throws(ManifestError) -> (
        app: SceneApp, sites: [PredicateSite]
    ) {
        try loadWithSites([UInt8](data), file: file)
    }

    /// The app and, when `collectsSites`, where each of its predicates stands.
    static func loadWithSites(_ bytes: [UInt8], file: String, collectsSites: Bool = true) throws(ManifestError) -> (
        app: SceneApp, sites: [PredicateSite]
    ) {
        var fast = true
        return try loadWithSites(bytes, file: file, collectsSites: collectsSites, usedFastReading: &fast)
    }

    static func loadWithSites(_ bytes: [UInt8], file: String, collectsSites: Bool, usedFastReading: inout Bool)
        throws(ManifestError) -> (
            app: SceneApp, sites: [PredicateSite]
        )
    {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw ManifestError(errors: [
                Diagnostic(
                    message: "the file is empty: a manifest is a JSON object with declarations and sessions", file: file
                )
            ])
        }
        if let decoded = DirectManifestDecoder.decode(bytes, file: file, collectsSites: collectsSites) {
            return decoded
        }
        usedFastReading = false
        return try loadThroughTree(bytes, file: file)
    }

    /// Reads the whole document into JSON values first: slower than
    /// ``DirectManifestDecoder``, and the reading that names every problem and its place.
    static func loadThroughTree(_ bytes: [UInt8], file: String) throws(ManifestError) -> (
        app: SceneApp, sites: [PredicateSite]
    ) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ManifestError(errors: [syntaxError(error, in: bytes, file: file)])
        }
        var reader = DocumentReader(file: file)
        let result = decodeApp(document, reader: &reader)
        if !reader.errors.isEmpty { throw ManifestError(errors: JSONPathLocator.locating(reader.errors, in: bytes)) }
        return result!
    }

    /// A JSON syntax error with the offending line for a caret.
    static func syntaxError(_ failure: JSONParser.Failure, in bytes: [UInt8], file: String, line: Int? = nil)
        -> Diagnostic
    {
        var start = min(failure.offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = min(failure.offset, bytes.count)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let sourceLine = String(decoding: bytes[start..<end], as: UTF8.self)
        // The column counts Unicode scalars; the excerpt's offset is in UTF-8 code units.
        let offset = sourceLine.unicodeScalars.prefix(max(0, failure.column - 1)).reduce(0) { $0 + UTF8.width($1) }
        return Diagnostic(
            message: failure.message, file: file, line: line ?? failure.line, column: failure.column,
            excerpt: Diagnostic.Excerpt(.line, text: sourceLine, offset: offset))
    }

    static func decodeApp(_ document: JSONValue, reader: inout DocumentReader) -> (
        app: SceneApp, sites: [PredicateSite]
    )? {
        let root = JSONPath.root
        guard let members = reader.object(document, at: root, allowed: topLevelKeys) else { return nil }
        var framework = AppFramework.uikit
        var supportsMultipleScenes = true
        var tieBreak = TieBreakPolicy.recency
        var sites: [PredicateSite] = []
        if let value = document["framework"] {
            framework = reader.enumeration(value, at: root.appending("framework"), as: AppFramework.self) ?? framework
        }
        if let value = document["supportsMultipleScenes"] {
            supportsMultipleScenes = reader.bool(value, at: root.appending("supportsMultipleScenes")) ?? true
        }
        if let value = document["tieBreak"] {
            tieBreak = reader.enumeration(value, at: root.appending("tieBreak"), as: TieBreakPolicy.self) ?? tieBreak
        }
        var bundleIdentifier: String?
        if let value = document["bundleIdentifier"] {
            bundleIdentifier = reader.string(value, at: root.appending("bundleIdentifier"))
        }
        _ = members

        var declarations: [SceneDeclaration] = []
        let declarationsPath = root.appending("declarations")
        switch document["declarations"] {
        case nil:
            reader.fail(declarationsPath, "missing: an app needs at least one scene declaration")
        case .array(let elements)?:
            if elements.isEmpty { reader.fail(declarationsPath, "empty: an app needs at least one scene declaration") }
            var names: Set<String> = []
            for (index, element) in elements.enumerated() {
                let path = declarationsPath.appending(index: index)
                guard
                    let declaration = decodeDeclaration(
                        element, at: path, index: index, framework: framework, reader: &reader, sites: &sites)
                else { continue }
                if !names.insert(declaration.name).inserted {
                    reader.fail(path.appending("name"), "duplicate declaration name '\(declaration.name)'")
                }
                declarations.append(declaration)
            }
        case let value?:
            reader.fail(declarationsPath, "expected an array of declarations, found \(value.typeName)")
        }

        var sessions: [SceneSession] = []
        let sessionsPath = root.appending("sessions")
        switch document["sessions"] {
        case nil: break
        case .array(let elements)?:
            var ids: Set<String> = []
            let declarationNames = Set(declarations.map(\.name))
            for (index, element) in elements.enumerated() {
                let path = sessionsPath.appending(index: index)
                guard
                    let session = decodeSession(
                        element, at: path, index: index, framework: framework, declarationNames: declarationNames,
                        reader: &reader, sites: &sites)
                else { continue }
                if !ids.insert(session.id).inserted {
                    reader.fail(path.appending("id"), "duplicate session id '\(session.id)'")
                }
                sessions.append(session)
            }
        case let value?:
            reader.fail(sessionsPath, "expected an array of sessions, found \(value.typeName)")
        }
        // A session's own conditions that use values are bound now (its id is known); one that
        // does not bind a value keeps the framework's default, which `check` reports.
        for index in sessions.indices where !sessions[index].templates.isEmpty {
            sessions[index].bindTemplates(bundleIdentifier: bundleIdentifier)
        }
        var app = SceneApp(
            validatedFramework: framework, supportsMultipleScenes: supportsMultipleScenes, tieBreak: tieBreak,
            declarations: declarations, sessions: sessions)
        app.bundleIdentifier = bundleIdentifier
        if let emitted = document["emitted"] {
            app.emitted = decodeEmitted(
                emitted, at: root.appending("emitted"), declarationNames: Set(declarations.map(\.name)), reader: &reader
            )
        }
        if let newScenes = document["newScenes"] {
            app.newScenes = decodeNewScenes(
                newScenes, at: root.appending("newScenes"), framework: framework, declarations: declarations,
                reader: &reader)
        }
        if let unresolved = document["unresolved"] {
            app.unresolvedConditions = decodeUnresolved(
                unresolved, at: root.appending("unresolved"), declarationNames: Set(declarations.map(\.name)),
                reader: &reader)
        }
        return (app, sites)
    }

    private static func decodeDeclaration(
        _ value: JSONValue, at path: JSONPath, index: Int, framework: AppFramework, reader: inout DocumentReader,
        sites: inout [PredicateSite]
    ) -> SceneDeclaration? {
        guard reader.object(value, at: path, allowed: declarationKeys) != nil else { return nil }
        guard let nameValue = value["name"] else {
            reader.fail(path, "missing \"name\"")
            return nil
        }
        guard let name = reader.string(nameValue, at: path.appending("name")) else { return nil }
        if name.isEmpty { reader.fail(path.appending("name"), "a declaration name cannot be empty") }
        var declaration = SceneDeclaration(name: name)
        if let matching = value["matching"] {
            let matchingPath = path.appending("matching")
            if DocumentReader.isSwiftUISet(matching) {
                declaration.matching = reader.swiftUISet(matching, at: matchingPath)
            } else {
                declaration.matching = reader.predicate(matching, at: matchingPath)
            }
            if let predicate = declaration.matching {
                sites.append(
                    PredicateSite(
                        path: matchingPath.description, role: .matching, predicate: predicate, ownerIndex: index,
                        archivedSize: predicate.archivedSize))
            }
        }
        if let roleValue = value["role"] {
            declaration.role = decodeRole(roleValue, at: path.appending("role"), reader: &reader) ?? declaration.role
        }
        if let accepted = value["accept"] {
            declaration.acceptedWarnings = decodeAccepted(accepted, at: path.appending("accept"), reader: &reader)
        }
        if let delegateValue = value["delegateClass"] {
            declaration.delegateClass = reader.string(delegateValue, at: path.appending("delegateClass"))
        }
        if let storyboardValue = value["storyboard"] {
            declaration.storyboard = reader.string(storyboardValue, at: path.appending("storyboard"))
        }
        if let sourceValue = value["source"] {
            declaration.source = reader.sourceLocation(sourceValue, at: path.appending("source"))
        }
        if let valuesValue = value["values"] {
            declaration.values = reader.declaredValues(valuesValue, at: path.appending("values")) ?? []
        }
        if let initial = value["initialConditions"] {
            let initialPath = path.appending("initialConditions")
            if reader.object(initial, at: initialPath, allowed: conditionKeys) != nil,
                let (conditions, templates) = decodeConditions(
                    initial, at: initialPath, index: index, framework: framework, initial: true, reader: &reader,
                    sites: &sites)
            {
                declaration.initialConditions = conditions
                declaration.conditionTemplates = templates
                // Every value a condition uses is listed, so that a tool knows what a window binds.
                let listed = Set(declaration.values.map(\.name)).union(SessionValue.builtInNames)
                for (key, template) in [
                    ("canActivate", templates.canActivate), ("prefersToActivate", templates.prefersToActivate),
                ] {
                    guard let template else { continue }
                    for name in template.valueNames where !listed.contains(name) {
                        let statedKey = initial[key] != nil ? key : (key == "canActivate" ? "allowing" : "preferring")
                        reader.fail(
                            initialPath.appending(statedKey),
                            "uses ${\(name)}, which the declaration's \"values\" do not list (built in: persistentIdentifier, bundleIdentifier)"
                        )
                    }
                }
            }
        }
        return declaration
    }

    /// The predicates stated on `object` (a session, an `update`, or `initialConditions`)
    /// under the UIKit keys or the SwiftUI ones (not both), each nil when absent; nil when
    /// one is invalid. Each is recorded as a site for lint.
    private static func decodeConditionPredicates(
        _ object: JSONValue, at path: JSONPath, index: Int, initial: Bool, reader: inout DocumentReader,
        sites: inout [PredicateSite]
    ) -> (canActivate: ActivationPredicate?, prefersToActivate: ActivationPredicate?, templates: ConditionTemplates)? {
        let hasUIKit = object["canActivate"] != nil || object["prefersToActivate"] != nil
        let hasSwiftUI = object["allowing"] != nil || object["preferring"] != nil
        if hasUIKit && hasSwiftUI {
            reader.fail(
                path,
                "has both UIKit conditions (canActivate/prefersToActivate) and SwiftUI sets (allowing/preferring); use one kind"
            )
            return nil
        }
        var stated:
            (canActivate: ActivationPredicate?, prefersToActivate: ActivationPredicate?, templates: ConditionTemplates) =
                (nil, nil, ConditionTemplates())
        var valid = true
        for (key, isPrefer) in [
            ("canActivate", false), ("prefersToActivate", true), ("allowing", false), ("preferring", true),
        ] {
            guard let value = object[key] else { continue }
            let keyPath = path.appending(key)
            let isSwiftUISet = key == "allowing" || key == "preferring"
            guard let condition = reader.condition(value, at: keyPath, swiftUISet: isSwiftUISet) else {
                valid = false
                continue
            }
            guard case .fixed(let predicate) = condition else {
                if case .template(let template) = condition {
                    if isPrefer {
                        stated.templates.prefersToActivate = template
                    } else {
                        stated.templates.canActivate = template
                    }
                }
                continue
            }
            if isPrefer { stated.prefersToActivate = predicate } else { stated.canActivate = predicate }
            let role: PredicateSite.Role =
                initial
                ? (isPrefer ? .initialPrefersToActivate : .initialCanActivate)
                : (isPrefer ? .prefersToActivate : .canActivate)
            sites.append(
                PredicateSite(
                    path: keyPath.description, role: role, predicate: predicate, ownerIndex: index,
                    archivedSize: predicate.archivedSize))
        }
        return valid ? stated : nil
    }

    /// The conditions stated on `initialConditions`, with framework defaults for what is
    /// missing.
    static func decodeConditions(
        _ object: JSONValue, at path: JSONPath, index: Int, framework: AppFramework, initial: Bool,
        reader: inout DocumentReader, sites: inout [PredicateSite]
    ) -> (ActivationConditions, ConditionTemplates)? {
        guard
            let stated = decodeConditionPredicates(
                object, at: path, index: index, initial: initial, reader: &reader, sites: &sites)
        else { return nil }
        var conditions = ActivationConditions.defaults(for: framework)
        if let canActivate = stated.canActivate { conditions.canActivate = canActivate }
        if let prefersToActivate = stated.prefersToActivate { conditions.prefersToActivate = prefersToActivate }
        return (conditions, stated.templates)
    }

    /// What a session object states beyond its id and declaration (a manifest's session, a
    /// timeline's `open` or `update`): role, state, lastActive and conditions, each nil when
    /// absent. Every problem is reported; nil when there was one.
    static func decodeStatedFields(
        _ object: JSONValue, at path: JSONPath, id: String, index: Int, reader: inout DocumentReader,
        sites: inout [PredicateSite]
    ) -> SessionUpdate? {
        var fields = SessionUpdate(id: id)
        var valid = true
        if let roleValue = object["role"] {
            fields.role = decodeRole(roleValue, at: path.appending("role"), reader: &reader)
            valid = valid && fields.role != nil
        }
        if let stateValue = object["state"] {
            fields.state = reader.enumeration(stateValue, at: path.appending("state"), as: ActivationState.self)
            valid = valid && fields.state != nil
        }
        if let lastActiveValue = object["lastActive"] {
            fields.lastActive = reader.integer(
                lastActiveValue, at: path.appending("lastActive"), in: SceneSession.statedLastActiveRange)
            valid = valid && fields.lastActive != nil
        }
        if let stated = decodeConditionPredicates(
            object, at: path, index: index, initial: false, reader: &reader, sites: &sites)
        {
            (fields.canActivate, fields.prefersToActivate, fields.templates) = stated
        } else {
            valid = false
        }
        if let valuesValue = object["values"] {
            fields.values = reader.sessionValues(valuesValue, at: path.appending("values"))
            valid = valid && fields.values != nil
        }
        return valid ? fields : nil
    }

    /// A role of ``SessionRole/known``.
    private static func decodeRole(_ value: JSONValue, at path: JSONPath, reader: inout DocumentReader) -> SessionRole?
    {
        guard let name = reader.string(value, at: path) else { return nil }
        guard SessionRole.known.contains(SessionRole(rawValue: name)) else {
            reader.fail(
                path,
                "unknown role '\(name)'; expected one of \(SessionRole.known.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return SessionRole(rawValue: name)
    }

    /// A session object. With `opening` (a timeline's `open`), `id` may be left out (replay
    /// then names the session) and a session that states no conditions starts with its
    /// declaration's initial conditions, as a new window of that kind would.
    static func decodeSession(
        _ value: JSONValue, at path: JSONPath, index: Int, framework: AppFramework, declarationNames: Set<String>,
        opening declarations: [String: SceneDeclaration]? = nil, reader: inout DocumentReader,
        sites: inout [PredicateSite]
    ) -> SceneSession? {
        guard reader.object(value, at: path, allowed: sessionKeys) != nil else { return nil }
        var valid = true
        var id = ""
        if let idValue = value["id"] {
            if let text = reader.string(idValue, at: path.appending("id")) {
                id = text
                if text.isEmpty {
                    reader.fail(path.appending("id"), "a session id cannot be empty")
                    valid = false
                }
            } else {
                valid = false
            }
        } else if declarations == nil {
            reader.fail(path, "missing \"id\"")
            valid = false
        }
        var declaration = ""
        if let declarationValue = value["declaration"] {
            if let name = reader.string(declarationValue, at: path.appending("declaration")) {
                // The declaration's own copy of the name, shared rather than held again.
                if let known = declarationNames.firstIndex(of: name) {
                    declaration = declarationNames[known]
                } else {
                    declaration = name
                    let declared = declarationNames.sorted().map { "'\($0)'" }.joined(separator: ", ")
                    reader.fail(
                        path.appending("declaration"),
                        "unknown declaration '\(name)'; declared: \(declared.isEmpty ? "none that loaded" : declared)")
                    valid = false
                }
            } else {
                valid = false
            }
        } else {
            reader.fail(path, "missing \"declaration\"")
            valid = false
        }
        var session =
            declarations?[declaration]?.newSession(id: id, framework: framework)
            ?? SceneSession(id: id, declaration: declaration, conditions: .defaults(for: framework))
        guard let fields = decodeStatedFields(value, at: path, id: id, index: index, reader: &reader, sites: &sites),
            valid
        else {
            return nil
        }
        fields.apply(to: &session)
        if let accepted = value["accept"] {
            session.acceptedWarnings = decodeAccepted(accepted, at: path.appending("accept"), reader: &reader)
        }
        return session
    }

    /// `"accept": ["never-activated", …]`: lint codes accepted for one declaration or session.
    static func decodeAccepted(_ value: JSONValue, at path: JSONPath, reader: inout DocumentReader) -> [String] {
        guard let codes = reader.stringArray(value, at: path) else { return [] }
        for (index, code) in codes.enumerated() where code.isEmpty || code.contains(where: { $0 == " " || $0 == "\n" })
        {
            reader.fail(path.appending(index: index), "'\(code)' is not a warning code (such as never-activated)")
        }
        return codes
    }
}
