import UIKit

/// An attachment viewer: takes documents and images, and prefers the attachment it shows.
final class ViewerSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var attachment: Attachment?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        attachment = Attachment(activity: connectionOptions.userActivities.first)
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
            format: "SELF ENDSWITH[c] '.pdf' OR SELF ENDSWITH[c] '.png'")
        // The attachment is only known at run time.
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
            format: "SELF == %@", attachment?.identifier ?? "")
    }
}
