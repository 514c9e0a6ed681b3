public import Foundation

/// The parts of `UNNotificationContent` routing reads.
public struct NotificationContent: Sendable, Equatable {
    /// The notification's title (routing does not read it).
    public var title: String
    /// The notification's body (routing does not read it).
    public var body: String
    /// `targetContentIdentifier`: which window should show the notification's content.
    public var targetContentIdentifier: String?

    /// Notification content; only `targetContentIdentifier` affects routing.
    public init(title: String = "", body: String = "", targetContentIdentifier: String?) {
        self.title = title
        self.body = body
        self.targetContentIdentifier = targetContentIdentifier
    }
}

/// The parts of `UIApplicationShortcutItem` routing reads.
public struct ShortcutItem: Sendable, Equatable {
    /// The app-defined action type, e.g. `com.example.compose`.
    public var type: String
    /// The title shown on the Home Screen (routing does not read it).
    public var localizedTitle: String
    /// `targetContentIdentifier`: which window should handle the action.
    public var targetContentIdentifier: String?

    /// A shortcut item; only `targetContentIdentifier` affects routing.
    public init(type: String, localizedTitle: String = "", targetContentIdentifier: String?) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.targetContentIdentifier = targetContentIdentifier
    }
}

/// The parts of `NSUserActivity` routing reads. A SwiftUI app routes an activity without a
/// target content identifier by its `webpageURL`.
public struct UserActivity: Sendable, Equatable {
    /// The app-defined activity type, e.g. `com.example.view`.
    public var activityType: String
    /// `targetContentIdentifier`: which window should continue the activity.
    public var targetContentIdentifier: String?
    /// The web page the activity continues; a SwiftUI app routes by it when there is no target content identifier.
    public var webpageURL: URL?

    /// A user activity; its `targetContentIdentifier`, else (SwiftUI) its `webpageURL`, is routed.
    public init(activityType: String, targetContentIdentifier: String? = nil, webpageURL: URL? = nil) {
        self.activityType = activityType
        self.targetContentIdentifier = targetContentIdentifier
        self.webpageURL = webpageURL
    }
}
