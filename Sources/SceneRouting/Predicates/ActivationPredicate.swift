import Foundation
public import PredicateSyntax

/// An activation condition: an NSPredicate format string over `SELF` (the target content
/// identifier), parsed, validated and compiled once, then evaluated many times.
///
///     let predicate = try ActivationPredicate(format: "SELF BEGINSWITH[cd] %@", arguments: ["sms:"])
///     predicate.evaluate("SMS:group-17")   // true
///
/// Evaluation follows Apple's rules (<doc:PredicateLanguage>): exact `==`,
/// CFString semantics for `[c]`/`[d]`, whole-string LIKE and MATCHES through PCRE2.
public struct ActivationPredicate: Sendable, CustomStringConvertible {
    /// Everything lives in one immutable object, so a predicate is one reference wide: sessions
    /// hold two each, and a million sessions copy and store them cheaply.
    final class Storage: Sendable {
        let root: CompiledNode
        let format: String
        let arguments: StoredArguments
        /// ``InternKey``'s hash, computed once here so that a table of a million sessions
        /// finds shared predicates without rehashing their text.
        let internHash: UInt64
        /// Whether it came from a format string (and can be re-parsed for lint checks).
        let isParsed: Bool
        /// What few predicates have, apart: most have none, and a million predicates should
        /// not each carry room for it.
        let details: Details?

        init(
            root: CompiledNode, format: String, mixedAndOr: [Range<Int>] = [], arguments: [PredicateArgument] = [],
            swiftUIMembers: [String]? = nil, isParsed: Bool, source: SourceLocation? = nil
        ) {
            self.root = root
            self.format = format
            self.arguments = StoredArguments(arguments)
            self.isParsed = isParsed
            details =
                mixedAndOr.isEmpty && swiftUIMembers == nil && source == nil
                ? nil : Details(mixedAndOr: mixedAndOr, swiftUIMembers: swiftUIMembers, source: source)
            internHash = InternKey(format: format, arguments: arguments, swiftUIMembers: swiftUIMembers).stableHash
        }

        /// A parsed predicate with nothing apart.
        init(root: CompiledNode, format: String, arguments: StoredArguments) {
            self.root = root
            self.format = format
            self.arguments = arguments
            isParsed = true
            details = nil
            internHash = ActivationPredicate.internHash(format: format, arguments: arguments)
        }
    }

    /// A predicate's `%@` arguments. Most predicates have one string, kept without the
    /// array around it: 48 heap bytes fewer a predicate, most of the rest of its size.
    /// One form for each list of arguments (one string is always ``one(_:)``), so equal
    /// lists are equal values.
    enum StoredArguments: Equatable, Sendable {
        case none
        case one(String)
        case many([PredicateArgument])

        init(_ arguments: [PredicateArgument]) {
            if arguments.isEmpty {
                self = .none
            } else if arguments.count == 1, case .string(let value) = arguments[0] {
                self = .one(value)
            } else {
                self = .many(arguments)
            }
        }

        /// Whether the two are the same strings, byte for byte (`==` compares strings by
        /// canonical equivalence).
        func hasSameBytes(as other: StoredArguments) -> Bool {
            func same(_ a: String, _ b: String) -> Bool {
                // Asked of every group a table files: bytes compared at once, not by the
                // generic element-by-element path.
                var (a, b) = (a, b)
                return a.withUTF8 { a in
                    b.withUTF8 { b in
                        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
                    }
                }
            }
            switch (self, other) {
            case (.none, .none): return true
            case (.one(let a), .one(let b)): return same(a, b)
            case (.many(let a), .many(let b)):
                return a.count == b.count
                    && zip(a, b).allSatisfy { pair in
                        switch pair {
                        case (.string(let x), .string(let y)): same(x, y)
                        case (.strings(let x), .strings(let y)): x.count == y.count && zip(x, y).allSatisfy(same)
                        default: false
                        }
                    }
            default: return false
            }
        }

        var array: [PredicateArgument] {
            switch self {
            case .none: []
            case .one(let value): [.string(value)]
            case .many(let arguments): arguments
            }
        }
    }

    /// A predicate's lint ranges, SwiftUI members and source location.
    final class Details: Sendable {
        let mixedAndOr: [Range<Int>]
        let swiftUIMembers: [String]?
        /// Where an import found it; not part of what makes two predicates the same.
        let source: SourceLocation?

        init(mixedAndOr: [Range<Int>], swiftUIMembers: [String]?, source: SourceLocation?) {
            self.mixedAndOr = mixedAndOr
            self.swiftUIMembers = swiftUIMembers
            self.source = source
        }
    }

    let storage: Storage

    var root: CompiledNode { storage.root }
    /// The format string as written (or the equivalent predicate of a SwiftUI set).
    public var format: String { storage.format }
    /// Ranges of `OR`s that mix with an unparenthesised `AND` (for lint warnings).
    var mixedAndOr: [Range<Int>] { storage.details?.mixedAndOr ?? [] }
    /// The `%@` arguments it was built with.
    public var arguments: [PredicateArgument] { storage.arguments.array }
    /// For a SwiftUI set (``init(swiftUISet:)``): its members, as written; nil for a format
    /// string.
    public var swiftUIMembers: [String]? { storage.details?.swiftUIMembers }
    /// Where the app's code states it (imported predicates); nil otherwise.
    public var source: SourceLocation? { storage.details?.source }

    /// The same predicate, noted as stated at `source` (diagnostics and explanations about it
    /// point there). Nothing is parsed or compiled again.
    public func located(at source: SourceLocation?) -> ActivationPredicate {
        ActivationPredicate(
            storage: Storage(
                root: root, format: format, mixedAndOr: mixedAndOr, arguments: arguments,
                swiftUIMembers: swiftUIMembers,
                isParsed: storage.isParsed, source: source))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The predicate that `format` with `arguments` compiled to `root`, put together again
    /// from those parts: what a table that kept only them returns.
    init(root: CompiledNode, format: String, arguments: StoredArguments) {
        storage = Storage(root: root, format: format, arguments: arguments)
    }

    /// The ``internHash`` of a predicate of `format` with `arguments` and no SwiftUI members.
    static func internHash(format: String, arguments: StoredArguments) -> UInt64 {
        InternKey(format: format, arguments: arguments.array, swiftUIMembers: nil).stableHash
    }

    /// The parsed form, re-parsed on demand for lint checks (not kept: a table of a million
    /// predicates should not hold a million syntax trees); nil for SwiftUI sets and constants.
    var parsed: ParsedPredicate? {
        guard storage.isParsed else { return nil }
        return try? Parser.parse(format, arguments: arguments)
    }

    /// Parses and compiles a predicate format string.
    /// - Parameters:
    ///   - format: e.g. `SELF == %@` or `SELF ENDSWITH '.pdf'`.
    ///   - arguments: values for the `%@`s, in order.
    /// - Throws: `Diagnostic` with the position of the problem.
    public init(format: String, arguments: [PredicateArgument] = []) throws(Diagnostic) {
        try self.init(parsed: Parser.parse(format, arguments: arguments), arguments: arguments)
    }

    /// Compiles what ``Parser/parse(_:arguments:)`` (or a ``PredicateTemplate``) made of a
    /// format string and `arguments`.
    init(parsed: ParsedPredicate, arguments: [PredicateArgument]) throws(Diagnostic) {
        let root = try PredicateCompiler(source: parsed.source).compile(parsed.node)
        storage = Storage(
            root: root, format: parsed.source, mixedAndOr: parsed.mixedAndOr, arguments: arguments, isParsed: true)
    }

    /// Bytes of the format string and its arguments: roughly what UIKit archives (and
    /// ignores above 100,000 bytes).
    var archivedSize: Int {
        // Asked of every predicate a manifest states: no array for the common case.
        if case .one(let value) = storage.arguments { return format.utf8.count + value.utf8.count }
        return arguments.reduce(format.utf8.count) { total, argument in
            switch argument {
            case .string(let value): total + value.utf8.count
            case .strings(let values): values.reduce(total) { $0 + $1.utf8.count }
            }
        }
    }

    /// The predicate SwiftUI derives from a `handlesExternalEvents` string set: `"*"` matches
    /// everything, otherwise any non-empty member contained in the identifier
    /// (`SELF CONTAINS[cd] member`); an empty set matches nothing.
    public init(swiftUISet members: some Sequence<String>) {
        let members = Array(members)
        let nonEmpty = members.filter { !$0.isEmpty }
        if members.contains("*") {
            storage = Storage(root: .constant(true), format: "TRUEPREDICATE", swiftUIMembers: members, isParsed: false)
        } else if nonEmpty.isEmpty {
            storage = Storage(
                root: .constant(false), format: "FALSEPREDICATE", swiftUIMembers: members, isParsed: false)
        } else {
            let tests = nonEmpty.map {
                CompiledNode.literal(LiteralTest.make(.contains, literal: $0, mode: .caseAndDiacriticInsensitive))
            }
            storage = Storage(
                root: tests.count == 1 ? tests[0] : .or(tests),
                format: nonEmpty.map { "SELF CONTAINS[cd] \(Self.quoted($0))" }.joined(separator: " OR "),
                swiftUIMembers: members, isParsed: false)
        }
    }

    private init(constant: Bool) {
        storage = Storage(
            root: .constant(constant), format: constant ? "TRUEPREDICATE" : "FALSEPREDICATE", isParsed: false)
    }

    /// `TRUEPREDICATE`.
    public static let alwaysTrue = ActivationPredicate(constant: true)
    /// `FALSEPREDICATE`.
    public static let alwaysFalse = ActivationPredicate(constant: false)

    /// Whether the predicate is a constant (`TRUEPREDICATE`, `FALSEPREDICATE`, or folds to one).
    public var constantValue: Bool? {
        if case .constant(let value) = root { return value }
        return nil
    }

    /// Evaluates the predicate against a target content identifier (nil when the event
    /// carries none). A regex that exhausts its match budget counts as no match.
    /// - Complexity: O(identifier length) per comparison; no allocation for ASCII identifiers.
    public func evaluate(_ identifier: String?) -> Bool {
        var budgetExceeded = false
        return Subject.with(identifier) { root.evaluate(&$0, budgetExceeded: &budgetExceeded) }
    }

    /// Like ``evaluate(_:)``, also telling whether a regular expression ran out of its match
    /// budget (and was therefore treated as not matching).
    public func evaluateReportingBudget(_ identifier: String?) -> PredicateEvaluation {
        var budgetExceeded = false
        let matches = Subject.with(identifier) { root.evaluate(&$0, budgetExceeded: &budgetExceeded) }
        return PredicateEvaluation(matches: matches, budgetExceeded: budgetExceeded)
    }

    /// The format string as given.
    public var description: String { format }

    /// A well-mixed 64-bit hash of what makes two predicates the same (``InternKey``): equal
    /// predicates, equal hashes.
    var internHash: UInt64 { storage.internHash }

    /// Whether two predicates are the same predicate (the dispatch table then shares a group,
    /// compiling and indexing it once). Compares the stored parts as they are: a table build
    /// asks this of every predicate whose hash it has seen, and should not build arrays to.
    func isSamePredicate(as other: ActivationPredicate) -> Bool {
        storage === other.storage
            || (storage.internHash == other.storage.internHash && format == other.format
                && storage.arguments == other.storage.arguments && swiftUIMembers == other.swiftUIMembers)
    }

    /// What makes two predicates the same predicate, hashed.
    struct InternKey: Sendable {
        var format: String
        var arguments: [PredicateArgument]
        var swiftUIMembers: [String]?

        /// Every string's UTF-8 absorbed eight bytes at a time (each string followed by its
        /// length, so boundaries count), then an avalanche so that every bit depends on every
        /// byte. A million predicates are hashed on every load, so a word per step, not a byte.
        var stableHash: UInt64 {
            var hash = Hashing.fnvOffsetBasis
            func add(_ value: UInt64) { hash = Hashing.absorbWord(hash, value) }
            func add(_ text: String) {
                var text = text
                text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress else { return }
                    var index = 0
                    while index + 8 <= bytes.count {
                        add(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                        index += 8
                    }
                    var tail: UInt64 = 0
                    for (shift, byte) in bytes[index...].enumerated() { tail |= UInt64(byte) << UInt64(8 * shift) }
                    if index < bytes.count { add(tail) }
                }
                add(UInt64(text.utf8.count) | 1 << 40)
            }
            add(format)
            for argument in arguments {
                switch argument {
                case .string(let value): add(value)
                case .strings(let values):
                    add(UInt64(values.count) | 2 << 40)
                    values.forEach(add)
                }
            }
            if let swiftUIMembers {
                add(UInt64(swiftUIMembers.count) | 3 << 40)
                swiftUIMembers.forEach(add)
            }
            return Hashing.murmurFinalize(hash)
        }
    }

    /// A string literal in format-string syntax, escaping `\` and `"` as Apple prints them.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
