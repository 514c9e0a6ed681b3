/// A predicate that cannot be parsed, validated or compiled, with the place it went wrong.
///
/// `offset` and `length` are UTF-8 code units into ``source``. ``rendered(location:)`` prints
/// the message, the predicate, and a caret under the offending column.
public struct PredicateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of mistake this is. New codes may be added; switch with a default.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let syntax = Code("syntax")
        public static let unterminatedString = Code("unterminated-string")
        public static let unbalancedParentheses = Code("unbalanced-parentheses")
        public static let unknownOperator = Code("unknown-operator")
        public static let invalidOptions = Code("invalid-options")
        public static let unsupported = Code("unsupported")
        public static let missingArgument = Code("missing-argument")
        public static let extraArguments = Code("extra-arguments")
        public static let invalidOperand = Code("invalid-operand")
        public static let invalidRegex = Code("invalid-regex")
        public static let unsupportedRegex = Code("unsupported-regex")
        public static let invalidLikePattern = Code("invalid-like-pattern")
        /// Parentheses or aggregates nested more than 100 levels deep.
        public static let nestingTooDeep = Code("nesting-too-deep")
    }

    public var code: Code
    /// One sentence, without location, e.g. `unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)`.
    public var message: String
    /// The predicate format string the error refers to.
    public var source: String
    /// Where the problem starts, in UTF-8 code units from the start of ``source``.
    public var offset: Int
    /// How many UTF-8 code units the problem spans (at least 1 when rendered).
    public var length: Int

    public init(code: Code, message: String, source: String, offset: Int, length: Int = 1) {
        self.code = code
        self.message = message
        self.source = source
        self.offset = max(0, min(offset, source.utf8.count))
        self.length = max(0, length)
    }

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
