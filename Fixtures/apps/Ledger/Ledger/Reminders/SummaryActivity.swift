import UIKit

enum SummaryActivity {
    /// Handoff of the books' summary.
    static func make() -> NSUserActivity {
        let activity = NSUserActivity(activityType: "com.example.ledger.summary")
        activity.targetContentIdentifier = "ledger.books"
        return activity
    }
}
