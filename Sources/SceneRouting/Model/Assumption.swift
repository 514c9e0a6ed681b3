/// Something a decision rested on that the manifest does not say: a condition routing could
/// not know and replaced with the framework's default, such as a window that prefers its own
/// identity but binds no value for it, or a branch of the app delegate's choice of a new
/// scene that the import could not read.
public struct Assumption: Sendable, Equatable {
    /// The session whose condition was assumed; nil when the assumption is about a
    /// declaration (the app delegate's choice of a new scene).
    public var session: String?
    /// The session's declaration, or the configuration the app delegate's branch returns.
    public var declaration: String
    /// `canActivate`, `prefersToActivate`, or `configurationForConnecting`.
    public var condition: String
    /// What routing used in its place: the framework's default predicate, or what it did
    /// with the unread branch.
    public var used: String
    /// Why it was not known: `uses ${windowId}, which 'W1' does not bind`.
    public var reason: String
    /// Where the app states the condition, if known.
    public var source: SourceLocation?

    public init(
        session: String, declaration: String, condition: String, used: String, reason: String,
        source: SourceLocation? = nil
    ) {
        self.session = session
        self.declaration = declaration
        self.condition = condition
        self.used = used
        self.reason = reason
        self.source = source
    }

    /// An assumption about a declaration rather than a session's condition.
    public init(declaration: String, condition: String, used: String, reason: String, source: SourceLocation? = nil) {
        self.session = nil
        self.declaration = declaration
        self.condition = condition
        self.used = used
        self.reason = reason
        self.source = source
    }

    /// How many a decision lists; ``RoutingDecision/assumptionCount`` counts them all.
    public static let listedPerDecision = 8
}
