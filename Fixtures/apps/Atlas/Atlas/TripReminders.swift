import UIKit
import UserNotifications

/// A map window schedules reminders for the trip it shows; tapping one brings that window back.
struct TripReminders {
    func schedule(title: String, at date: Date, from scene: UIScene) {
        let content = UNMutableNotificationContent()
        content.title = title
        content.targetContentIdentifier = "atlas://open-scene/\(scene.session.persistentIdentifier)"
        let trigger = UNCalendarNotificationTrigger(dateMatching: Calendar.current.dateComponents([.hour, .minute], from: date), repeats: false)
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: trigger))
    }
}
