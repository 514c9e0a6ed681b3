import UIKit

/// A window for one vessel.
final class VesselSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'harbor.vessel.'")
    }
}
