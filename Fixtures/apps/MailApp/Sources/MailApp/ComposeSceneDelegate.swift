import UIKit

/// A compose window: never takes other content, and prefers the drafts it was opened for.
final class ComposeSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        let conditions = scene.activationConditions
        conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", "mail.compose.")
        window = UIWindow(windowScene: scene as! UIWindowScene)
        window?.rootViewController = ComposeViewController(draft: connectionOptions.userActivities.first)
        window?.makeKeyAndVisible()
    }
}
