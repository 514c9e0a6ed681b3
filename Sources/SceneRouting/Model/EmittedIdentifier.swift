/// A target content identifier an app's code gives to something that can reach a scene: a
/// notification, a shortcut item, a user activity or a push payload. Found by
/// `scene-router import`; `check` asks whether any declaration or condition can take it.
public struct EmittedIdentifier: Sendable, Equatable {
    /// What the code sets.
    public enum Value: Sendable, Equatable {
        /// A string literal: this identifier exactly.
        case identifier(String)
        /// An interpolated string (`"mail.thread.\(id)"`): something between a fixed prefix
        /// and a fixed suffix.
        case pattern(prefix: String, suffix: String)
        /// A string built from text and values (`"atlas://open-scene/\(scene.session.persistentIdentifier)"`):
        /// every literal piece kept, each value named. `persistentIdentifier`, and a value the
        /// emitting declaration lists in ``SceneDeclaration/values``, are the emitting window's
        /// own; any other value may be anything.
        case template(ValueTemplate)
        /// A value computed at run time: its expression as written.
        case dynamic(String)
    }

    /// Where it goes, when the code makes that clear.
    public enum Carrier: String, Sendable, CaseIterable {
        /// `UNMutableNotificationContent`.
        case notification
        /// `UIApplicationShortcutItem` / `UIMutableApplicationShortcutItem`.
        case shortcut
        /// `NSUserActivity`.
        case userActivity
        /// An APNs payload's `aps.target-content-id`.
        case payload
        /// A URL the app opens (`openURL`, `Link(destination:)`, `UIApplication.shared.open`):
        /// routed by its absolute string.
        case url
    }

    /// The identifier, the pattern, or the expression.
    public var value: Value
    /// What carries it; nil when the code does not say.
    public var carrier: Carrier?
    /// Where it is set.
    public var source: SourceLocation?
    /// The declaration whose windows emit it, when the code says (it is set in that scene
    /// delegate's code): the window whose values a template holds.
    public var declaration: String?

    /// An emitted identifier.
    public init(_ value: Value, carrier: Carrier? = nil, source: SourceLocation? = nil, declaration: String? = nil) {
        self.value = value
        self.carrier = carrier
        self.source = source
        self.declaration = declaration
    }
}
