import UIKit

final class ShareViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        // The share sheet hands the vessel to the app through an activity.
        let activity = NSUserActivity(activityType: "com.example.harbor.share")
        activity.targetContentIdentifier = "harbor.share.inbox"
        userActivity = activity
    }
}
