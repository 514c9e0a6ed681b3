/// The result of running a compiled pattern against one subject.
package enum MatchOutcome: Equatable, Sendable {
    case match
    case noMatch
    /// The match limit (or JIT stack) ran out before PCRE2 could decide: callers treat
    /// it as a non-match and report it, so a catastrophic pattern never hangs a route.
    case budgetExceeded
    /// Any other PCRE2 matching error (should not happen with valid UTF-8 subjects).
    case failed(code: Int32)
}
