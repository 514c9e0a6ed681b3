/// An app's scene declarations and its open sessions: the world an event is routed in.
public struct SceneApp: Sendable {
    public var framework: AppFramework
    public var supportsMultipleScenes: Bool
    public var tieBreak: TieBreakPolicy
    /// In declaration order: the first matching declaration wins, the first without
    /// `matching` is the default.
    public var declarations: [SceneDeclaration]
    /// In list order (the `order` tie-break and the last resort of `recency`).
    public var sessions: [SceneSession]

    public init(
        framework: AppFramework = .uikit, supportsMultipleScenes: Bool = true, tieBreak: TieBreakPolicy = .recency,
        declarations: [SceneDeclaration], sessions: [SceneSession] = []
    ) {
        self.framework = framework
        self.supportsMultipleScenes = supportsMultipleScenes
        self.tieBreak = tieBreak
        self.declarations = declarations
        self.sessions = sessions
    }

    /// The declaration named `name`, if any.
    public func declaration(named name: String) -> SceneDeclaration? {
        declarations.first { $0.name == name }
    }
}
