import UIKit

final class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = LibraryViewController()
        window?.makeKeyAndVisible()

        // Documents and the editor's Handoff land here; the main window prefers its own id.
        let documents = NSPredicate(format: "SELF BEGINSWITH %@", "quill://doc/")
        let editing = NSPredicate(format: "SELF == %@", SceneActivity.editor.rawValue)
        windowScene.activationConditions.canActivateForTargetContentIdentifierPredicate =
            NSCompoundPredicate(orPredicateWithSubpredicates: [documents, editing])
        windowScene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
            format: "self == %@", mainSceneTargetContentIdentifier)
    }
}
