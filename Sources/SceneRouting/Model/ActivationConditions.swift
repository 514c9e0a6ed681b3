/// A session's `UISceneActivationConditions`: when it can handle an event, and when it is
/// the preferred handler.
public struct ActivationConditions: Sendable {
    /// `canActivateForTargetContentIdentifierPredicate` (SwiftUI: `allowing`).
    public var canActivate: ActivationPredicate
    /// `prefersToActivateForTargetContentIdentifierPredicate` (SwiftUI: `preferring`).
    public var prefersToActivate: ActivationPredicate

    public init(canActivate: ActivationPredicate, prefersToActivate: ActivationPredicate) {
        self.canActivate = canActivate
        self.prefersToActivate = prefersToActivate
    }

    /// What a session states when it states nothing: UIKit can activate for anything and
    /// prefers nothing; SwiftUI (no `handlesExternalEvents`) neither can nor prefers.
    public static func defaults(for framework: AppFramework) -> ActivationConditions {
        switch framework {
        case .uikit: ActivationConditions(canActivate: .alwaysTrue, prefersToActivate: .alwaysFalse)
        case .swiftui: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: .alwaysFalse)
        }
    }
}
