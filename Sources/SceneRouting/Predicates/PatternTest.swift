import Foundation
import PCRE2Support
import Synchronization

/// `SELF LIKE 'pattern'` or `SELF MATCHES 'pattern'`, compiled once to PCRE2.
///
/// Both pattern and identifier are folded (`[c]`/`[d]`) and normalised to NFKC unless `[n]`,
/// as Apple's `_NSPredicateOperatorUtilities` does before calling ICU.
final class PatternTest: Sendable {
    /// The PCRE2 pattern that decides what the skeleton or glob does not; nil for an empty
    /// pattern, which never matches (Apple short-circuits it). Compiled on first use when
    /// the pattern ``decidesASCIIWithoutRegex(literals:skeleton:)``.
    var pattern: CompiledPattern? { keptPattern ?? patternText.flatMap { _ in patternOnDemand() } }
    /// The PCRE2 pattern's text (folded, normalised and translated); nil for an empty pattern.
    let patternText: String?
    let mode: FoldMode
    /// Literal text every match requires, for indexing.
    let literals: PatternLiterals
    /// For a `MATCHES` pattern without case folding, whose regex is a ``RegexSkeleton``: the
    /// skeleton, which the dispatch table runs on ASCII identifiers instead of PCRE2.
    let skeleton: RegexSkeleton?
    /// For a pattern with a back reference under `(?i)`: ICU, for the identifiers where full
    /// and simple case folding part (``ICUFullFoldingMatcher``).
    let fullFolding: ICUFullFoldingMatcher?

    /// The compiled pattern of a test whose regex decides ASCII identifiers.
    private let keptPattern: CompiledPattern?
    /// `keptPattern`, for evaluation: held strongly by `keptPattern`, lent without a retain
    /// and release per match.
    private let unretainedPattern: Unmanaged<CompiledPattern>?
    /// The compiled pattern of a test whose skeleton or glob decides ASCII identifiers, once
    /// a non-ASCII one needed it: compiled code is most of such a test's memory (some 700
    /// bytes for `ticket-[0-9]+-17`), and at scale most such tests never see a non-ASCII
    /// identifier. Published by the first thread to compile it (one that loses the race drops
    /// its own) and released with the test; an atomic rather than a lock, which
    /// ThreadSanitizer cannot see order the threads on Linux.
    private let compiledOnDemand = Atomic<Unmanaged<CompiledPattern>?>(nil)

    /// Whether a pattern with these parts decides ASCII identifiers without its regex
    /// (through its skeleton or its `*`-only glob, as the dispatch table's programs do too).
    static func decidesASCIIWithoutRegex(literals: PatternLiterals, skeleton: RegexSkeleton?) -> Bool {
        skeleton != nil || literals.likeGlob != nil
    }

    /// A test of `pattern`; a pattern whose skeleton or glob decides ASCII identifiers keeps
    /// only its text, and compiles it again when a non-ASCII identifier comes (it compiled
    /// once already, so it will again).
    init(
        pattern: CompiledPattern?, mode: FoldMode, literals: PatternLiterals = .none, skeleton: RegexSkeleton? = nil,
        fullFolding: ICUFullFoldingMatcher? = nil
    ) {
        patternText = pattern?.pattern
        keptPattern = Self.decidesASCIIWithoutRegex(literals: literals, skeleton: skeleton) ? nil : pattern
        self.skeleton = skeleton
        self.fullFolding = fullFolding
        self.unretainedPattern = keptPattern.map { Unmanaged.passUnretained($0) }
        self.mode = mode
        self.literals = literals
    }

    /// Whether the test holds PCRE2 code: kept from the start, or compiled on demand since.
    var holdsCompiledCode: Bool { keptPattern != nil || compiledOnDemand.load(ordering: .acquiring) != nil }

    /// The pattern compiled from its text, once (JIT code is not worth it for the identifiers
    /// that need it); nil if PCRE2 fails to compile it again, which it never has.
    private func patternOnDemand() -> CompiledPattern? {
        if let published = compiledOnDemand.load(ordering: .acquiring) { return published.takeUnretainedValue() }
        guard let patternText, let compiled = try? CompiledPattern(patternText, jit: false) else { return nil }
        let retained = Unmanaged.passRetained(compiled)
        let (published, first) = compiledOnDemand.compareExchange(
            expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if published { return compiled }
        retained.release()
        return first?.takeUnretainedValue()
    }

    deinit {
        compiledOnDemand.load(ordering: .acquiring)?.release()
    }

    /// - Complexity: bounded by the PCRE2 match limit; allocation-free for ASCII identifiers
    ///   and for the non-ASCII ones ``PatternFold`` folds (once the regex is compiled: the
    ///   first non-ASCII identifier of a pattern its skeleton or glob decides compiles it).
    func evaluate(_ subject: inout Subject, budgetExceeded: inout Bool) -> Bool {
        guard subject.hasIdentifier, patternText != nil else { return false }
        if let unretainedPattern {
            return unretainedPattern._withUnsafeGuaranteedRef {
                evaluate(with: $0, &subject, budgetExceeded: &budgetExceeded)
            }
        }
        if subject.isASCII {
            if let skeleton { return skeleton.matches(subject.bytes) }
            if let glob = literals.likeGlob { return glob.matches(subject.bytes, caseless: mode.foldsCase) }
        }
        guard let compiled = patternOnDemand() else {
            budgetExceeded = true
            return false
        }
        return evaluate(with: compiled, &subject, budgetExceeded: &budgetExceeded)
    }

    private func evaluate(with pattern: CompiledPattern, _ subject: inout Subject, budgetExceeded: inout Bool) -> Bool {
        let outcome: MatchOutcome
        if subject.isASCII {
            if let skeleton { return skeleton.matches(subject.bytes) }
            if let glob = literals.likeGlob { return glob.matches(subject.bytes, caseless: mode.foldsCase) }
            outcome = regexMatch(pattern, ascii: subject.bytes)
        } else if let fullFolding, FullCaseFolding.holdsExpandingCharacter(subject.bytes) {
            return mode == .literal
                ? fullFolding.matches(subject.bytes) : subject.withPatternForm(mode) { fullFolding.matches($0) }
        } else if mode == .literal {
            outcome = mode.foldsCase ? pattern.matchesLowercasingASCII(subject.bytes) : pattern.matches(subject.bytes)
        } else {
            guard hasRequiredASCII(pattern, &subject) else { return false }
            // Without folding, the pattern runs on the identifier's NFKC form: the identifier
            // itself when normalising would leave it as it is.
            if mode == .canonical && NFKCStableText.isStable(subject.bytes) {
                outcome = pattern.matches(subject.bytes)
            } else {
                outcome = subject.withPatternForm(mode) { pattern.matches($0) }
            }
        }
        switch outcome {
        case .match: return true
        case .noMatch: return false
        case .budgetExceeded, .failed:
            budgetExceeded = true
            return false
        }
    }

    /// What the regex says of an ASCII identifier.
    private func regexMatch(_ pattern: CompiledPattern, ascii identifier: UnsafeBufferPointer<UInt8>) -> MatchOutcome {
        // Lowercasing keeps the length; most candidates of a short regex end here.
        guard pattern.admitsASCII(length: identifier.count) else { return .noMatch }
        return mode.foldsCase ? pattern.matchesLowercasingASCII(identifier) : pattern.matches(identifier)
    }

    /// The regex's answer for an ASCII identifier even where the skeleton or the glob
    /// decides, nil when it ran out of its match budget: the oracle tests and the fuzzer
    /// hold those to.
    func regexAnswer(ascii identifier: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let pattern else { return false }
        switch regexMatch(pattern, ascii: identifier) {
        case .match: return true
        case .noMatch: return false
        case .budgetExceeded, .failed: return nil
        }
    }

    /// Whether the non-ASCII identifier can hold the ASCII code units every match needs, so
    /// that Foundation need not fold and normalise it when it cannot (a catastrophic pattern
    /// sent `é…é` ends here). The pattern runs on the identifier folded for the mode and in
    /// NFKC, whose key fold equals the identifier's (``KeyFold``); in NFKC the only case
    /// partners of an ASCII letter are ASCII, so a required letter, or its other case, shows
    /// in the key fold as itself (lowercased for the case-insensitive families).
    private func hasRequiredASCII(_ pattern: CompiledPattern, _ subject: inout Subject) -> Bool {
        guard !pattern.requiredASCII.isEmpty else { return true }
        let family = mode.keyFamily
        let folded = subject.keyFold(family)
        for unit in pattern.requiredASCII {
            let lower = ASCIIText.lowercase(unit)
            let upper = lower &- 0x61 < 26 ? lower - 0x20 : lower
            let present =
                family == .caseSensitive ? folded.contains { $0 == lower || $0 == upper } : folded.contains(lower)
            if !present { return false }
        }
        return true
    }
}
