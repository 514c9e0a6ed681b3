import SwiftUI
import UserNotifications

extension Note {
    /// The activity that opens this note in a window of its own, here or on another device.
    var userActivity: NSUserActivity {
        let activity = NSUserActivity(activityType: "com.example.notes.open")
        activity.title = title
        activity.targetContentIdentifier = "notes.note.\(id)"
        return activity
    }
}

enum Reminders {
    static func searchReminder(for query: String) -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "Saved search updated"
        content.targetContentIdentifier = "notes.search"
        return content
    }

    /// Notes moved to the trash: no scene handles this identifier.
    static func trashEmptied(count: Int) -> UNMutableNotificationContent {
        let content: UNMutableNotificationContent = UNMutableNotificationContent()
        content.title = "\(count) notes deleted"
        content.targetContentIdentifier = "notes.trash"
        return content
    }

    static let settingsPayload = """
        {"aps": {"alert": "Try the new font sizes", "target-content-id": "notes.settings"}}
        """
}
