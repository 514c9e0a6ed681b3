import PredicateSyntax

/// Everything wrong with a manifest (decoding goes on after the first problem).
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in document order.
    public var errors: [Diagnostic]
    /// Every problem, one rendered diagnostic per line.
    public var description: String { errors.map { $0.rendered() }.joined(separator: "\n") }
}
