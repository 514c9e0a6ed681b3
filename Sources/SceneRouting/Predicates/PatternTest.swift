import Foundation
import PCRE2Support

/// `SELF LIKE 'pattern'` or `SELF MATCHES 'pattern'`, compiled once to PCRE2.
///
/// Both pattern and identifier are folded (`[c]`/`[d]`) and normalised to NFKC unless `[n]`,
/// as Apple's `_NSPredicateOperatorUtilities` does before calling ICU.
final class PatternTest: Sendable {
    /// nil for an empty pattern, which never matches (Apple short-circuits it).
    let pattern: CompiledPattern?
    let mode: FoldMode
    /// Literal text every match requires, for indexing.
    let literals: PatternLiterals

    init(pattern: CompiledPattern?, mode: FoldMode, literals: PatternLiterals = .none) {
        self.pattern = pattern
        self.mode = mode
        self.literals = literals
    }

    /// - Complexity: bounded by the PCRE2 match limit; allocation-free for ASCII identifiers.
    func evaluate(_ subject: inout Subject, budgetExceeded: inout Bool) -> Bool {
        guard subject.string != nil, let pattern else { return false }
        let outcome: MatchOutcome
        if subject.isASCII || mode == .literal {
            outcome = mode.foldsCase ? pattern.matchesLowercasingASCII(subject.bytes) : pattern.matches(subject.bytes)
        } else {
            outcome = pattern.matches(subject.patternForm(mode))
        }
        switch outcome {
        case .match: return true
        case .noMatch: return false
        case .budgetExceeded, .failed:
            budgetExceeded = true
            return false
        }
    }
}
