/// A problem found in what SceneRouter was given: a predicate that does not parse, a manifest,
/// event or timeline line that does not decode, a file that cannot be read, or a lint
/// warning. Every command reports problems as diagnostics, in one text form and one JSON
/// form.
///
/// As text (``rendered()``):
///
///     app.json:12:5: sessions[3].canActivate: error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
///     SELF BEGINWITH 'a'
///          ^~~~~~~~~
///
/// As JSON (its `Encodable` form), one object per diagnostic with `severity`, `file`,
/// `path`, `line`, `column` and `message` always present (null when unknown), plus `code`,
/// and for a predicate the `predicate` and the UTF-8 `offset` into it, and `notes`, when
/// there are any.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// How bad it is: an error stops the input it is about from being used; a warning does
    /// not.
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    /// What kind of problem this is, for programs that react to some kinds. New codes may be
    /// added; switch with a default.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code as printed, e.g. `unknown-operator`.
        public let rawValue: String
        /// A code by name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The code as printed.
        public var description: String { rawValue }

        /// Text that is not a predicate at that point: a stray token, a missing operand.
        public static let syntax = Code("syntax")
        /// A string literal without its closing quote.
        public static let unterminatedString = Code("unterminated-string")
        /// A parenthesis or brace without its partner.
        public static let unbalancedParentheses = Code("unbalanced-parentheses")
        /// A word where an operator belongs that is not one (with a suggestion when one is close).
        public static let unknownOperator = Code("unknown-operator")
        /// Options in brackets other than `c`, `d`, `n` and `l`, or on an operator that takes none.
        public static let invalidOptions = Code("invalid-options")
        /// Valid NSPredicate syntax outside the `SELF`-only subset: key paths, variables, functions, aggregate operators.
        public static let unsupported = Code("unsupported")
        /// A `%@` without an argument.
        public static let missingArgument = Code("missing-argument")
        /// More arguments than `%@`s.
        public static let extraArguments = Code("extra-arguments")
        /// An operand of the wrong kind, e.g. a number where a string is needed, or `BETWEEN` without two bounds.
        public static let invalidOperand = Code("invalid-operand")
        /// A `MATCHES` pattern that does not compile (PCRE2's message and offset).
        public static let invalidRegex = Code("invalid-regex")
        /// A regular expression construct ICU accepts and PCRE2 cannot express exactly.
        public static let unsupportedRegex = Code("unsupported-regex")
        /// A `LIKE` pattern that cannot be translated.
        public static let invalidLikePattern = Code("invalid-like-pattern")
        /// Parentheses or aggregates nested more than 100 levels deep.
        public static let nestingTooDeep = Code("nesting-too-deep")
    }

    /// The text a diagnostic points into, with the span at fault.
    public struct Excerpt: Equatable, Sendable {
        /// What the text is.
        public enum Kind: String, Sendable {
            /// A predicate format string.
            case predicate
            /// A line of the input file.
            case line
        }

        /// What the text is.
        public var kind: Kind
        /// The predicate, or the line of the file.
        public var text: String
        /// Where the span starts, in UTF-8 code units from the start of ``text``.
        public var offset: Int
        /// How many UTF-8 code units the span covers (at least 1 when rendered).
        public var length: Int

        /// A span of `text`; `offset` is clamped to it.
        public init(_ kind: Kind, text: String, offset: Int, length: Int = 1) {
            self.kind = kind
            self.text = text
            self.offset = max(0, min(offset, text.utf8.count))
            self.length = max(0, length)
        }
    }

    /// How bad it is.
    public var severity: Severity
    /// What kind of problem this is; nil for problems no program needs to tell apart.
    public var code: Code?
    /// One sentence, without location, e.g. `unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)`.
    public var message: String
    /// The file as the user named it (`app.json`, `stdin`); nil for a command-line argument.
    public var file: String?
    /// 1-based line in the file: of a JSON syntax error, of a JSON Lines record, or of the
    /// value (or object key) a manifest error's ``path`` names.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of a JSON syntax error or of the value ``path``
    /// names.
    public var column: Int?
    /// Where in a JSON document, e.g. `sessions[3].canActivate`.
    public var path: String?
    /// The predicate or line the problem is in, with the span at fault.
    public var excerpt: Excerpt?
    /// Further sentences that help, each printed on a line of its own after the excerpt.
    public var notes: [String]

    /// A diagnostic; everything but the message is optional.
    public init(
        severity: Severity = .error, code: Code? = nil, message: String, file: String? = nil, line: Int? = nil,
        column: Int? = nil, path: String? = nil, excerpt: Excerpt? = nil, notes: [String] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.excerpt = excerpt
        self.notes = notes
    }

    /// An error in predicate `source` at UTF-8 `offset` (clamped to the source), spanning
    /// `length` code units.
    public init(code: Code, message: String, predicate source: String, offset: Int, length: Int = 1) {
        self.init(
            code: code, message: message, excerpt: Excerpt(.predicate, text: source, offset: offset, length: length))
    }

    /// `app.json:12:5: sessions[3].canActivate`: the file, line and column, then the JSON
    /// path; empty when none is known.
    public var location: String {
        var location = file ?? ""
        if let line {
            location += (location.isEmpty ? "line " : ":") + "\(line)" + (column.map { ":\($0)" } ?? "")
        }
        if let path { location += (location.isEmpty ? "" : ": ") + path }
        return location
    }

    /// The diagnostic as shown to people: the location, the severity and the message on one
    /// line, then the excerpt with a caret under the span, then the notes.
    ///
    /// File names and messages come from untrusted input, so what a terminal or a CI log
    /// would act on is escaped (`\u{1B}`): control characters, line breaks and
    /// bidirectional overrides; and a line that would start with `::` (a GitHub Actions
    /// command) starts with `./` instead.
    public func rendered() -> String {
        var location = Self.printable(self.location)
        if location.hasPrefix("::") { location = "./" + location }
        var text = (location.isEmpty ? "" : location + ": ") + severity.rawValue + ": " + Self.printable(message)
        if let excerpt {
            text += "\n" + SourceCaret.render(source: excerpt.text, offset: excerpt.offset, length: excerpt.length)
        }
        for note in notes { text += "\nnote: " + Self.printable(note) }
        return text
    }

    /// `text` with control characters (C0, DEL, C1) and bidirectional overrides written as
    /// `\u{…}`.
    package static func printable(_ text: String) -> String {
        func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `line 5, column 3: sessions[0].state: …`: the message with its place in the file but
    /// without the file's name, as the error records of JSON Lines output carry it.
    public var locatedMessage: String {
        var parts: [String] = []
        if let line { parts.append(column.map { "line \(line), column \($0)" } ?? "line \(line)") }
        if let path { parts.append(path) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }

    /// The diagnostic as ``rendered()`` shows it.
    public var description: String { rendered() }
}

extension Diagnostic: Encodable {
    private enum CodingKeys: String, CodingKey {
        case severity, file, path, line, column, message, code, predicate, offset, notes
    }

    /// The JSON form: the six location and message fields always (null when unknown); `code`,
    /// `predicate` and `offset` (UTF-8, into the predicate) and `notes` when present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(file, forKey: .file)
        try container.encode(path, forKey: .path)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(code?.rawValue, forKey: .code)
        if let excerpt, excerpt.kind == .predicate {
            try container.encode(excerpt.text, forKey: .predicate)
            try container.encode(excerpt.offset, forKey: .offset)
        }
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
    }
}
