import UIKit

/// Every Atlas window starts closed to external events; the kinds that take some open up.
class BaseSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
        configure(windowScene, session: session)
        window?.makeKeyAndVisible()
    }

    func configure(_ scene: UIWindowScene, session: UISceneSession) {}
}
