import UIKit

/// Settings never takes an external event: it keeps the base class's condition.
final class SettingsSceneDelegate: BaseSceneDelegate {
    override func configure(_ scene: UIWindowScene, session: UISceneSession) {
        window?.rootViewController = SettingsViewController()
    }
}
