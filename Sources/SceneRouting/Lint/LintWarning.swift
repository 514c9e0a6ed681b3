import PredicateSyntax

/// Something in a manifest that is valid but probably not what the author meant.
public struct LintWarning: Sendable, CustomStringConvertible {
    /// Stable identifier of the check, e.g. `shadowed-declaration`.
    public var code: String
    /// JSON path, e.g. `sessions[2].prefersToActivate`.
    public var path: String
    /// One sentence saying what looks wrong and why.
    public var message: String
    /// The predicate the warning points into, with a UTF-8 offset and length, if any.
    public var predicateSource: String?
    /// UTF-8 offset into ``predicateSource`` where the warning points.
    public var offset: Int?
    /// How many UTF-8 code units the caret underlines.
    public var length: Int?

    /// `app.json: sessions[2].prefersToActivate: warning: …` (plus a caret into the predicate).
    public func rendered(file: String) -> String {
        var text = "\(file): \(path): warning: \(message)"
        if let predicateSource, let offset {
            text += "\n" + SourceCaret.render(source: predicateSource, offset: offset, length: length ?? 1)
        }
        return text
    }

    /// The warning rendered for a file named `manifest`.
    public var description: String { rendered(file: "manifest") }
}
