import UserNotifications

/// Local notifications the app schedules.
enum MailNotifications {
    static func newMail(in thread: MailThread) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = thread.sender
        content.body = thread.subject
        content.targetContentIdentifier = "mail.thread.\(thread.id)"
        return UNNotificationRequest(identifier: thread.id, content: content, trigger: nil)
    }

    static func inboxSummary(unread: Int) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "\(unread) unread messages"
        content.targetContentIdentifier = "mail.inbox"
        return UNNotificationRequest(identifier: "summary", content: content, trigger: nil)
    }

    /// Opens the notification settings: no scene takes this identifier.
    static func permissionsReminder() -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "Turn on notifications"
        content.targetContentIdentifier = "settings.notifications"
        return UNNotificationRequest(identifier: "permissions", content: content, trigger: nil)
    }
}
