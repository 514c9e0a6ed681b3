public import PredicateSyntax

/// Warnings a team has accepted on purpose: `check --baseline FILE` reports only the warnings
/// the file does not list, so a CI job with `--strict` fails on new ones alone.
///
/// A warning is known by its code, file and message, not its line: code moved by an edit
/// above it stays accepted. Each entry accepts one warning, so a second copy of an accepted
/// warning is new. Files are named as `check` names them, so a baseline is compared with runs
/// that name the app the same way (the same `--app` path from the same folder).
///
///     {"version": 1, "warnings": [{"code": "never-activated", "file": "App/Settings.swift", "message": "…"}]}
public struct WarningBaseline: Sendable {
    /// One accepted warning.
    public struct Entry: Hashable, Sendable {
        public var code: String
        public var file: String?
        public var message: String

        public init(code: String, file: String?, message: String) {
            self.code = code
            self.file = file
            self.message = message
        }

        /// The entry that accepts `warning`.
        public init(_ warning: Diagnostic) {
            self.init(code: warning.code?.rawValue ?? "", file: warning.file, message: warning.message)
        }
    }

    /// Sorted by file, code and message.
    public private(set) var entries: [Entry]

    /// A baseline accepting `warnings`.
    public init(accepting warnings: [Diagnostic]) {
        entries = warnings.map(Entry.init).sorted {
            ($0.file ?? "", $0.code, $0.message) < ($1.file ?? "", $1.code, $1.message)
        }
    }

    /// The warnings not accepted, in their order, and how many were.
    public func partition(_ warnings: [Diagnostic]) -> (new: [Diagnostic], accepted: Int) {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var new: [Diagnostic] = []
        var accepted = 0
        for warning in warnings {
            let entry = Entry(warning)
            if let count = remaining[entry], count > 0 {
                remaining[entry] = count - 1
                accepted += 1
            } else {
                new.append(warning)
            }
        }
        return (new, accepted)
    }

    /// The baseline as JSON: one warning per line, so a change to it diffs well.
    public var text: String {
        let lines = entries.map { entry in
            var fields = ["\"code\": \(JSONStringLiteral.quoted(entry.code))"]
            if let file = entry.file { fields.append("\"file\": \(JSONStringLiteral.quoted(file))") }
            fields.append("\"message\": \(JSONStringLiteral.quoted(entry.message))")
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return "{\n  \"version\": 1,\n  \"warnings\": [\n" + lines.joined(separator: ",\n")
            + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// Reads a baseline file.
    /// - Throws: ``ManifestError`` naming the file and the JSON path of each problem.
    public static func load(contentsOf path: String) throws(ManifestError) -> WarningBaseline {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.contents(of: path)
        } catch {
            throw ManifestError(errors: [error])
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ManifestError(errors: [ManifestLoader.syntaxError(error, in: bytes, file: path)])
        }
        var reader = DocumentReader(file: path)
        var entries: [Entry] = []
        if reader.object(document, at: .root, allowed: ["version", "warnings"]) != nil {
            // Only version 1 exists; the reader reports any other.
            if let version = document["version"] {
                _ = reader.integer(version, at: JSONPath.root.appending("version"), in: 1...1)
            }
            let listPath = JSONPath.root.appending("warnings")
            switch document["warnings"] {
            case .array(let elements)?:
                for (index, element) in elements.enumerated() {
                    let path = listPath.appending(index: index)
                    guard reader.object(element, at: path, allowed: ["code", "file", "message"]) != nil else {
                        continue
                    }
                    guard let codeValue = element["code"], let messageValue = element["message"] else {
                        reader.fail(path, "a warning needs \"code\" and \"message\"")
                        continue
                    }
                    guard let code = reader.string(codeValue, at: path.appending("code")),
                        let message = reader.string(messageValue, at: path.appending("message"))
                    else { continue }
                    var file: String?
                    if let fileValue = element["file"] {
                        guard let name = reader.string(fileValue, at: path.appending("file")) else { continue }
                        file = name
                    }
                    entries.append(Entry(code: code, file: file, message: message))
                }
            case nil:
                reader.fail(.root, "missing \"warnings\": a baseline lists the warnings it accepts")
            case let other?:
                reader.fail(listPath, "expected an array of warnings, found \(other.typeName)")
            }
        }
        if !reader.errors.isEmpty { throw ManifestError(errors: reader.errors) }
        var baseline = WarningBaseline(accepting: [])
        baseline.entries = entries
        return baseline
    }
}
