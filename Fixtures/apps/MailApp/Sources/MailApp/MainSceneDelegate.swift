import UIKit

/// The mailbox window: handles anything about mail except composing, and is the preferred
/// window for the inbox.
final class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = MailboxViewController()
        window?.makeKeyAndVisible()

        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
            format: "SELF BEGINSWITH 'mail.' AND NOT SELF BEGINSWITH 'mail.compose.'")
        let inbox = NSPredicate(format: "SELF IN %@", ["mail.inbox", "mail.inbox/"])
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = inbox
    }
}
