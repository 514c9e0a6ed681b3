/// Checks operand types the grammar alone cannot: Apple raises at evaluation time for these
/// (a non-string operand to a string operator, BETWEEN without two bounds, ordering a
/// string against a number), so the engine rejects them up front with a position.
struct Validator {
    let source: String

    func validate(_ node: PredicateNode) throws(Diagnostic) {
        switch node {
        case .constant: return
        case .not(let inner): try validate(inner)
        case .and(let operands), .or(let operands):
            for operand in operands { try validate(operand) }
        case .comparison(let comparison): try validate(comparison)
        }
    }

    private func fail(_ message: String, at operand: Operand) -> Diagnostic {
        Diagnostic(
            code: .invalidOperand, message: message, predicate: source, offset: operand.range.lowerBound,
            length: operand.range.count)
    }

    private func validate(_ comparison: Comparison) throws(Diagnostic) {
        let (lhs, op, rhs) = (comparison.lhs, comparison.op, comparison.rhs)
        switch op {
        case .equal, .notEqual:
            return
        case .less, .lessEqual, .greater, .greaterEqual:
            for operand in [lhs, rhs] {
                if case .aggregate = operand.kind {
                    throw fail("\(op.rawValue) cannot order an aggregate", at: operand)
                }
                if case .boolean = operand.kind { throw fail("\(op.rawValue) cannot order a boolean", at: operand) }
            }
            let lhsNumber = { if case .number = lhs.kind { true } else { false } }()
            let rhsNumber = { if case .number = rhs.kind { true } else { false } }()
            if lhs.isStringLike && rhsNumber {
                throw fail("\(op.rawValue) cannot order \(lhs.description) (a string) against a number", at: rhs)
            }
            if rhs.isStringLike && lhsNumber {
                throw fail("\(op.rawValue) cannot order a number against \(rhs.description) (a string)", at: lhs)
            }
        case .between:
            guard case .aggregate(let bounds) = rhs.kind else {
                if case .null = rhs.kind { return }
                throw fail("BETWEEN needs two bounds: {lower, upper}, found \(rhs.description)", at: rhs)
            }
            guard bounds.count == 2 else {
                throw fail("BETWEEN needs exactly two bounds, found \(bounds.count)", at: rhs)
            }
            for bound in bounds {
                if case .aggregate = bound.kind { throw fail("a BETWEEN bound cannot be an aggregate", at: bound) }
                if case .boolean = bound.kind { throw fail("a BETWEEN bound cannot be a boolean", at: bound) }
                if lhs.isStringLike, case .number = bound.kind {
                    throw fail("BETWEEN cannot order \(lhs.description) (a string) against a number", at: bound)
                }
            }
            if case .aggregate = lhs.kind { throw fail("BETWEEN cannot order an aggregate", at: lhs) }
        case .beginsWith, .endsWith, .like, .matches:
            try requireString(lhs, for: op)
            try requireString(rhs, for: op)
        case .contains:
            // An aggregate on the left is membership; otherwise both sides are strings.
            if case .aggregate = lhs.kind { return }
            try requireString(lhs, for: op)
            try requireString(rhs, for: op)
        case .in:
            if case .aggregate = rhs.kind { return }
            try requireString(lhs, for: op)
            try requireString(rhs, for: op)
        }
    }

    private func requireString(_ operand: Operand, for op: ComparisonOperator) throws(Diagnostic) {
        switch operand.kind {
        case .this, .string, .null: return
        default: throw fail("\(op.rawValue) needs a string, found \(operand.description)", at: operand)
        }
    }
}
