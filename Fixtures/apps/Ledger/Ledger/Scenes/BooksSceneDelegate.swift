import UIKit

/// The books: every ledger identifier unless another window prefers it.
final class BooksSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", "ledger.")
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'ledger.books'")
    }
}
