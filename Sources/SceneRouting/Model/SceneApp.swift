/// An app's scene declarations and its open sessions: the world an event is routed in.
///
///     let app = try SceneApp(
///         declarations: [SceneDeclaration(name: "Main")],
///         sessions: [SceneSession(id: "main-1", declaration: "Main", conditions: ActivationConditions())])
public struct SceneApp: Sendable {
    /// UIKit or SwiftUI: decides the conditions of sessions that state none.
    public var framework: AppFramework
    /// `UIApplicationSupportsMultipleScenes`: without it every event goes to the one scene.
    public var supportsMultipleScenes: Bool
    /// How sessions with the same score are ranked.
    public var tieBreak: TieBreakPolicy
    /// The app's bundle identifier (`${bundleIdentifier}` in a condition), when known.
    public var bundleIdentifier: String?
    /// In declaration order: the first matching declaration wins, the first without
    /// `matching` is the default. Names are unique.
    public internal(set) var declarations: [SceneDeclaration]
    /// In list order (the `order` tie-break and the last resort of `recency`). Ids are
    /// unique, and each names one of ``declarations``.
    public internal(set) var sessions: [SceneSession]
    /// The target content identifiers the app's code emits (from an import; empty otherwise),
    /// for `check`'s reachability lints.
    public var emitted: [EmittedIdentifier] = []
    /// Conditions an import found but could not read (routing uses the defaults instead).
    /// Setting them notes each on its declaration (``ConditionTemplates/unread``), so that a
    /// session opened from it says its decisions rested on the default.
    public var unresolvedConditions: [UnresolvedCondition] = [] {
        didSet { noteUnread() }
    }
    /// How the app delegate chooses a new scene's configuration (UIKit); nil: a new scene is
    /// the first declaration that matches, else the first default, as the routing rules say.
    /// A rule naming no window declaration is passed over (the manifest loader refuses one).
    public var newScenes: NewSceneRules?

    /// - Throws: ``SceneAppError`` for a repeated session id or declaration name, or a session
    ///   naming a declaration that is not in `declarations`.
    public init(
        framework: AppFramework = .uikit, supportsMultipleScenes: Bool = true, tieBreak: TieBreakPolicy = .recency,
        declarations: [SceneDeclaration], sessions: [SceneSession] = []
    ) throws(SceneAppError) {
        var names = Set<String>()
        for declaration in declarations where !names.insert(declaration.name).inserted {
            throw .duplicateDeclarationName(declaration.name)
        }
        var ids = Set<String>()
        for session in sessions {
            guard ids.insert(session.id).inserted else { throw .duplicateSessionID(session.id) }
            guard names.contains(session.declaration) else {
                throw .unknownDeclaration(sessionID: session.id, declaration: session.declaration)
            }
        }
        self.init(
            validatedFramework: framework, supportsMultipleScenes: supportsMultipleScenes, tieBreak: tieBreak,
            declarations: declarations, sessions: sessions)
    }

    /// For parts that have already been validated (the manifest loader reports every problem
    /// with its place; the dispatch table's snapshot holds what it admitted).
    init(
        validatedFramework framework: AppFramework, supportsMultipleScenes: Bool, tieBreak: TieBreakPolicy,
        declarations: [SceneDeclaration], sessions: [SceneSession]
    ) {
        self.framework = framework
        self.supportsMultipleScenes = supportsMultipleScenes
        self.tieBreak = tieBreak
        self.declarations = declarations
        self.sessions = sessions
    }

    private mutating func noteUnread() {
        for index in declarations.indices {
            let declaration = declarations[index]
            declarations[index].unreadMatching = unresolvedConditions.first {
                $0.declaration == declaration.name && $0.condition == .matching
            }
            .map {
                Assumption(
                    declaration: declaration.name, condition: "matching", used: "no matching (a default declaration)",
                    reason: "is computed at run time (\($0.expression)), which the import could not read",
                    source: $0.source)
            }
            let initial = declaration.initialConditions ?? .defaults(for: framework)
            declarations[index].conditionTemplates.unread = unresolvedConditions.compactMap { unresolved in
                guard unresolved.declaration == declaration.name else { return nil }
                let used: ActivationPredicate
                switch unresolved.condition {
                case .canActivate: used = initial.canActivate
                case .prefersToActivate: used = initial.prefersToActivate
                case .matching: return nil
                }
                return Assumption(
                    declaration: declaration.name, condition: unresolved.condition.rawValue, used: used.format,
                    reason: "is computed at run time (\(unresolved.expression)), which the import could not read",
                    source: unresolved.source)
            }
        }
    }

    /// The declaration named `name`, if any.
    public func declaration(named name: String) -> SceneDeclaration? {
        declarations.first { $0.name == name }
    }
}
