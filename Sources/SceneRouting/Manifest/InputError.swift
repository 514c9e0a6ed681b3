import PredicateSyntax

/// A problem in an input file (manifest, events, timeline), located by file, line and JSON
/// path, with the predicate diagnostic when a predicate is at fault.
public struct InputError: Error, Sendable, CustomStringConvertible {
    /// The file as the user named it (`app.json`, `-` for stdin).
    public var file: String
    /// 1-based line: of the JSON syntax error, or of the JSON Lines record.
    public var line: Int?
    /// 1-based column of a JSON syntax error.
    public var column: Int?
    /// Where in the document, e.g. `sessions[3].canActivate`.
    public var path: String?
    /// One sentence, without location.
    public var message: String
    /// When a predicate is at fault: its diagnostic, with the column in the predicate.
    public var predicateError: PredicateError?
    /// The offending source line, for a caret under JSON syntax errors.
    var sourceLine: String?

    init(
        file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String,
        predicateError: PredicateError? = nil, sourceLine: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.predicateError = predicateError
        self.sourceLine = sourceLine
    }

    /// `line 5: sessions[0].state: …` — the location within the file, without the file name,
    /// as JSON Lines error records carry it.
    public var locatedMessage: String {
        var parts: [String] = []
        if let line {
            parts.append(column.map { "line \(line), column \($0)" } ?? "line \(line)")
        }
        if let path { parts.append(path) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }

    /// The full diagnostic: `app.json: sessions[3].canActivate: error: …`, then the predicate
    /// (or JSON line) with a caret.
    public func rendered() -> String {
        var location = file
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        if let path { location += ": \(path)" }
        if let predicateError { return predicateError.rendered(location: location) }
        var text = "\(location): error: \(message)"
        if let sourceLine, let column {
            let prefixBytes = Array(sourceLine.unicodeScalars.prefix(column - 1)).reduce(0) { $0 + UTF8.width($1) }
            text += "\n" + SourceCaret.render(source: sourceLine, offset: prefixBytes, length: 1)
        }
        return text
    }

    /// The error as ``rendered()`` shows it.
    public var description: String { rendered() }
}

/// Everything wrong with a manifest (decoding goes on after the first problem).
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in document order.
    public var errors: [InputError]
    /// Every problem, one rendered error per line.
    public var description: String { errors.map { $0.rendered() }.joined(separator: "\n") }
}
