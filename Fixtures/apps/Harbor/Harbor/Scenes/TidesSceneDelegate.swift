import UIKit

/// The tide chart. On the Mac it is a utility window that never takes events; on the iPad
/// it takes tide alerts.
final class TidesSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        #if targetEnvironment(macCatalyst)
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
        #else
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'harbor.tides'")
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'harbor.tides'")
        #endif
    }
}
