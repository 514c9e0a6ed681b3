import UIKit

enum Promotions {
    static func banner() -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.targetContentIdentifier = "shop.sale"
        return content
    // the closing brace of this function is missing
}
