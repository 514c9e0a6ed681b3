/// Something a decision rested on that the manifest does not say: a condition routing could
/// not know and replaced with the framework's default, such as a window that prefers its own
/// identity but binds no value for it.
public struct Assumption: Sendable, Equatable {
    /// The session whose condition was assumed.
    public var session: String
    /// Its declaration.
    public var declaration: String
    /// `canActivate` or `prefersToActivate`.
    public var condition: String
    /// The predicate routing used in its place (the framework's default).
    public var used: String
    /// Why it was not known: `uses ${windowId}, which 'W1' does not bind`.
    public var reason: String
    /// Where the app states the condition, if known.
    public var source: SourceLocation?

    public init(session: String, declaration: String, condition: String, used: String, reason: String, source: SourceLocation? = nil) {
        self.session = session
        self.declaration = declaration
        self.condition = condition
        self.used = used
        self.reason = reason
        self.source = source
    }

    /// How many a decision lists; ``RoutingDecision/assumptionCount`` counts them all.
    public static let listedPerDecision = 8
}
