import UIKit

extension NSUserActivity {
    /// Handoff from Atlas on another device: the place a window was showing.
    static let showPlaceActivityType = "com.example.atlas.showPlace"
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    private let settingsShortcutType = "com.example.atlas.settings"

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    /// A new window for a place when the event is about one; settings from its quick action;
    /// a map otherwise.
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        if let activity = options.userActivities.first, activity.activityType == NSUserActivity.showPlaceActivityType {
            return UISceneConfiguration(name: "Place", sessionRole: connectingSceneSession.role)
        }
        if options.shortcutItem?.type == settingsShortcutType {
            return UISceneConfiguration(name: "Settings", sessionRole: connectingSceneSession.role)
        }
        if let url = options.urlContexts.first?.url, url.host == "place" {
            return UISceneConfiguration(name: "Place", sessionRole: connectingSceneSession.role)
        }
        return UISceneConfiguration(name: "Map", sessionRole: connectingSceneSession.role)
    }
}
