import UIKit
import UserNotifications

enum BerthAlerts {
    static func vesselArrived(_ vesselID: String) {
        let content = UNMutableNotificationContent()
        content.title = "Arrival"
        content.targetContentIdentifier = "harbor.vessel.\(vesselID)"
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: vesselID, content: content, trigger: nil))
    }

    static func highTide() {
        let content = UNMutableNotificationContent()
        content.targetContentIdentifier = "harbor.tides"
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "tide", content: content, trigger: nil))
    }
}
