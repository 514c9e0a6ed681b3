import UIKit

final class PlaceSceneDelegate: BaseSceneDelegate {
    var placeID: String?

    override func configure(_ scene: UIWindowScene, session: UISceneSession) {
        placeID = session.stateRestorationActivity?.userInfo?["placeID"] as? String
        window?.rootViewController = PlaceViewController(placeID: placeID)
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
            format: "SELF == %@", "atlas://place/\(placeID ?? "")")
    }

    /// Handoff: another device opens the same place.
    func sceneDidBecomeActive(_ scene: UIScene) {
        guard let placeID else { return }
        let activity = NSUserActivity(activityType: NSUserActivity.showPlaceActivityType)
        activity.targetContentIdentifier = "atlas://place/\(placeID)"
        scene.userActivity = activity
    }
}
