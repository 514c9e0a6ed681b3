import Foundation
import PCRE2Support
import PredicateSyntax

/// Turns a LIKE or MATCHES pattern into a ``PatternTest``: fold for `[c]`/`[d]`, NFKC
/// unless `[n]`, LIKE wildcards or ICU syntax into PCRE2, then compile, with JIT unless the
/// pattern decides ASCII identifiers without its regex (such a test keeps only the text,
/// which compiled, and compiles it again for the first non-ASCII identifier).
enum PatternCompiler {
    /// A pattern that cannot be compiled, with an offset into the pattern *as written*
    /// (before folding and translation) when it can be mapped back, else nil.
    struct Failure: Error {
        var code: Diagnostic.Code
        var message: String
        var patternOffset: Int?
        var length: Int
    }

    static func compile(op: ComparisonOperator, pattern: String, mode: FoldMode) -> Result<PatternTest, Failure> {
        // Apple short-circuits an empty pattern to false before ICU sees it.
        guard !pattern.isEmpty else { return .success(PatternTest(pattern: nil, mode: mode)) }
        let folded = mode.fold(pattern)
        // Normalisation leaves ASCII as it is: one candidate is the same as two.
        let candidates: [String] =
            mode == .literal || ASCIIText.isASCII(folded)
            ? [folded]
            : [folded.precomposedStringWithCompatibilityMapping, folded.precomposedStringWithCanonicalMapping]
        var firstFailure: Failure?
        for candidate in candidates {
            // Offsets map back only when normalisation left the pattern byte-identical.
            let mapsBack = candidate.utf8.elementsEqual(pattern.utf8)
            let translated: TranslatedPattern
            do {
                translated =
                    try (op == .like ? LikePattern.translate(candidate) : ICURegexTranslator.translate(candidate))
            } catch {
                return .failure(
                    Failure(
                        code: op == .like ? .invalidLikePattern : .unsupportedRegex, message: error.message,
                        patternOffset: mapsBack ? error.offset : nil, length: error.length))
            }
            do {
                let literals = op == .like ? PatternLiterals.like(candidate) : PatternLiterals.regex(candidate)
                // On an ASCII identifier the regex runs on its bytes as they are unless the mode
                // folds case; an ASCII pattern is then the one the skeleton reads.
                let skeleton =
                    op == .matches && !mode.foldsCase && ASCIIText.isASCII(candidate)
                    ? RegexSkeleton(pattern: candidate) : nil
                // A pattern that decides ASCII identifiers without its regex leaves the regex the
                // rare non-ASCII ones, which PCRE2's interpreter matches well enough: JIT code is
                // over a kilobyte a pattern, and a million sessions each with a LIKE of their
                // own would hold a gigabyte of it.
                let needsJIT = !PatternTest.decidesASCIIWithoutRegex(literals: literals, skeleton: skeleton)
                let compiled = try CompiledPattern(translated.pattern, jit: needsJIT)
                let fullFolding = translated.hasCaselessBackReference ? ICUFullFoldingMatcher(pattern: candidate) : nil
                return .success(
                    PatternTest(
                        pattern: compiled, mode: mode, literals: literals, skeleton: skeleton, fullFolding: fullFolding)
                )
            } catch {
                let offset = translated.inputOffset(forOutputOffset: error.offset, inputLength: candidate.utf8.count)
                let hasLookbehind = candidate.contains("(?<=") || candidate.contains("(?<!")
                let message =
                    hasLookbehind && error.isSizeLimit
                    ? "the pattern is too large for PCRE2 once its lookbehinds are spelled out as branches of one length each "
                        + "(\(error.message)): make their repeats shorter"
                    : "invalid regular expression: \(error.message)"
                firstFailure =
                    firstFailure
                    ?? Failure(code: .invalidRegex, message: message, patternOffset: mapsBack ? offset : nil, length: 1)
            }
            if candidate == candidates.last { break }
        }
        return .failure(firstFailure!)
    }
}
