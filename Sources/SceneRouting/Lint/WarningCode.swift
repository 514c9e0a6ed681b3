package import PredicateSyntax

/// The code of every warning SceneRouter gives: `check`'s lints about a manifest, `import`'s
/// findings about an app, and the command line's own. Each is a row of the warning table in
/// ManifestAndCommandLine, which a test keeps equal to this list; the predicate parser's
/// error codes are ``PredicateSyntax/Diagnostic/Code``'s own constants.
package enum WarningCode: String, CaseIterable, Sendable {
    // check: the manifest
    case neverActivated = "never-activated"
    case shadowedDeclaration = "shadowed-declaration"
    case duplicatePreference = "duplicate-preference"
    case ambiguousPrecedence = "ambiguous-precedence"
    case oversizedPredicate = "oversized-predicate"
    case uikitRefuses = "uikit-refuses"
    case crowdedKey = "crowded-key"
    // check: what an imported app emits and computes
    case unacceptedIdentifier = "unaccepted-identifier"
    case unreachedDeclaration = "unreached-declaration"
    case emittedToOtherWindow = "emitted-to-other-window"
    case unresolvedCondition = "unresolved-condition"
    case windowValues = "window-values"
    case noExternalEvents = "no-external-events"
    // import: reading the app
    case undeclaredScene = "undeclared-scene"
    case duplicateConfiguration = "duplicate-configuration"
    case repeatedCondition = "repeated-condition"
    case unreadPayload = "unread-payload"
    case conditionalCondition = "conditional-condition"
    case unknownConfiguration = "unknown-configuration"
    case singleScene = "single-scene"
    case configurationsInCode = "configurations-in-code"
    case mixedApp = "mixed-app"
    case skippedFile = "skipped-file"
    case unreadObjectiveC = "unread-objective-c"
    // route and replay
    case assumedConditions = "assumed-conditions"
}

extension Diagnostic.Code {
    /// The diagnostic code of `warning`.
    package init(_ warning: WarningCode) { self.init(warning.rawValue) }
}
