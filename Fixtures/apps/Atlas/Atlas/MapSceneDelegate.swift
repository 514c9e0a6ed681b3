import UIKit

final class MapSceneDelegate: BaseSceneDelegate {
    override func configure(_ scene: UIWindowScene, session: UISceneSession) {
        window?.rootViewController = MapViewController()
        let conditions = scene.activationConditions
        // A map window takes any atlas link, and prefers the ones it posted itself.
        conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", "atlas://")
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
            format: "SELF == 'atlas://open-scene/\(scene.session.persistentIdentifier)'")
    }
}
