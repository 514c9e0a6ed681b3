/// A session's `UISceneActivationConditions`: when it can handle an event, and when it is
/// the preferred handler.
///
///     var conditions = ActivationConditions()          // UIKit's defaults: can everything, prefers nothing
///     conditions.prefersToActivate = try ActivationPredicate(format: "SELF == %@", arguments: ["mail.inbox"])
///
///     // SwiftUI: .handlesExternalEvents(preferring: ["mail.inbox"], allowing: ["*"])
///     let swiftUI = ActivationConditions.handlesExternalEvents(preferring: ["mail.inbox"], allowing: ["*"])
public struct ActivationConditions: Sendable {
    /// `canActivateForTargetContentIdentifierPredicate` (SwiftUI: `allowing`).
    public var canActivate: ActivationPredicate
    /// `prefersToActivateForTargetContentIdentifierPredicate` (SwiftUI: `preferring`).
    public var prefersToActivate: ActivationPredicate

    /// Conditions with UIKit's defaults for what is not given: a new
    /// `UISceneActivationConditions` can activate for every identifier and prefers none.
    public init(canActivate: ActivationPredicate = .alwaysTrue, prefersToActivate: ActivationPredicate = .alwaysFalse) {
        self.canActivate = canActivate
        self.prefersToActivate = prefersToActivate
    }

    /// The conditions SwiftUI derives from `handlesExternalEvents(preferring:allowing:)`: a
    /// set matches an identifier that contains one of its members (ignoring case and
    /// diacritics), `"*"` matches every identifier, and an empty set matches none.
    public static func handlesExternalEvents(preferring: Set<String>, allowing: Set<String>) -> ActivationConditions {
        ActivationConditions(
            canActivate: ActivationPredicate(swiftUISet: allowing.sorted()),
            prefersToActivate: ActivationPredicate(swiftUISet: preferring.sorted()))
    }

    /// What a session states when it states nothing: UIKit can activate for anything and
    /// prefers nothing; SwiftUI (no `handlesExternalEvents`) neither can nor prefers.
    public static func defaults(for framework: AppFramework) -> ActivationConditions {
        switch framework {
        case .uikit: ActivationConditions()
        case .swiftui: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: .alwaysFalse)
        }
    }
}
