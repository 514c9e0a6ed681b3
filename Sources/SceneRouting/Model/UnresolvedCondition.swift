/// An activation condition an import found but could not read without running the app: a
/// format string or argument computed at run time, a set built from variables. Routing uses
/// the defaults in its place; `check` reports it where it was found.
public struct UnresolvedCondition: Sendable, Equatable {
    /// Which condition.
    public enum Condition: String, Sendable, CaseIterable {
        /// `canActivateForTargetContentIdentifierPredicate` or `allowing`.
        case canActivate
        /// `prefersToActivateForTargetContentIdentifierPredicate` or `preferring`.
        case prefersToActivate
        /// `handlesExternalEvents(matching:)`.
        case matching
    }

    /// The declaration it belongs to; nil when the import could not tell which scene sets it.
    public var declaration: String?
    /// Which condition.
    public var condition: Condition
    /// The expression as written.
    public var expression: String
    /// Where it is set.
    public var source: SourceLocation?

    /// An unresolved condition.
    public init(declaration: String?, condition: Condition, expression: String, source: SourceLocation?) {
        self.declaration = declaration
        self.condition = condition
        self.expression = expression
        self.source = source
    }
}
