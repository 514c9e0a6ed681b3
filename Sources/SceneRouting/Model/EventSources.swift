public import Foundation

/// The parts of `UNNotificationContent` routing reads.
public struct NotificationContent: Sendable, Equatable {
    public var title: String
    public var body: String
    /// `targetContentIdentifier`: which window should show the notification's content.
    public var targetContentIdentifier: String?

    public init(title: String = "", body: String = "", targetContentIdentifier: String?) {
        self.title = title
        self.body = body
        self.targetContentIdentifier = targetContentIdentifier
    }
}

/// The parts of `UIApplicationShortcutItem` routing reads.
public struct ShortcutItem: Sendable, Equatable {
    public var type: String
    public var localizedTitle: String
    public var targetContentIdentifier: String?

    public init(type: String, localizedTitle: String = "", targetContentIdentifier: String?) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.targetContentIdentifier = targetContentIdentifier
    }
}

/// The parts of `NSUserActivity` routing reads. A SwiftUI app routes an activity without a
/// target content identifier by its `webpageURL`.
public struct UserActivity: Sendable, Equatable {
    public var activityType: String
    public var targetContentIdentifier: String?
    public var webpageURL: URL?

    public init(activityType: String, targetContentIdentifier: String? = nil, webpageURL: URL? = nil) {
        self.activityType = activityType
        self.targetContentIdentifier = targetContentIdentifier
        self.webpageURL = webpageURL
    }
}
