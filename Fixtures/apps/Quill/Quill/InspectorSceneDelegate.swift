import UIKit
import UserNotifications

final class InspectorSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// Inspectors come back after a relaunch; a build without restoration closes them to events.
    private let restoresScenes = true

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let documentID = session.userInfo?["documentID"] as? String ?? ""
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = InspectorViewController(documentID: documentID)
        window?.makeKeyAndVisible()

        let conditions = windowScene.activationConditions
        if !restoresScenes {
            conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
        } else {
            conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", "quill://inspect/")
        }
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", "quill://inspect/\(documentID)")
    }

    /// Tells the writer the export finished; tapping it returns to this inspector.
    func exportFinished(for documentID: String) {
        let content = UNMutableNotificationContent()
        content.title = "Export finished"
        content.targetContentIdentifier = "quill://inspect/\(documentID)"
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: documentID, content: content, trigger: nil))
    }
}
