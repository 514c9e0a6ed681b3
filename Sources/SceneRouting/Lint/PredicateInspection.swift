import PredicateSyntax

/// Structural questions about parsed predicates that lint checks ask.
enum PredicateInspection {
    /// The identifiers a predicate matches *exactly and unconditionally*: `SELF == 'x'`,
    /// `SELF IN {…}` and ORs of them. nil when the predicate is anything else.
    static func literalIdentifiers(_ node: PredicateNode) -> [String]? {
        switch node {
        case .or(let operands):
            var all: [String] = []
            for operand in operands {
                guard let literals = literalIdentifiers(operand) else { return nil }
                all += literals
            }
            return all
        case .comparison(let comparison):
            switch (comparison.lhs.kind, comparison.op, comparison.rhs.kind) {
            case (.this, .equal, .string(let text)), (.string(let text), .equal, .this):
                return comparison.options.isEmpty || comparison.options == [.normalized] ? [text.value] : nil
            case (.this, .in, .aggregate(let elements)):
                return elements.compactMap { if case .string(let text) = $0.kind { text.value } else { nil } }
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// Ranges of every MATCHES operator (UIKit's validator rejects MATCHES).
    static func matchesOperators(_ node: PredicateNode) -> [Range<Int>] {
        switch node {
        case .constant: return []
        case .not(let inner): return matchesOperators(inner)
        case .and(let operands), .or(let operands): return operands.flatMap(matchesOperators)
        case .comparison(let comparison): return comparison.op == .matches ? [comparison.operatorRange] : []
        }
    }
}
