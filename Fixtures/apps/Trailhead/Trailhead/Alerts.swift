import UIKit
import UserNotifications

/// Trail condition alerts and the Home Screen quick action.
enum Alerts {
    static func postClosure(of trail: Trail) {
        let content = UNMutableNotificationContent()
        content.title = "\(trail.name) is closed"
        content.targetContentIdentifier = "trail.detail.\(trail.id)"
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: trail.id, content: content, trigger: nil))
    }

    static func installShortcuts() {
        let search = UIMutableApplicationShortcutItem(type: "search", localizedTitle: "Search Trails")
        search.targetContentIdentifier = "trail.search"
        UIApplication.shared.shortcutItems = [search]
    }

    #if os(macOS)
    static func logEntry() {
        let activity = NSUserActivity(activityType: "com.example.trailhead.log")
        activity.targetContentIdentifier = "trail.log"
    }
    #endif
}
