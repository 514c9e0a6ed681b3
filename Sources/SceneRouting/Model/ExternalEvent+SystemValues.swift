import Foundation

/// Events from what the system hands an app: a notification's content, a shortcut item, a
/// user activity.
extension ExternalEvent {
    /// A tapped notification, from its content (`UNNotificationContent`).
    public static func notification(_ content: NotificationContent) -> ExternalEvent {
        .notification(targetContentIdentifier: content.targetContentIdentifier)
    }

    /// A Home Screen quick action (`UIApplicationShortcutItem`).
    public static func shortcut(_ item: ShortcutItem) -> ExternalEvent {
        .shortcut(type: item.type, targetContentIdentifier: item.targetContentIdentifier)
    }

    /// A Handoff, Spotlight or universal-link activity (`NSUserActivity`).
    public static func userActivity(_ activity: UserActivity) -> ExternalEvent {
        .userActivity(
            activityType: activity.activityType, targetContentIdentifier: activity.targetContentIdentifier,
            webpageURL: activity.webpageURL?.absoluteString)
    }
}
