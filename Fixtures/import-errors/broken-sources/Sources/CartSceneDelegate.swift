import UIKit

final class CartSceneDelegate: UIResponder, UIWindowSceneDelegate {
    let cartPrefix = "shop.cart."

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH '\(cartPrefix)'")
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = makeCondition()
    }
}
