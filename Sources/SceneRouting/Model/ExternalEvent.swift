public import Foundation

/// Something from outside the app that may activate a scene.
///
/// Build one from what the system hands an app:
///
///     let push = try ExternalEvent.notification(payload: userInfo)      // APNs payload
///     let tap = ExternalEvent.notification(NotificationContent(targetContentIdentifier: "mail.thread.9"))
///     let quick = ExternalEvent.shortcut(ShortcutItem(type: "compose", targetContentIdentifier: "mail.compose.new"))
///     let handoff = ExternalEvent.userActivity(UserActivity(activityType: "com.example.view", webpageURL: url))
///     let link = ExternalEvent.url(URL(string: "mail://inbox")!)
public enum ExternalEvent: Sendable, Equatable {
    /// A bare target content identifier (nil: none).
    case identifier(String?)
    /// A tapped push notification: the APNs payload's `aps.target-content-id`.
    case notification(targetContentIdentifier: String?)
    /// A Home Screen quick action (`UIApplicationShortcutItem`).
    case shortcut(type: String?, targetContentIdentifier: String?)
    /// A Handoff / Spotlight activity (`NSUserActivity`).
    case userActivity(activityType: String?, targetContentIdentifier: String?, webpageURL: String?)
    /// An opened URL.
    case url(URL)

    /// The identifier routing uses: SwiftUI apps fall back to an activity's
    /// `webpageURL`; a URL routes by its absolute string.
    public func targetContentIdentifier(for framework: AppFramework) -> String? {
        switch self {
        case .identifier(let identifier): identifier
        case .notification(let identifier): identifier
        case .shortcut(_, let identifier): identifier
        case .userActivity(_, let identifier, let webpageURL):
            identifier ?? (framework == .swiftui ? webpageURL : nil)
        case .url(let url): url.absoluteString
        }
    }
}
