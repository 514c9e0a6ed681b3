public import PredicateSyntax

/// A condition that uses values of the session it belongs to (``ValueTemplate``): a window
/// that prefers its own identity, `SELF == 'app://open-scene/<its persistent identifier>'`.
/// It becomes an ``ActivationPredicate`` once the session's values are known.
///
///     let prefers = ConditionTemplate(format: "SELF == %@", arguments: [.string(try ValueTemplate(parsing: "app://open-scene/${persistentIdentifier}"))])
///     let predicate = try prefers.predicate(with: ["persistentIdentifier": "S1"])   // SELF == "app://open-scene/S1"
public struct ConditionTemplate: Sendable {
    /// An argument for a `%@`: one string or an array, each a template.
    public enum Argument: Hashable, Sendable {
        case string(ValueTemplate)
        case strings([ValueTemplate])
    }

    /// A predicate format string and its arguments, or the members of a SwiftUI set.
    public enum Form: Sendable {
        case predicate(format: String, arguments: [Argument])
        case swiftUISet([ValueTemplate])
    }

    /// Everything in one immutable object, so a template is one reference wide: a million
    /// windows that each hold their kind's template share it.
    private final class Storage: Sendable {
        let form: Form
        let source: SourceLocation?
        /// The format parsed once for arguments of this shape: a million windows that each
        /// bind their own id substitute into it rather than parse again.
        let parsedFormat: PredicateTemplate?

        init(form: Form, source: SourceLocation?, parsedFormat: PredicateTemplate?) {
            self.form = form
            self.source = source
            self.parsedFormat = parsedFormat
        }
    }

    private let storage: Storage

    /// Whether the two are one template held twice, not two equal ones.
    func isShared(with other: ConditionTemplate) -> Bool { storage === other.storage }

    public var form: Form { storage.form }
    /// Where the app's code states it.
    public var source: SourceLocation? { storage.source }
    private var parsedFormat: PredicateTemplate? { storage.parsedFormat }

    /// Whether its format string parses with arguments of its shape (a set: always).
    var parsesFormat: Bool {
        if case .swiftUISet = form { return true }
        return parsedFormat != nil
    }

    /// A predicate format string with arguments that may use values.
    public init(format: String, arguments: [Argument], source: SourceLocation? = nil) {
        let shape: [PredicateArgument] = arguments.map { argument in
            switch argument {
            case .string: .string("")
            case .strings(let members): .strings(members.map { _ in "" })
            }
        }
        storage = Storage(
            form: .predicate(format: format, arguments: arguments), source: source,
            parsedFormat: try? PredicateTemplate(format: format, arguments: shape))
    }

    /// A SwiftUI set whose members may use values.
    public init(swiftUISet members: [ValueTemplate], source: SourceLocation? = nil) {
        storage = Storage(form: .swiftUISet(members), source: source, parsedFormat: nil)
    }

    /// The template with the values of `known` written in as text (constants an import found).
    public func folding(_ known: [String: String]) -> ConditionTemplate {
        folding(templates: known.mapValues { ValueTemplate(pieces: [.text($0)]) })
    }

    /// The template with each value of `known` replaced by its template (a constant built
    /// from the bundle identifier, `"${bundleIdentifier}.main"`).
    public func folding(templates known: [String: ValueTemplate]) -> ConditionTemplate {
        func fold(_ template: ValueTemplate) -> ValueTemplate {
            ValueTemplate(
                pieces: template.pieces.flatMap { piece -> [ValueTemplate.Piece] in
                    if case .value(let name) = piece, let value = known[name] { return value.pieces }
                    return [piece]
                })
        }
        switch form {
        case .predicate(let format, let arguments):
            let folded = arguments.map { argument -> Argument in
                switch argument {
                case .string(let template): .string(fold(template))
                case .strings(let members): .strings(members.map(fold))
                }
            }
            return ConditionTemplate(format: format, arguments: folded, source: source)
        case .swiftUISet(let members):
            return ConditionTemplate(swiftUISet: members.map(fold), source: source)
        }
    }

    /// The values it uses, in order of first use.
    public var valueNames: [String] {
        let templates: [ValueTemplate]
        switch form {
        case .predicate(_, let arguments):
            templates = arguments.flatMap { argument -> [ValueTemplate] in
                switch argument {
                case .string(let template): [template]
                case .strings(let members): members
                }
            }
        case .swiftUISet(let members): templates = members
        }
        var seen: Set<String> = []
        return templates.flatMap(\.valueNames).filter { seen.insert($0).inserted }
    }

    /// The predicate with `values` in place; nil when one it uses is not bound.
    /// - Throws: a `Diagnostic` when the bound predicate does not compile (a value made an
    ///   invalid regular expression, say).
    public func predicate(with values: [String: String]) throws(Diagnostic) -> ActivationPredicate? {
        switch form {
        case .predicate(let format, let arguments):
            var bound: [PredicateArgument] = []
            for argument in arguments {
                switch argument {
                case .string(let template):
                    guard let text = template.resolved(values) else { return nil }
                    bound.append(.string(text))
                case .strings(let members):
                    var texts: [String] = []
                    for member in members {
                        guard let text = member.resolved(values) else { return nil }
                        texts.append(text)
                    }
                    bound.append(.strings(texts))
                }
            }
            if let parsedFormat, parsedFormat.accepts(bound) {
                return try ActivationPredicate(parsed: parsedFormat.instance(with: bound), arguments: bound).located(
                    at: source)
            }
            return try ActivationPredicate(format: format, arguments: bound).located(at: source)
        case .swiftUISet(let members):
            var texts: [String] = []
            for member in members {
                guard let text = member.resolved(values) else { return nil }
                texts.append(text)
            }
            return ActivationPredicate(swiftUISet: texts).located(at: source)
        }
    }
}

/// A value a declaration's conditions use, as the import found it.
public struct SessionValue: Hashable, Sendable {
    /// The name conditions use (`${windowId}`) and sessions bind.
    public var name: String
    /// The Swift text the import read it from (`session.userInfo?["windowUUID"] as? String`).
    public var expression: String?
    /// Where that text is.
    public var source: SourceLocation?

    public init(name: String, expression: String? = nil, source: SourceLocation? = nil) {
        self.name = name
        self.expression = expression
        self.source = source
    }

    /// Values every session has: its persistent identifier (by default its id) and the app's
    /// bundle identifier.
    public static let builtInNames: Set<String> = ["persistentIdentifier", "bundleIdentifier"]
}

/// The conditions of a session or declaration that use values, each nil when it uses none
/// (the concrete ``ActivationConditions`` then hold it).
public struct ConditionTemplates: Sendable {
    public var canActivate: ConditionTemplate?
    public var prefersToActivate: ConditionTemplate?
    /// Conditions the app states in code the import could not read, each as the assumption
    /// a session rests on while its condition is still the default in their place (set from
    /// ``SceneApp/unresolvedConditions``; `session` is filled in when a session binds).
    public var unread: [Assumption] = []

    public init(canActivate: ConditionTemplate? = nil, prefersToActivate: ConditionTemplate? = nil) {
        self.canActivate = canActivate
        self.prefersToActivate = prefersToActivate
    }

    /// No templates and nothing unread: nothing to bind.
    public var isEmpty: Bool { canActivate == nil && prefersToActivate == nil && unread.isEmpty }

    /// The values they use, in order of first use.
    public var valueNames: [String] {
        var seen: Set<String> = []
        return ((canActivate?.valueNames ?? []) + (prefersToActivate?.valueNames ?? [])).filter {
            seen.insert($0).inserted
        }
    }
}
