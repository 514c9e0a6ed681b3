import UIKit

/// A message inspector window from an earlier version: still in the code, but no scene
/// configuration in Info.plist uses it any more.
final class InspectorSceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'inspector.'")
    }
}
