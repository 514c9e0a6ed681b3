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
    }

    /// The identifier, the pattern, or the expression.
    public var value: Value
    /// What carries it; nil when the code does not say.
    public var carrier: Carrier?
    /// Where it is set.
    public var source: SourceLocation?

    /// An emitted identifier.
    public init(_ value: Value, carrier: Carrier? = nil, source: SourceLocation? = nil) {
        self.value = value
        self.carrier = carrier
        self.source = source
    }
}
