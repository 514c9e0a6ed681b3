import UIKit

/// The harbour overview: berths, arrivals and departures.
final class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        let conditions = scene.activationConditions
        conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'harbor.'")
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF IN %@", ["harbor.berths", "harbor.arrivals"])
    }
}
