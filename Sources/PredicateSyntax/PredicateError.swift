/// A predicate that cannot be parsed, validated or compiled, with the place it went wrong.
///
/// `offset` and `length` are UTF-8 code units into ``source``. ``rendered(location:)`` prints
/// the message, the predicate, and a caret under the offending column.
public struct PredicateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of mistake this is. New codes may be added; switch with a default.
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

    /// What kind of mistake this is.
    public var code: Code
    /// One sentence, without location, e.g. `unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)`.
    public var message: String
    /// The predicate format string the error refers to.
    public var source: String
    /// Where the problem starts, in UTF-8 code units from the start of ``source``.
    public var offset: Int
    /// How many UTF-8 code units the problem spans (at least 1 when rendered).
    public var length: Int

    /// An error at `offset` (clamped to the source) spanning `length` UTF-8 code units.
    public init(code: Code, message: String, source: String, offset: Int, length: Int = 1) {
        self.code = code
        self.message = message
        self.source = source
        self.offset = max(0, min(offset, source.utf8.count))
        self.length = max(0, length)
    }

    /// The error as ``rendered(location:)`` shows it without a location.
    public var description: String { rendered() }

    /// The error as shown to people:
    ///
    ///     app.json: sessions[3].canActivate: error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
    ///     SELF BEGINWITH 'a'
    ///          ^~~~~~~~~
    ///
    /// - Parameter location: a prefix naming where the predicate came from, without the
    ///   trailing `: `; nil for none.
    public func rendered(location: String? = nil) -> String {
        let header = (location.map { "\($0): " } ?? "") + "error: " + message
        return header + "\n" + SourceCaret.render(source: source, offset: offset, length: length)
    }
}
