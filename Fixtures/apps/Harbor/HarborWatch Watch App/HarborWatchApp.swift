import SwiftUI

@main
struct HarborWatchApp: App {
    var body: some Scene {
        WindowGroup {
            TideGlanceView()
        }
    }
}

struct TideGlanceView: View {
    var body: some View { Text("High tide 14:02") }
}
