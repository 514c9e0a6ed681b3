@testable import SceneRouting

/// The first check of a differential test against ICU: a random pattern is accepted exactly
/// when ICU accepts it, except that what ICU accepts may be refused for its size (a refusal
/// whose message contains one of `sizeRefusals`).
enum ICUAcceptance {
    /// The compiled `SELF MATCHES[n]` predicate, or nil when it is refused; a refusal or an
    /// acceptance ICU would not make is appended to `disagreements`.
    static func predicate(_ pattern: String, sizeRefusals: [String], disagreements: inout [String])
        -> ActivationPredicate?
    {
        let icuAccepts = ICURegexConformanceTests.icu(pattern, "x") != "error"
        do {
            let predicate = try ActivationPredicate(format: "SELF MATCHES[n] %@", arguments: [.string(pattern)])
            if !icuAccepts { disagreements.append("accepted what ICU refuses: \(pattern)") }
            return predicate
        } catch {
            let forSize = sizeRefusals.contains { error.message.contains($0) }
            if icuAccepts && !forSize { disagreements.append("refused: \(pattern): \(error.message)") }
            return nil
        }
    }
}
