import PredicateSyntax

/// What `check` found: the loaded app and its warnings, in manifest order.
public struct CheckReport: Sendable {
    /// The app as the manifest describes it.
    public var app: SceneApp
    /// The lint warnings, in manifest order (empty for a clean manifest).
    public var warnings: [Diagnostic]
    /// Where each emitted identifier that carries its posting window's values lands
    /// (``ManifestChecker/emittedRoutes(_:)``).
    public var emittedRoutes: [EmittedRoute] = []
    /// Warnings the manifest accepts (`accept` on a declaration or session), not in ``warnings``.
    public var accepted = 0
}
