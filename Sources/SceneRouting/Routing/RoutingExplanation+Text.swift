import PredicateSyntax

/// The explanation as people read it: the layout of `scene-router route --explain`, names
/// and predicates escaped so nothing in a manifest can move the cursor or forge a line.
extension RoutingExplanation: CustomStringConvertible {
    /// Every candidate, then the declarations checked for a new scene:
    ///
    ///     considered 2 sessions, best first:
    ///       1. main-1 (Main)  score 1  foregroundActive, lastActive 3, position 0
    ///           canActivate: SELF BEGINSWITH 'mail.'
    ///       2. main-2 (Main)  score 1  background, lastActive 2, position 1
    ///           canActivate: SELF BEGINSWITH 'mail.'
    ///     main-1 ranks before main-2 on state (foregroundActive before background)
    public var description: String { lines(listing: nil).joined(separator: "\n") }

    /// The explanation's lines, listing at most `limit` candidates (nil: all) and saying how
    /// many more there are, followed by `omittedHint` when some are left out.
    public func lines(listing limit: Int?, omittedHint: String = "") -> [String] {
        var lines = ["considered \(considered) session\(considered == 1 ? "" : "s"), best first:"]
        let shown = limit.map { candidates.prefix($0) } ?? candidates[...]
        for (rank, candidate) in shown.enumerated() {
            var line =
                "  \(rank + 1). \(JSONStringLiteral.name(candidate.sessionID)) (\(JSONStringLiteral.name(candidate.declaration)))  "
            line += candidate.score.map { "score \($0)" } ?? "not scored"
            line += "  \(candidate.state.rawValue), lastActive \(candidate.lastActive), position \(candidate.position)"
            lines.append(line)
            if let matched = candidate.matched {
                lines.append(
                    "      \(matched.condition.rawValue): \(Diagnostic.printable(matched.predicate))"
                        + (matched.source.map { "  (\(Diagnostic.printable($0.description)))" } ?? ""))
                if let decidedBy = matched.decidedBy {
                    lines.append("      decided by: \(Diagnostic.printable(decidedBy))")
                }
            }
        }
        if shown.count < candidates.count {
            lines.append("  … \(candidates.count - shown.count) more" + omittedHint)
        }
        if let tie = tieReason { lines.append(tie) }
        for declaration in declarations {
            let verdict: String
            switch declaration.matched {
            case true?: verdict = "matching matched"
            case false?: verdict = "matching did not match"
            case nil: verdict = declaration.matching == nil ? "default declaration" : "not evaluated"
            }
            var line = "declaration \(JSONStringLiteral.name(declaration.name)): \(verdict)"
            if let matching = declaration.matching { line += "  (\(Diagnostic.printable(matching)))" }
            if let source = declaration.source { line += "  at \(Diagnostic.printable(source.description))" }
            lines.append(line)
        }
        return lines
    }

    /// Why the best candidate ranks before the next one when both have its score, by the
    /// first rank key that differs; nil when the scores differ or no session scored.
    public var tieReason: String? {
        guard candidates.count >= 2, let winner = candidates.first, let score = winner.score, score > 0,
            candidates[1].score == score
        else { return nil }
        let runnerUp = candidates[1]
        let names =
            "\(JSONStringLiteral.name(winner.sessionID)) ranks before \(JSONStringLiteral.name(runnerUp.sessionID))"
        let key: String
        if tieBreak == .recency && winner.state != runnerUp.state {
            key = "state (\(winner.state.rawValue) before \(runnerUp.state.rawValue))"
        } else if tieBreak == .recency && winner.lastActive != runnerUp.lastActive {
            key = "lastActive (\(winner.lastActive) is more recent than \(runnerUp.lastActive))"
        } else {
            key =
                "position in the session list (\(winner.position) before \(runnerUp.position))"
                + (tieBreak == .order ? ", the tie-break order" : "")
        }
        return "\(names) on \(key), both score \(score)"
    }
}
