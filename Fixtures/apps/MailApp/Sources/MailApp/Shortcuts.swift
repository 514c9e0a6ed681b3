import UIKit

/// Home Screen quick actions.
enum QuickActions {
    static func install(recentSearches: [SavedSearch]) {
        let compose = UIMutableApplicationShortcutItem(type: "com.example.mail.compose", localizedTitle: "New Message")
        compose.targetContentIdentifier = "mail.compose.new"
        var items: [UIApplicationShortcutItem] = [compose]
        for search in recentSearches.prefix(3) {
            let item = UIMutableApplicationShortcutItem(type: "com.example.mail.search", localizedTitle: search.title)
            item.targetContentIdentifier = search.targetIdentifier
            items.append(item)
        }
        UIApplication.shared.shortcutItems = items
    }
}
