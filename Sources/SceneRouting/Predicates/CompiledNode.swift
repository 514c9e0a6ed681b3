/// A predicate ready to evaluate: comparisons pre-compiled into tests, constants folded.
///
/// Only `not` is boxed: a test or operand list held inline is borrowed by ``evaluate(_:budgetExceeded:)``,
/// where one behind a box was retained and released on every evaluation.
enum CompiledNode: Sendable {
    case constant(Bool)
    /// `SELF == nil` (true when the identifier is nil).
    case isNil
    indirect case not(CompiledNode)
    case and([CompiledNode])
    case or([CompiledNode])
    case literal(LiteralTest)
    case membership(MembershipTest)
    case pattern(PatternTest)
    /// A comparison whose pattern or needle is the identifier itself (`'abc' BEGINSWITH SELF`).
    indirect case dynamic(DynamicTest)

    /// Evaluates left to right with short-circuiting.
    func evaluate(_ subject: inout Subject, budgetExceeded: inout Bool) -> Bool {
        switch self {
        case .constant(let value): return value
        case .isNil: return !subject.hasIdentifier
        case .not(let inner): return !inner.evaluate(&subject, budgetExceeded: &budgetExceeded)
        // Read in place: an array's element or iterator is a copy, counted each time.
        case .and(let operands):
            return operands.withUnsafeBufferPointer { operands in
                for index in operands.indices where !operands[index].evaluate(&subject, budgetExceeded: &budgetExceeded)
                {
                    return false
                }
                return true
            }
        case .or(let operands):
            return operands.withUnsafeBufferPointer { operands in
                for index in operands.indices where operands[index].evaluate(&subject, budgetExceeded: &budgetExceeded)
                {
                    return true
                }
                return false
            }
        case .literal(let test): return test.evaluate(&subject)
        case .membership(let test): return test.evaluate(&subject)
        case .pattern(let test): return test.evaluate(&subject, budgetExceeded: &budgetExceeded)
        case .dynamic(let test): return test.evaluate(&subject, budgetExceeded: &budgetExceeded)
        }
    }
}
