/// Why an app, or a change to a router's sessions, was refused.
public enum SceneAppError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two sessions share an id (session ids are how events and churn name sessions).
    case duplicateSessionID(String)
    /// Two declarations share a name (sessions name their declaration).
    case duplicateDeclarationName(String)
    /// A session names a declaration the app does not have.
    case unknownDeclaration(sessionID: String, declaration: String)
    /// `close` or `update` named a session that is not open.
    case unknownSession(String)

    /// The error in one sentence, naming the session or declaration.
    public var description: String {
        switch self {
        case .duplicateSessionID(let id): "duplicate session id '\(id)'"
        case .duplicateDeclarationName(let name): "duplicate declaration name '\(name)'"
        case .unknownDeclaration(let id, let name): "session '\(id)' names unknown declaration '\(name)'"
        case .unknownSession(let id): "no open session has id '\(id)'"
        }
    }
}
