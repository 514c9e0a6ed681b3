import Foundation
import PredicateSyntax

/// Lowers a parsed predicate to ``CompiledNode``s: every comparison is put in the
/// `SELF op constant` form where possible, literals are pre-folded, patterns compiled once,
/// and comparisons between constants are decided now.
struct PredicateCompiler {
    let source: String

    /// Compiles the tree in source order (the first invalid comparison is the one reported),
    /// with a work list rather than a call per level, so the stack a compile needs does not
    /// grow with the nesting.
    func compile(_ root: PredicateNode) throws(Diagnostic) -> CompiledNode {
        // Most predicates are one comparison: no work list to allocate for them.
        switch root {
        case .constant(let value): return .constant(value)
        case .comparison(let comparison): return try compile(comparison)
        case .not, .and, .or: break
        }
        enum Work {
            case compile(PredicateNode)
            /// Combines the last `count` results into the compound `node`.
            case combine(PredicateNode, count: Int)
        }
        var work: [Work] = [.compile(root)]
        var results: [CompiledNode] = []
        while let item = work.popLast() {
            switch item {
            case .compile(let node):
                switch node {
                case .constant(let value):
                    results.append(.constant(value))
                case .comparison(let comparison):
                    results.append(try compile(comparison))
                case .not(let inner):
                    work.append(.combine(node, count: 1))
                    work.append(.compile(inner))
                case .and(let operands), .or(let operands):
                    work.append(.combine(node, count: operands.count))
                    work.append(contentsOf: operands.reversed().map(Work.compile))
                }
            case .combine(let node, let count):
                let operands = Array(results.suffix(count))
                results.removeLast(count)
                switch node {
                case .not: results.append(simplify(.not(operands[0])))
                case .and: results.append(simplify(.and(operands)))
                default: results.append(simplify(.or(operands)))
                }
            }
        }
        return results[0]
    }

    /// Folds constants out of compound nodes (`TRUEPREDICATE AND x` is `x`).
    private func simplify(_ node: CompiledNode) -> CompiledNode {
        switch node {
        case .not(.constant(let value)): return .constant(!value)
        case .and(let operands):
            if operands.contains(where: { if case .constant(false) = $0 { true } else { false } }) {
                return .constant(false)
            }
            let rest = operands.filter { if case .constant(true) = $0 { false } else { true } }
            return rest.isEmpty ? .constant(true) : rest.count == 1 ? rest[0] : .and(rest)
        case .or(let operands):
            if operands.contains(where: { if case .constant(true) = $0 { true } else { false } }) {
                return .constant(true)
            }
            let rest = operands.filter { if case .constant(false) = $0 { false } else { true } }
            return rest.isEmpty ? .constant(false) : rest.count == 1 ? rest[0] : .or(rest)
        default: return node
        }
    }

    private func compile(_ comparison: Comparison) throws(Diagnostic) -> CompiledNode {
        let (lhs, op, rhs) = (comparison.lhs, comparison.op, comparison.rhs)
        let mode = FoldMode(comparison.options)
        switch (lhs.kind, rhs.kind) {
        case (.this, .this):
            return .dynamic(DynamicTest(op: op, mode: mode, counterpart: .identifier))
        case (.this, _):
            return try compileSelf(op, mode: mode, other: rhs)
        case (_, .this):
            return try compileSelfOnRight(op, mode: mode, other: lhs)
        case (.string(let text), _):
            // A comparison of constants: decide it now, with the left string as the subject.
            let node = try compileSelf(op, mode: mode, other: rhs)
            return .constant(Self.evaluate(node, on: text.value))
        case (_, .string(let text)):
            let node = try compileSelfOnRight(op, mode: mode, other: lhs)
            return .constant(Self.evaluate(node, on: text.value))
        default:
            return .constant(Self.compareValues(lhs.kind, op, rhs.kind))
        }
    }

    private static func evaluate(_ node: CompiledNode, on text: String) -> Bool {
        var ignored = false
        return Subject.with(text) { node.evaluate(&$0, budgetExceeded: &ignored) }
    }

    /// `other op SELF`, rewritten with SELF on the left where the operator allows it.
    private func compileSelfOnRight(_ op: ComparisonOperator, mode: FoldMode, other: Operand) throws(Diagnostic)
        -> CompiledNode
    {
        switch op {
        case .equal, .notEqual: return try compileSelf(op, mode: mode, other: other)
        case .less: return try compileSelf(.greater, mode: mode, other: other)
        case .lessEqual: return try compileSelf(.greaterEqual, mode: mode, other: other)
        case .greater: return try compileSelf(.less, mode: mode, other: other)
        case .greaterEqual: return try compileSelf(.lessEqual, mode: mode, other: other)
        case .in: return try compileSelf(.contains, mode: mode, other: other)
        case .contains:
            switch other.kind {
            case .aggregate: return try compileSelf(.in, mode: mode, other: other)
            case .string(let text): return .literal(LiteralTest.make(.containedIn, literal: text.value, mode: mode))
            default: return .constant(false)
            }
        case .beginsWith, .endsWith, .like, .matches:
            guard case .string(let text) = other.kind else { return .constant(false) }
            return .dynamic(DynamicTest(op: op, mode: mode, counterpart: .constant(text.value)))
        case .between:
            return .constant(false) // rejected by validation: the bounds must be an aggregate
        }
    }

    /// `SELF op other` with `other` a constant.
    private func compileSelf(_ op: ComparisonOperator, mode: FoldMode, other: Operand) throws(Diagnostic)
        -> CompiledNode
    {
        switch other.kind {
        case .this:
            return .dynamic(DynamicTest(op: op, mode: mode, counterpart: .identifier))
        case .null:
            // nil compares false with everything but `!=`; `SELF == nil` asks for a nil identifier.
            switch op {
            case .equal: return .isNil
            case .notEqual: return .not(.isNil)
            default: return .constant(false)
            }
        case .number, .boolean:
            // A string is never equal to a number or a boolean.
            return .constant(op == .notEqual)
        case .aggregate(let elements):
            switch op {
            case .in:
                let members = elements.compactMap { element -> String? in
                    if case .string(let text) = element.kind { return text.value }
                    return nil
                }
                return members.isEmpty ? .constant(false) : .membership(MembershipTest(members: members))
            case .between:
                guard case .string(let first) = elements[0].kind, case .string(let second) = elements[1].kind else {
                    return .constant(false)
                }
                // Bounds given high-to-low are swapped (NSBetweenPredicateOperator).
                let swap = first.value.compare(second.value) == .orderedDescending
                let (lower, upper) = swap ? (second.value, first.value) : (first.value, second.value)
                return .literal(LiteralTest.make(.between(upper: upper), literal: lower, mode: .canonical))
            default:
                return .constant(op == .notEqual)
            }
        case .string(let text):
            let literal = text.value
            switch op {
            case .equal, .notEqual:
                // `==` without options is `isEqual:`: exact code units.
                let test = LiteralTest.make(.equal, literal: literal, mode: mode == .canonical ? .literal : mode)
                return op == .equal ? .literal(test) : .not(.literal(test))
            case .less: return .literal(LiteralTest.make(.less, literal: literal, mode: mode))
            case .lessEqual: return .literal(LiteralTest.make(.lessEqual, literal: literal, mode: mode))
            case .greater: return .literal(LiteralTest.make(.greater, literal: literal, mode: mode))
            case .greaterEqual: return .literal(LiteralTest.make(.greaterEqual, literal: literal, mode: mode))
            case .beginsWith: return .literal(LiteralTest.make(.beginsWith, literal: literal, mode: mode))
            case .endsWith: return .literal(LiteralTest.make(.endsWith, literal: literal, mode: mode))
            case .contains: return .literal(LiteralTest.make(.contains, literal: literal, mode: mode))
            case .in: return .literal(LiteralTest.make(.containedIn, literal: literal, mode: mode))
            case .like, .matches:
                switch PatternCompiler.compile(op: op, pattern: literal, mode: mode) {
                case .success(let test): return .pattern(test)
                case .failure(let failure):
                    let mapped = failure.patternOffset.flatMap { text.sourceOffset(forValueOffset: $0) }
                    let mappedEnd = failure.patternOffset.flatMap {
                        text.sourceOffset(forValueOffset: $0 + failure.length)
                    }
                    let length = mapped.flatMap { start in mappedEnd.map { max(1, $0 - start) } }
                    return try { () throws(Diagnostic) -> CompiledNode in
                        throw Diagnostic(
                            code: failure.code, message: failure.message, predicate: source,
                            offset: mapped ?? other.range.lowerBound,
                            length: length ?? other.range.count)
                    }()
                }
            case .between:
                return .constant(false)
            }
        }
    }

    /// Comparisons where neither side is a string nor SELF: numbers, booleans, nil, aggregates.
    static func compareValues(_ lhs: Operand.Kind, _ op: ComparisonOperator, _ rhs: Operand.Kind) -> Bool {
        func number(_ kind: Operand.Kind) -> Double? {
            switch kind {
            case .number(let value): value
            case .boolean(let value): value ? 1 : 0
            default: nil
            }
        }
        func equal(_ a: Operand.Kind, _ b: Operand.Kind) -> Bool {
            if case .null = a, case .null = b { return true }
            if let x = number(a), let y = number(b) { return x == y }
            if case .aggregate(let xs) = a, case .aggregate(let ys) = b {
                return xs.count == ys.count && zip(xs, ys).allSatisfy { equal($0.kind, $1.kind) }
            }
            return a == b
        }
        switch op {
        case .equal: return equal(lhs, rhs)
        case .notEqual: return !equal(lhs, rhs)
        case .less, .lessEqual, .greater, .greaterEqual:
            guard let x = number(lhs), let y = number(rhs) else { return false }
            switch op {
            case .less: return x < y
            case .lessEqual: return x <= y
            case .greater: return x > y
            default: return x >= y
            }
        case .between:
            guard let x = number(lhs), case .aggregate(let bounds) = rhs, bounds.count == 2,
                let a = number(bounds[0].kind), let b = number(bounds[1].kind)
            else { return false }
            return min(a, b) <= x && x <= max(a, b)
        case .in:
            guard case .aggregate(let elements) = rhs else { return false }
            return elements.contains { equal(lhs, $0.kind) }
        case .contains:
            guard case .aggregate(let elements) = lhs else { return false }
            return elements.contains { equal(rhs, $0.kind) }
        default:
            return false
        }
    }
}
