/// A format string parsed and validated once, ready to take other arguments of the same
/// shape: a manifest of a million sessions states a handful of formats (`SELF == %@`) with a
/// different argument in each, and substituting into the parsed form costs a fraction of
/// parsing again.
///
/// Parsing never looks at an argument's text, only at its shape (a string, or a list of so
/// many strings), so an instance equals what ``Parser/parse(_:arguments:)`` gives for the
/// same format and arguments, `mixedAndOr` and diagnostics-free validation included.
package struct PredicateTemplate: Sendable {
    private let parsed: ParsedPredicate
    private let shape: [Int]

    /// Parses `format` with `arguments`, which fix the shape later instances must have.
    /// - Throws: what ``Parser/parse(_:arguments:)`` throws.
    package init(format: String, arguments: [PredicateArgument]) throws(Diagnostic) {
        parsed = try Parser.parse(format, arguments: arguments)
        shape = arguments.map(Self.shape(of:))
    }

    /// Whether `arguments` have the shape this template was parsed with.
    package func accepts(_ arguments: [PredicateArgument]) -> Bool {
        arguments.count == shape.count && zip(arguments, shape).allSatisfy { Self.shape(of: $0) == $1 }
    }

    /// The parsed predicate with `arguments` (of ``accepts(_:)``'s shape) in place of the
    /// `%@`s.
    package func instance(with arguments: [PredicateArgument]) -> ParsedPredicate {
        precondition(accepts(arguments), "a template is instantiated with arguments of its own shape")
        var result = parsed
        result.node = substituting(arguments, into: parsed.node)
        return result
    }

    /// -1 for a string, the count for a list.
    private static func shape(of argument: PredicateArgument) -> Int {
        switch argument {
        case .string: -1
        case .strings(let values): values.count
        }
    }

    private func substituting(_ arguments: [PredicateArgument], into node: PredicateNode) -> PredicateNode {
        switch node {
        case .constant:
            return node
        case .not(let inner):
            return .not(substituting(arguments, into: inner))
        case .and(let operands):
            return .and(operands.map { substituting(arguments, into: $0) })
        case .or(let operands):
            return .or(operands.map { substituting(arguments, into: $0) })
        case .comparison(var comparison):
            comparison.lhs = substituting(arguments, into: comparison.lhs)
            comparison.rhs = substituting(arguments, into: comparison.rhs)
            return .comparison(comparison)
        }
    }

    /// An operand starting where a `%@` stood is that argument: no other operand can start
    /// there, and an aggregate literal around arguments starts at its brace.
    private func substituting(_ arguments: [PredicateArgument], into operand: Operand) -> Operand {
        if let index = parsed.argumentOffsets.firstIndex(of: operand.range.lowerBound) {
            return Parser.operand(substituting: arguments[index], at: operand.range)
        }
        guard case .aggregate(let elements) = operand.kind else { return operand }
        return Operand(kind: .aggregate(elements.map { substituting(arguments, into: $0) }), range: operand.range)
    }
}
