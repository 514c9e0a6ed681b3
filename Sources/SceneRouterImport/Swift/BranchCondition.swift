import SwiftOperators
import SwiftSyntax

/// The condition under which code runs, as far as the branches around it say: `if
/// !restoresScenes { … }` around an assignment. Names are looked up among the app's Boolean
/// constants when the import assembles the app, so a branch on a constant is decided and
/// one on run-time state is reported.
indirect enum BranchCondition: Equatable, Sendable {
    case constant(Bool)
    /// A name that may be a Boolean constant (`restoresScenes`, `Config.restoresScenes`).
    case reference(String)
    case not(BranchCondition)
    case and(BranchCondition, BranchCondition)
    case or(BranchCondition, BranchCondition)
    /// Anything else: the Swift as written.
    case unknown(String)

    /// The most operands a condition is read with; one with more (no app's) stays unknown,
    /// so a stranger's file cannot make reading it quadratic or deep.
    static let maximumOperands = 256

    /// The conditions of the `if` and `guard` statements around `node` in its function: the
    /// then-branch's conditions, the negation of an `else` branch's, `guard`'s negated in its
    /// `else`. Nil when nothing but bindings guards it.
    static func around(_ node: some SyntaxProtocol) -> BranchCondition? {
        var result: BranchCondition?
        func add(_ condition: BranchCondition) {
            if condition == .constant(true) { return }
            result = result.map { .and(condition, $0) } ?? condition
        }
        var child = Syntax(node)
        var current = node.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClosureExprSyntax.self)
                || syntax.is(InitializerDeclSyntax.self)
            {
                break
            }
            if let ifExpression = syntax.as(IfExprSyntax.self) {
                let condition = read(ifExpression.conditions)
                if child.id == ifExpression.body.id {
                    add(condition)
                } else if let elseBody = ifExpression.elseBody, child.id == elseBody.id {
                    add(.not(condition))
                }
            } else if let guardStatement = syntax.as(GuardStmtSyntax.self), child.id == guardStatement.body.id {
                add(.not(read(guardStatement.conditions)))
            }
            child = syntax
            current = syntax.parent
        }
        return result
    }

    private static func read(_ list: ConditionElementListSyntax) -> BranchCondition {
        var result = BranchCondition.constant(true)
        for element in list {
            let condition: BranchCondition
            switch element.condition {
            // `if let windowScene = scene as? UIWindowScene`: the shape of the code, taken as met.
            case .optionalBinding, .availability: condition = .constant(true)
            case .expression(let expression)
            where (expression.as(SequenceExprSyntax.self)?.elements.count ?? 0) > maximumOperands:
                condition = .unknown(String(expression.trimmedDescription.prefix(200)))
            case .expression(let expression):
                let folded =
                    (try? OperatorTable.standardOperators.foldAll(expression)).flatMap { $0.as(ExprSyntax.self) }
                    ?? expression
                condition = read(folded)
            default: condition = .unknown(element.trimmedDescription)
            }
            result = result == .constant(true) ? condition : .and(result, condition)
        }
        return result
    }

    private static func read(_ expression: ExprSyntax) -> BranchCondition {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .constant(literal.literal.tokenKind == .keyword(.true))
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return read(only.expression)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return .not(read(prefix.expression))
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "&&" || op == "||"
        {
            let (left, right) = (read(infix.leftOperand), read(infix.rightOperand))
            return op == "&&" ? .and(left, right) : .or(left, right)
        }
        var text = expression.trimmedDescription
        if text.hasPrefix("self.") || text.hasPrefix("Self.") { text.removeFirst(5) }
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            return .reference(text)
        }
        return .unknown(expression.trimmedDescription)
    }

    /// True or false when every name it depends on is a known constant; nil otherwise.
    func evaluate(_ constants: [String: Bool]) -> Bool? {
        switch self {
        case .constant(let value): return value
        case .reference(let name): return constants[name]
        case .not(let inner): return inner.evaluate(constants).map { !$0 }
        case .and(let left, let right):
            let (l, r) = (left.evaluate(constants), right.evaluate(constants))
            if l == false || r == false { return false }
            if let l, let r { return l && r }
            return nil
        case .or(let left, let right):
            let (l, r) = (left.evaluate(constants), right.evaluate(constants))
            if l == true || r == true { return true }
            if let l, let r { return l || r }
            return nil
        case .unknown: return nil
        }
    }

    /// As Swift: `!restoresScenes && isPad`.
    var text: String {
        switch self {
        case .constant(let value): "\(value)"
        case .reference(let name): name
        case .not(let inner): "!" + inner.wrapped
        case .and(let left, let right): "\(left.wrapped) && \(right.wrapped)"
        case .or(let left, let right): "\(left.wrapped) || \(right.wrapped)"
        case .unknown(let text): text
        }
    }

    private var wrapped: String {
        switch self {
        case .and, .or: "(\(text))"
        default: text
        }
    }
}
