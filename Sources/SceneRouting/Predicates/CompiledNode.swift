/// A predicate ready to evaluate: comparisons pre-compiled into tests, constants folded.
indirect enum CompiledNode: Sendable {
    case constant(Bool)
    /// `SELF == nil` (true when the identifier is nil).
    case isNil
    case not(CompiledNode)
    case and([CompiledNode])
    case or([CompiledNode])
    case literal(LiteralTest)
    case membership(MembershipTest)
    case pattern(PatternTest)
    /// A comparison whose pattern or needle is the identifier itself (`'abc' BEGINSWITH SELF`).
    case dynamic(DynamicTest)

    /// Evaluates left to right with short-circuiting.
    func evaluate(_ subject: inout Subject, budgetExceeded: inout Bool) -> Bool {
        switch self {
        case .constant(let value): return value
        case .isNil: return !subject.hasIdentifier
        case .not(let inner): return !inner.evaluate(&subject, budgetExceeded: &budgetExceeded)
        case .and(let operands):
            for operand in operands where !operand.evaluate(&subject, budgetExceeded: &budgetExceeded) { return false }
            return true
        case .or(let operands):
            for operand in operands where operand.evaluate(&subject, budgetExceeded: &budgetExceeded) { return true }
            return false
        case .literal(let test): return test.evaluate(&subject)
        case .membership(let test): return test.evaluate(&subject)
        case .pattern(let test): return test.evaluate(&subject, budgetExceeded: &budgetExceeded)
        case .dynamic(let test): return test.evaluate(&subject, budgetExceeded: &budgetExceeded)
        }
    }
}
