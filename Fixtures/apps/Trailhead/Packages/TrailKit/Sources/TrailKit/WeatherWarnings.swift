import Foundation
import UserNotifications

/// Storm warnings for a trail, posted by the app's background refresh.
public enum WeatherWarnings {
    public static func post(forTrail trailID: String) {
        let content = UNMutableNotificationContent()
        content.title = "Storm warning"
        content.targetContentIdentifier = "trail.detail.\(trailID)"
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "storm-\(trailID)", content: content, trigger: nil))
    }
}
