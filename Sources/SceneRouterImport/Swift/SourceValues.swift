import Foundation
import SceneRouting
import SwiftParser
import SwiftSyntax

extension SyntaxProtocol {
    /// The code as written, on one line: runs of white space (line breaks, indentation)
    /// become one space.
    var oneLine: String {
        trimmedDescription.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(
            separator: " "
        )
        .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
        .replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: " ]", with: "]")
    }
}

/// A string the source states, as far as reading the source can tell without running it.
enum SourceString: Equatable {
    /// A literal without interpolation.
    case literal(String)
    /// An interpolation or concatenation: fixed text before and after what varies.
    case pattern(prefix: String, suffix: String)
    /// Anything else: the expression as written.
    case dynamic(String)

    /// Reads `"text"`, `"text.\(x)"`, `"a" + x + "b"`, `URL(string: "x-app://main")!.absoluteString`;
    /// anything else is dynamic.
    init(_ expression: ExprSyntax) {
        if let url = Self.urlLiteral(expression) {
            self = .literal(url)
            return
        }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            if let value = literal.representedLiteralValue {
                self = .literal(value)
                return
            }
            let segments = Array(literal.segments)
            let prefix = segments.prefix { $0.is(StringSegmentSyntax.self) }
            let suffix = segments.reversed().prefix { $0.is(StringSegmentSyntax.self) }.reversed()
            self = .pattern(prefix: Self.text(of: prefix, in: literal), suffix: Self.text(of: suffix, in: literal))
            return
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            let operators = elements.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            if elements.count >= 3,
                operators.allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
            {
                let first = elements.first.flatMap { $0.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
                let last = elements.last.flatMap { $0.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
                if first != nil || last != nil {
                    self = .pattern(prefix: first ?? "", suffix: last ?? "")
                    return
                }
            }
        }
        self = .dynamic(expression.oneLine)
    }

    /// `URL(string: "…")!.absoluteString` (or `?.absoluteString ?? ""`): the literal, which is
    /// what `absoluteString` gives back for a URL that parses.
    private static func urlLiteral(_ expression: ExprSyntax) -> String? {
        var current = expression
        if let sequence = current.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let first = sequence.elements.first
        {
            current = first
        }
        guard let member = current.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "absoluteString",
            let base = member.base
        else { return nil }
        return urlConstructor(base)
    }

    /// The string of `URL(string: "…")`, `URL(string: "…")!` or `URL(string: "…")?`.
    static func urlConstructor(_ expression: ExprSyntax) -> String? {
        var base = expression
        if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        guard let call = base.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "URL",
            call.arguments.count == 1, call.arguments.first?.label?.text == "string",
            let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        else { return nil }
        return literal
    }

    /// The text of plain segments, with the escapes a non-raw literal may hold resolved.
    private static func text(
        of segments: some Sequence<StringLiteralSegmentListSyntax.Element>, in literal: StringLiteralExprSyntax
    ) -> String {
        let raw = segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        guard literal.openingPounds == nil, raw.contains("\\") else { return raw }
        // Parse the segment text as a literal of its own: the parser resolves its escapes.
        let reparsed = Parser.parse(source: "_ = \"\(raw)\"")
        var value: String?
        for statement in reparsed.statements {
            if let sequence = statement.item.as(SequenceExprSyntax.self),
                let literal = sequence.elements.last?.as(StringLiteralExprSyntax.self)
            {
                value = literal.representedLiteralValue
            }
        }
        return value ?? raw
    }
}

/// An `NSPredicate` the source builds, read into an ``ActivationPredicate``.
enum SourcePredicate {
    /// `NSPredicate(format: "…", …)` with literal arguments, or `NSPredicate(value: true)`.
    case predicate(format: String, arguments: [PredicateArgument], formatLiteral: StringLiteralExprSyntax?)
    /// A predicate built from values each window has (``WindowValues``): the format with a
    /// `%@` for each, and the expressions the values are read from.
    case template(
        format: String, arguments: [ConditionTemplate.Argument], values: [(name: String, expression: ExprSyntax)])
    /// Not readable without running the app.
    case dynamic(String)

    /// Reads `NSPredicate(format:…)` (variadic or `argumentArray:` arguments, each a string
    /// literal or an array of them), `NSPredicate(value:)`, and `NSCompoundPredicate` of
    /// readable parts. `resolve` reads a name among the parts (a local constant) as its value.
    init(_ expression: ExprSyntax, resolve: (ExprSyntax) -> ExprSyntax = { $0 }) {
        if let compound = Self.compound(expression, resolve: resolve) {
            self = compound
            return
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSPredicate",
            let first = call.arguments.first
        else {
            self = .dynamic(expression.oneLine)
            return
        }
        switch first.label?.text {
        case "value":
            guard let flag = first.expression.as(BooleanLiteralExprSyntax.self) else { break }
            self = .predicate(
                format: flag.literal.text == "true" ? "TRUEPREDICATE" : "FALSEPREDICATE", arguments: [],
                formatLiteral: nil)
            return
        case "format":
            guard let formatLiteral = first.expression.as(StringLiteralExprSyntax.self) else { break }
            guard let format = formatLiteral.representedLiteralValue else {
                // `"SELF == 'app://open-scene/\(scene.session.persistentIdentifier)' OR SELF == %@"`: each quoted
                // string holding an interpolation is a `%@` of its own, among the call's arguments.
                guard let read = WindowValues.interpolatedFormat(formatLiteral),
                    call.arguments.dropFirst().allSatisfy({ $0.label == nil })
                else { break }
                var stated = call.arguments.dropFirst().map(\.expression).makeIterator()
                var templates: [ConditionTemplate.Argument] = []
                var values = read.values
                let total = read.arguments.count + call.arguments.count - 1
                for position in 0..<total {
                    if let interpolated = read.arguments.first(where: { $0.position == position }) {
                        templates.append(.string(interpolated.template))
                    } else if let argument = stated.next(),
                        let argumentTemplate = Self.templateArgument(argument, values: &values)
                    {
                        templates.append(argumentTemplate)
                    } else {
                        self = .dynamic(expression.oneLine)
                        return
                    }
                }
                let named = WindowValues.distinctlyNamed(templates, values: values)
                self = .template(format: read.format, arguments: named.0, values: named.1)
                return
            }
            var arguments: [PredicateArgument] = []
            var templates: [ConditionTemplate.Argument] = []
            var values: [(name: String, expression: ExprSyntax)] = []
            for argument in call.arguments.dropFirst() {
                let argumentExpressions: [ExprSyntax]
                if argument.label?.text == "argumentArray" {
                    guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                        self = .dynamic(expression.oneLine)
                        return
                    }
                    argumentExpressions = array.elements.map(\.expression)
                } else if argument.label == nil {
                    argumentExpressions = [argument.expression]
                } else {
                    self = .dynamic(expression.oneLine)
                    return
                }
                for value in argumentExpressions {
                    if let argumentValue = Self.argument(value) {
                        arguments.append(argumentValue)
                        switch argumentValue {
                        case .string(let text): templates.append(.string(ValueTemplate(pieces: [.text(text)])))
                        case .strings(let members):
                            templates.append(.strings(members.map { ValueTemplate(pieces: [.text($0)]) }))
                        }
                    } else if let read = WindowValues.template(of: value) {
                        templates.append(.string(read.template))
                        values += read.values
                    } else {
                        self = .dynamic(expression.oneLine)
                        return
                    }
                }
            }
            if !values.isEmpty {
                let named = WindowValues.distinctlyNamed(templates, values: values)
                self = .template(format: format, arguments: named.0, values: named.1)
                return
            }
            self = .predicate(format: format, arguments: arguments, formatLiteral: formatLiteral)
            return
        default:
            break
        }
        self = .dynamic(expression.oneLine)
    }

    /// `NSCompoundPredicate(orPredicateWithSubpredicates: [a, b])`, `andPredicateWithSubpredicates:`,
    /// `notPredicateWithSubpredicate:` and `type: .or|.and|.not, subpredicates:`: the parts'
    /// formats joined in parentheses, their arguments in order. Nil when `expression` is not
    /// such a call; dynamic when a part is not readable.
    private static func compound(_ expression: ExprSyntax, resolve: (ExprSyntax) -> ExprSyntax) -> SourcePredicate? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSCompoundPredicate"
        else { return nil }
        let arguments = Array(call.arguments)
        var kind: String?
        var parts: [ExprSyntax] = []
        switch arguments.map({ $0.label?.text }) {
        case ["orPredicateWithSubpredicates"], ["andPredicateWithSubpredicates"]:
            kind = arguments[0].label?.text == "orPredicateWithSubpredicates" ? "OR" : "AND"
            parts = arguments[0].expression.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? []
            if arguments[0].expression.as(ArrayExprSyntax.self) == nil { kind = nil }
        case ["notPredicateWithSubpredicate"]:
            kind = "NOT"
            parts = [arguments[0].expression]
        case ["type", "subpredicates"]:
            let type = arguments[0].expression.trimmedDescription.split(separator: ".").last.map(String.init)
            kind = ["or": "OR", "and": "AND", "not": "NOT"][type ?? ""]
            if let array = arguments[1].expression.as(ArrayExprSyntax.self) {
                parts = array.elements.map(\.expression)
            } else {
                kind = nil
            }
        default:
            break
        }
        guard let kind else { return .dynamic(expression.oneLine) }
        var formats: [String] = []
        var plain: [PredicateArgument] = []
        var templates: [ConditionTemplate.Argument] = []
        var values: [(name: String, expression: ExprSyntax)] = []
        for part in parts {
            switch SourcePredicate(resolve(part), resolve: resolve) {
            case .predicate(let format, let arguments, _):
                formats.append(format)
                plain += arguments
                for argument in arguments {
                    switch argument {
                    case .string(let text): templates.append(.string(ValueTemplate(pieces: [.text(text)])))
                    case .strings(let members):
                        templates.append(.strings(members.map { ValueTemplate(pieces: [.text($0)]) }))
                    }
                }
            case .template(let format, let arguments, let read):
                formats.append(format)
                templates += arguments
                values += read
            case .dynamic:
                return .dynamic(expression.oneLine)
            }
        }
        let format: String
        switch kind {
        case "NOT":
            // `NOT` of several parts negates their conjunction, as NSCompoundPredicate does.
            format =
                formats.isEmpty
                ? "FALSEPREDICATE" : "NOT (" + formats.map { "(\($0))" }.joined(separator: " AND ") + ")"
        default:
            format =
                formats.isEmpty
                ? (kind == "OR" ? "FALSEPREDICATE" : "TRUEPREDICATE")
                : formats.map { "(\($0))" }.joined(separator: " \(kind) ")
        }
        guard !values.isEmpty else { return .predicate(format: format, arguments: plain, formatLiteral: nil) }
        let named = WindowValues.distinctlyNamed(templates, values: values)
        return .template(format: format, arguments: named.0, values: named.1)
    }

    /// A `%@` argument as a template: a literal, or a window value.
    private static func templateArgument(
        _ expression: ExprSyntax, values: inout [(name: String, expression: ExprSyntax)]
    ) -> ConditionTemplate.Argument? {
        if let literal = argument(expression) {
            switch literal {
            case .string(let text): return .string(ValueTemplate(pieces: [.text(text)]))
            case .strings(let members): return .strings(members.map { ValueTemplate(pieces: [.text($0)]) })
            }
        }
        guard let read = WindowValues.template(of: expression) else { return nil }
        values += read.values
        return .string(read.template)
    }

    /// A `%@` argument: a string literal, or an array (or `Set`) of them.
    private static func argument(_ expression: ExprSyntax) -> PredicateArgument? {
        if case .literal(let text) = SourceString(expression) { return .string(text) }
        if let strings = SourceStringSet(expression).members { return .strings(strings) }
        return nil
    }
}

/// A set of strings the source states (`handlesExternalEvents` arguments): an array
/// literal, `Set([…])` or `Set<String>([…])` of string literals.
struct SourceStringSet {
    /// The members, or nil when they are not all literals.
    var members: [String]?
    /// The expression as written.
    var text: String

    /// The element expressions of an array literal, `Set([…])` or `Set<String>([…])`.
    static func elements(_ expression: ExprSyntax) -> [ExprSyntax]? {
        var expression = expression
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
                ?? call.calledExpression.as(GenericSpecializationExprSyntax.self)?
                .expression.as(DeclReferenceExprSyntax.self),
            callee.baseName.text == "Set", let only = call.arguments.first
        {
            expression = only.expression
        }
        return expression.as(ArrayExprSyntax.self)?.elements.map(\.expression)
    }

    init(_ expression: ExprSyntax) {
        text = expression.oneLine
        guard let elements = Self.elements(expression) else {
            members = nil
            return
        }
        var strings: [String] = []
        for element in elements {
            guard case .literal(let text) = SourceString(element) else {
                members = nil
                return
            }
            strings.append(text)
        }
        members = strings
    }
}
