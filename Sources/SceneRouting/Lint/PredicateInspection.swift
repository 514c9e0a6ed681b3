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

    /// Every string literal of a predicate, aggregate members included (after `%@`
    /// substitution), in source order.
    static func stringLiterals(_ node: PredicateNode) -> [String] {
        func strings(_ operand: Operand) -> [String] {
            switch operand.kind {
            case .string(let text): [text.value]
            case .aggregate(let elements): elements.flatMap(strings)
            default: []
            }
        }
        var literals: [String] = []
        var pending = [node]
        while let next = pending.popLast() {
            switch next {
            case .constant: break
            case .not(let inner): pending.append(inner)
            case .and(let operands), .or(let operands): pending += operands.reversed()
            case .comparison(let comparison): literals += strings(comparison.lhs) + strings(comparison.rhs)
            }
        }
        return literals
    }
}
