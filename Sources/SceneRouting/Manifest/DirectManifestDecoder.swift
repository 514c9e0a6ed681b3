import Dispatch
import Foundation
import PredicateSyntax

/// Decodes a manifest's sessions straight from its bytes, without a tree of JSON values:
/// a manifest of a million sessions is hundreds of megabytes, nearly all of it sessions, and
/// building, walking and releasing a value per key and string costs several times what the
/// sessions themselves do.
///
/// It is strict in the same way as the tree-based reading, but it does not explain: it gives
/// up (nil) at the first thing that is not a valid session in the usual form, whether an error
/// or something it leaves to the tree (escapes in a key, a `framework` or `declarations` after
/// the sessions). ``ManifestLoader`` then reads the document through the tree, which reports
/// every problem with its line, column or JSON path. Everything outside `sessions` (a few
/// declarations, emitted identifiers) goes through the tree either way.
struct DirectManifestDecoder {
    private let bytes: [UInt8]
    private var parser: JSONParser
    private var predicates = PredicateCache()
    /// The format strings met so far, to share (``formatString()``).
    private var knownFormats: [String] = []
    /// Formats beyond this many are not looked for: most manifests state a handful.
    private static let knownFormatLimit = 16
    private let collectsSites: Bool
    private var sites: [PredicateSite] = []
    /// Templates met so far, by the JSON text that states them (byte for byte: strings
    /// compare by canonical equivalence, and a template must keep the bytes it was stated
    /// with), shared by the sessions that state them again: an app whose windows each prefer
    /// their own identity states one template in every session, and a router keeps each
    /// session's template (to bind it again on updates).
    private var knownTemplates: [ArraySlice<UInt8>: ConditionTemplate] = [:]
    /// Value templates met so far (``template()``), by their JSON text likewise.
    private var knownValueTemplates: [ArraySlice<UInt8>: ValueTemplate] = [:]
    /// Past this many, templates are built each time: a document whose templates all differ
    /// gains nothing from sharing, and should not hold a table of them.
    private static let knownTemplateLimit = 4096

    /// Any reason to hand the document to the tree-based reading.
    private struct Declined: Error {}

    private init(bytes: [UInt8], collectsSites: Bool) {
        // Everything read with the tree parser is inside the top-level object.
        self.bytes = bytes
        parser = JSONParser(bytes: bytes, at: 0, depth: 1)
        self.collectsSites = collectsSites
    }

    /// The app `bytes` describe, and where its predicates stand (when `collectsSites`); nil
    /// when the document must be read through the tree (it may still be valid).
    static func decode(_ bytes: [UInt8], file: String, collectsSites: Bool) -> (app: SceneApp, sites: [PredicateSite])?
    {
        var decoder = DirectManifestDecoder(bytes: bytes, collectsSites: collectsSites)
        return try? decoder.decodeDocument(file: file)
    }

    private mutating func decodeDocument(file: String) throws(Declined) -> (app: SceneApp, sites: [PredicateSite]) {
        guard parser.skip(UInt8(ascii: "{")) else { throw Declined() }
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        var sessions: [SceneSession] = []
        var sessionsRead = false
        if !parser.skip(UInt8(ascii: "}")) {
            repeat {
                let key = try string()
                guard keys.insert(key).inserted, parser.skip(UInt8(ascii: ":")) else { throw Declined() }
                parser.skipWhitespace()
                if key == "sessions" {
                    sessions = try decodeSessions(
                        framework: try framework(in: members), declarationNames: declarationNames(in: members))
                    sessionsRead = true
                    members.append((key, .array([])))
                } else {
                    // Sessions were read with the default framework and these names.
                    if sessionsRead && (key == "framework" || key == "declarations") { throw Declined() }
                    do { members.append((key, try parser.parseValue())) } catch { throw Declined() }
                }
            } while parser.skip(UInt8(ascii: ","))
            guard parser.skip(UInt8(ascii: "}")) else { throw Declined() }
        }
        guard parser.isAtEnd() else { throw Declined() }

        var reader = DocumentReader(file: file)
        guard var decoded = ManifestLoader.decodeApp(.object(members), reader: &reader), reader.errors.isEmpty else {
            throw Declined()
        }
        for index in sessions.indices where !sessions[index].templates.isEmpty {
            sessions[index].bindTemplates(bundleIdentifier: decoded.app.bundleIdentifier)
        }
        decoded.app.sessions = sessions
        return (decoded.app, decoded.sites + sites)
    }

    private func framework(in members: [(key: String, value: JSONValue)]) throws(Declined) -> AppFramework {
        guard let value = members.first(where: { $0.key == "framework" })?.value else { return .uikit }
        guard case .string(let name) = value, let framework = AppFramework(rawValue: name) else { throw Declined() }
        return framework
    }

    /// The names the declarations state; whether they are valid is checked with the rest of
    /// the document.
    private func declarationNames(in members: [(key: String, value: JSONValue)]) -> Set<String> {
        guard case .array(let declarations)? = members.first(where: { $0.key == "declarations" })?.value else {
            return []
        }
        var names: Set<String> = []
        for declaration in declarations {
            if case .string(let name)? = declaration["name"] { names.insert(name) }
        }
        return names
    }

    // MARK: Sessions

    /// Sessions in an array of at least this many are decoded on every core.
    static let parallelThreshold = 4_096

    /// The sessions array at `position`, split into as many runs of elements as there are
    /// cores; each run is decoded on its own thread, with its own predicate cache, straight
    /// into its place in the result.
    private mutating func decodeSessions(framework: AppFramework, declarationNames: Set<String>) throws(Declined)
        -> [SceneSession]
    {
        guard let layout = JSONArrayScan.elements(of: bytes, arrayAt: parser.position) else { throw Declined() }
        let count = layout.starts.count
        let runCount = count >= Self.parallelThreshold ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        var outcomes = [RunOutcome](repeating: RunOutcome(), count: runCount)
        let (bytes, collectsSites) = (bytes, collectsSites)
        let sessions = [SceneSession](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let buffer = buffer
            outcomes.withUnsafeMutableBufferPointer { outcomes in
                nonisolated(unsafe) let outcomes = outcomes
                let decode: @Sendable (Int) -> Void = { run in
                    let elements = count * run / runCount..<count * (run + 1) / runCount
                    var decoder = DirectManifestDecoder(bytes: bytes, collectsSites: collectsSites)
                    var decoded = 0
                    let sites = try? decoder.decodeRun(
                        elements, of: layout, into: buffer, decoded: &decoded, framework: framework,
                        declarationNames: declarationNames)
                    outcomes[run] = RunOutcome(decoded: decoded, sites: sites)
                }
                if runCount > 1 {
                    DispatchQueue.concurrentPerform(iterations: runCount, execute: decode)
                } else {
                    decode(0)
                }
            }
            if outcomes.allSatisfy({ $0.sites != nil }) {
                initializedCount = count
                return
            }
            for (run, outcome) in outcomes.enumerated() {
                let first = count * run / runCount
                (buffer.baseAddress! + first).deinitialize(count: outcome.decoded)
            }
            initializedCount = 0
        }
        guard sessions.count == count, !Self.repeatsAnID(sessions) else { throw Declined() }
        for outcome in outcomes { sites += outcome.sites ?? [] }
        parser.position = layout.end
        return sessions
    }

    /// How one thread's run went: how many sessions it decoded, and its sites (nil when it
    /// gave up).
    private struct RunOutcome {
        var decoded = 0
        var sites: [PredicateSite]?
    }

    /// Decodes the sessions at `elements` of the array into their places in `buffer`,
    /// counting them in `decoded`; each must end where the scan says the next begins (after
    /// a comma), or the array ends (at its bracket).
    private mutating func decodeRun(
        _ elements: Range<Int>, of layout: (starts: [Int], end: Int),
        into buffer: UnsafeMutableBufferPointer<SceneSession>,
        decoded: inout Int, framework: AppFramework, declarationNames: Set<String>
    ) throws(Declined) -> [PredicateSite] {
        for element in elements {
            parser.position = layout.starts[element]
            let session = try decodeSession(index: element, framework: framework, declarationNames: declarationNames)
            if element + 1 < layout.starts.count {
                guard parser.skip(UInt8(ascii: ",")) else { throw Declined() }
                parser.skipWhitespace()
                guard parser.position == layout.starts[element + 1] else { throw Declined() }
            } else {
                guard parser.skip(UInt8(ascii: "]")), parser.position == layout.end else { throw Declined() }
            }
            (buffer.baseAddress! + element).initialize(to: session)
            decoded += 1
        }
        return sites
    }

    /// Whether two sessions share an id. Large apps are checked on every core, each thread
    /// taking the ids whose hash falls in its share.
    private static func repeatsAnID(_ sessions: [SceneSession]) -> Bool {
        let shards = sessions.count >= parallelThreshold ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        var repeated = [Bool](repeating: false, count: shards)
        repeated.withUnsafeMutableBufferPointer { repeated in
            nonisolated(unsafe) let repeated = repeated
            let check: @Sendable (Int) -> Void = { shard in
                var ids = Set<String>(minimumCapacity: sessions.count / shards + 1)
                sessions.withUnsafeBufferPointer { sessions in
                    for index in sessions.indices {
                        let id = sessions[index].id
                        guard shards == 1 || Int(UInt(bitPattern: id.hashValue) % UInt(shards)) == shard else {
                            continue
                        }
                        if !ids.insert(id).inserted {
                            repeated[shard] = true
                            return
                        }
                    }
                }
            }
            if shards > 1 {
                DispatchQueue.concurrentPerform(iterations: shards, execute: check)
            } else {
                check(0)
            }
        }
        return repeated.contains(true)
    }

    /// The keys a session may have, as bits of a set.
    private enum SessionKey: UInt16 {
        case id = 1
        case declaration = 2
        case role = 4
        case state = 8
        case lastActive = 16
        case canActivate = 32
        case prefersToActivate = 64
        case allowing = 128
        case preferring = 256
        case values = 512

        static let uikitConditions: UInt16 = canActivate.rawValue | prefersToActivate.rawValue
        static let swiftUISets: UInt16 = allowing.rawValue | preferring.rawValue
    }

    private func sessionKey(at range: Range<Int>) -> SessionKey? {
        switch range.count {
        case 2: parser.bytes(in: range, equal: "id") ? .id : nil
        case 4: parser.bytes(in: range, equal: "role") ? .role : nil
        case 5: parser.bytes(in: range, equal: "state") ? .state : nil
        case 6: parser.bytes(in: range, equal: "values") ? .values : nil
        case 8: parser.bytes(in: range, equal: "allowing") ? .allowing : nil
        case 10:
            parser.bytes(in: range, equal: "lastActive")
                ? .lastActive : parser.bytes(in: range, equal: "preferring") ? .preferring : nil
        case 11:
            parser.bytes(in: range, equal: "declaration")
                ? .declaration : parser.bytes(in: range, equal: "canActivate") ? .canActivate : nil
        case 17: parser.bytes(in: range, equal: "prefersToActivate") ? .prefersToActivate : nil
        default: nil
        }
    }

    /// A session as ``ManifestLoader`` decodes one from the tree.
    private mutating func decodeSession(
        index: Int, framework: AppFramework, declarationNames: Set<String>
    ) throws(Declined) -> SceneSession {
        guard parser.skip(UInt8(ascii: "{")) else { throw Declined() }
        var seen: UInt16 = 0
        var id = ""
        var declaration = ""
        var fields = SessionUpdate(id: "")
        repeat {
            parser.skipWhitespace()
            guard let range = parser.plainString(), let key = sessionKey(at: range), seen & key.rawValue == 0,
                parser.skip(UInt8(ascii: ":"))
            else { throw Declined() }
            seen |= key.rawValue
            parser.skipWhitespace()
            switch key {
            case .id:
                id = try string()
                guard !id.isEmpty else { throw Declined() }
            case .declaration:
                // The declaration's own copy of the name: sessions share it rather than
                // each holding the bytes again.
                guard let known = declarationNames.firstIndex(of: try string()) else { throw Declined() }
                declaration = declarationNames[known]
            case .role:
                let role = SessionRole(rawValue: try string())
                guard SessionRole.known.contains(role) else { throw Declined() }
                fields.role = role
            case .state:
                guard let state = ActivationState(rawValue: try string()) else { throw Declined() }
                fields.state = state
            case .lastActive:
                guard let value = parser.plainInteger(), SceneSession.statedLastActiveRange.contains(value) else {
                    throw Declined()
                }
                fields.lastActive = value
            case .canActivate, .prefersToActivate:
                switch try condition() {
                case .fixed(let predicate):
                    if key == .canActivate {
                        fields.canActivate = predicate
                    } else {
                        fields.prefersToActivate = predicate
                    }
                case .template(let template):
                    if key == .canActivate {
                        fields.templates.canActivate = template
                    } else {
                        fields.templates.prefersToActivate = template
                    }
                }
            case .values:
                fields.values = try values()
            case .allowing, .preferring:
                let predicate = try swiftUISet()
                if key == .allowing { fields.canActivate = predicate } else { fields.prefersToActivate = predicate }
            }
        } while parser.skip(UInt8(ascii: ","))
        guard parser.skip(UInt8(ascii: "}")), seen & SessionKey.id.rawValue != 0,
            seen & SessionKey.declaration.rawValue != 0,
            seen & SessionKey.uikitConditions == 0 || seen & SessionKey.swiftUISets == 0
        else { throw Declined() }
        if collectsSites { recordSites(of: fields, index: index, swiftUI: seen & SessionKey.swiftUISets != 0) }
        var session = SceneSession(id: id, declaration: declaration, conditions: .defaults(for: framework))
        fields.apply(to: &session)
        return session
    }

    /// The session's predicates as the tree-based reading lists them: the can-activate
    /// condition first.
    private mutating func recordSites(of fields: SessionUpdate, index: Int, swiftUI: Bool) {
        let stated: [(String, PredicateSite.Role, ActivationPredicate?)] = [
            (swiftUI ? "allowing" : "canActivate", .canActivate, fields.canActivate),
            (swiftUI ? "preferring" : "prefersToActivate", .prefersToActivate, fields.prefersToActivate),
        ]
        for case (let name, let role, let predicate?) in stated {
            sites.append(
                PredicateSite(
                    path: "sessions[\(index)].\(name)", role: role, predicate: predicate, ownerIndex: index,
                    archivedSize: predicate.archivedSize))
        }
    }

    // MARK: Values

    private mutating func string() throws(Declined) -> String {
        parser.skipWhitespace()
        guard parser.currentByte == UInt8(ascii: "\"") else { throw Declined() }
        do { return try parser.parseString() } catch { throw Declined() }
    }

    /// A list of strings: `[` already read.
    private mutating func strings() throws(Declined) -> [String] {
        var strings: [String] = []
        if parser.skip(UInt8(ascii: "]")) { return strings }
        repeat { strings.append(try string()) } while parser.skip(UInt8(ascii: ","))
        guard parser.skip(UInt8(ascii: "]")) else { throw Declined() }
        return strings
    }

    /// `{"name": "value", …}`: the values a session binds.
    private mutating func values() throws(Declined) -> [String: String] {
        guard parser.skip(UInt8(ascii: "{")) else { throw Declined() }
        var values: [String: String] = [:]
        if parser.skip(UInt8(ascii: "}")) { return values }
        repeat {
            let name = try string()
            guard ValueTemplate.isValueName(name), values[name] == nil, parser.skip(UInt8(ascii: ":")) else {
                throw Declined()
            }
            values[name] = try string()
        } while parser.skip(UInt8(ascii: ","))
        guard parser.skip(UInt8(ascii: "}")) else { throw Declined() }
        return values
    }

    /// `{"template": "…"}`: `{` already read.
    private mutating func template() throws(Declined) -> ValueTemplate {
        let start = parser.position
        parser.skipWhitespace()
        guard let range = parser.plainString(), parser.bytes(in: range, equal: "template"),
            parser.skip(UInt8(ascii: ":"))
        else {
            throw Declined()
        }
        let text = try string()
        guard parser.skip(UInt8(ascii: "}")) else { throw Declined() }
        let key = bytes[start..<parser.position]
        if let known = knownValueTemplates[key] { return known }
        guard let template = try? ValueTemplate(parsing: text) else { throw Declined() }
        if knownValueTemplates.count < Self.knownTemplateLimit { knownValueTemplates[key] = template }
        return template
    }

    /// A predicate, or a template of one when an argument uses values.
    private mutating func condition() throws(Declined) -> DocumentReader.StatedCondition {
        if parser.currentByte == UInt8(ascii: "\"") {
            return .fixed(try build(format: try formatString(), arguments: []))
        }
        let start = parser.position
        guard parser.skip(UInt8(ascii: "{")) else { throw Declined() }
        var format: String?
        // Arguments stay plain strings until one holds a value: most conditions hold none,
        // and a template per argument would be built only to be resolved at once.
        var plain: [PredicateArgument] = []
        var templated: [ConditionTemplate.Argument]?
        var source: SourceLocation?
        var argumentsSeen = false
        enum Member {
            case text(String)
            case template(ValueTemplate)
        }
        func member(_ decoder: inout DirectManifestDecoder) throws(Declined) -> Member {
            decoder.parser.skipWhitespace()
            if decoder.parser.skip(UInt8(ascii: "{")) { return .template(try decoder.template()) }
            return .text(try decoder.string())
        }
        func asTemplate(_ member: Member) -> ValueTemplate {
            switch member {
            case .text(let text): ValueTemplate(pieces: [.text(text)])
            case .template(let template): template
            }
        }
        /// Appends `argument` to the templated arguments, starting them from the plain ones
        /// read so far.
        func appendTemplated(_ argument: ConditionTemplate.Argument) {
            if templated == nil {
                templated = plain.map { argument in
                    switch argument {
                    case .string(let text): .string(ValueTemplate(pieces: [.text(text)]))
                    case .strings(let members): .strings(members.map { ValueTemplate(pieces: [.text($0)]) })
                    }
                }
            }
            templated!.append(argument)
        }
        repeat {
            parser.skipWhitespace()
            guard let range = parser.plainString(), parser.skip(UInt8(ascii: ":")) else { throw Declined() }
            if parser.bytes(in: range, equal: "format"), format == nil {
                format = try formatString()
            } else if parser.bytes(in: range, equal: "args"), !argumentsSeen {
                argumentsSeen = true
                guard parser.skip(UInt8(ascii: "[")) else { throw Declined() }
                if !parser.skip(UInt8(ascii: "]")) {
                    repeat {
                        parser.skipWhitespace()
                        if parser.skip(UInt8(ascii: "[")) {
                            var members: [Member] = []
                            if !parser.skip(UInt8(ascii: "]")) {
                                repeat {
                                    members.append(try member(&self))
                                } while parser.skip(UInt8(ascii: ","))
                                guard parser.skip(UInt8(ascii: "]")) else { throw Declined() }
                            }
                            let texts = members.compactMap { if case .text(let text) = $0 { text } else { nil } }
                            if templated == nil, texts.count == members.count {
                                plain.append(.strings(texts))
                            } else {
                                appendTemplated(.strings(members.map(asTemplate)))
                            }
                        } else {
                            let single = try member(&self)
                            if templated == nil, case .text(let text) = single {
                                plain.append(.string(text))
                            } else {
                                appendTemplated(.string(asTemplate(single)))
                            }
                        }
                    } while parser.skip(UInt8(ascii: ","))
                    guard parser.skip(UInt8(ascii: "]")) else { throw Declined() }
                }
            } else if parser.bytes(in: range, equal: "source"), source == nil {
                source = try sourceLocation()
            } else {
                throw Declined()
            }
        } while parser.skip(UInt8(ascii: ","))
        guard parser.skip(UInt8(ascii: "}")), let format else { throw Declined() }
        if let templated {
            let key = bytes[start..<parser.position]
            if let known = knownTemplates[key] { return .template(known) }
            let template = ConditionTemplate(format: format, arguments: templated, source: source)
            // A format that does not parse is left to the tree, which says where.
            guard template.parsesFormat else { throw Declined() }
            if knownTemplates.count < Self.knownTemplateLimit { knownTemplates[key] = template }
            return .template(template)
        }
        let predicate = try build(format: format, arguments: plain)
        return .fixed(source.map(predicate.located(at:)) ?? predicate)
    }

    /// A SwiftUI set: `[string]` or `{"set": [string], "source": …}`.
    private mutating func swiftUISet() throws(Declined) -> ActivationPredicate {
        if parser.skip(UInt8(ascii: "[")) { return ActivationPredicate(swiftUISet: try strings()) }
        guard parser.skip(UInt8(ascii: "{")) else { throw Declined() }
        var members: [String]?
        var source: SourceLocation?
        repeat {
            parser.skipWhitespace()
            guard let range = parser.plainString(), parser.skip(UInt8(ascii: ":")) else { throw Declined() }
            if parser.bytes(in: range, equal: "set"), members == nil {
                guard parser.skip(UInt8(ascii: "[")) else { throw Declined() }
                members = try strings()
            } else if parser.bytes(in: range, equal: "source"), source == nil {
                source = try sourceLocation()
            } else {
                throw Declined()
            }
        } while parser.skip(UInt8(ascii: ","))
        guard parser.skip(UInt8(ascii: "}")), let members else { throw Declined() }
        return ActivationPredicate(swiftUISet: members).located(at: source)
    }

    /// A format string, shared with the earlier predicates that state the same one: a
    /// manifest repeats a few formats in every session, and reusing the text saves decoding
    /// and storing it again.
    private mutating func formatString() throws(Declined) -> String {
        let start = parser.position
        if let range = parser.plainString() {
            for known in knownFormats where parser.bytes(in: range, equal: known) { return known }
            parser.position = start
        }
        let format = try string()
        if knownFormats.count < Self.knownFormatLimit { knownFormats.append(format) }
        return format
    }

    /// `FILE:LINE:COLUMN`.
    private mutating func sourceLocation() throws(Declined) -> SourceLocation {
        guard let location = SourceLocation(try string()) else { throw Declined() }
        return location
    }

    private mutating func build(format: String, arguments: [PredicateArgument]) throws(Declined) -> ActivationPredicate
    {
        do { return try predicates.predicate(format: format, arguments: arguments) } catch { throw Declined() }
    }
}
