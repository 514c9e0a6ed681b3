import UIKit

/// Opening a thread in a window of its own, and continuing it on another device.
enum ThreadWindows {
    static func open(_ thread: MailThread) {
        let activity = NSUserActivity(activityType: "com.example.mail.thread")
        activity.title = thread.subject
        activity.targetContentIdentifier = "mail.thread.\(thread.id)"
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil, errorHandler: nil)
    }
}
