import UIKit
import UserNotifications

/// Settings never takes an external event: it keeps the base class's condition.
final class SettingsSceneDelegate: BaseSceneDelegate {
    override func configure(_ scene: UIWindowScene, session: UISceneSession) {
        window?.rootViewController = SettingsViewController()
    }

    /// Meant to bring Settings back when tapped; Settings takes no external event, so a map
    /// window gets it instead.
    func remindToRefreshOfflineMaps(from scene: UIScene) {
        let content = UNMutableNotificationContent()
        content.title = "Offline maps are out of date"
        content.targetContentIdentifier = "atlas://open-scene/\(scene.session.persistentIdentifier)"
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "refresh-maps", content: content, trigger: nil))
    }
}
