import SwiftUI

/// A trail guide: a list of trails, a window per trail, and on the Mac a ranger log.
@main
struct TrailheadApp: App {
    @AppStorage ("units") private var units = "metric"
    @Environment (\.openWindow) private var openWindow

    var body: some Scene {
        WindowGroup(id: "trails") {
            TrailListView()
        }
        .handlesExternalEvents(matching: ["trail.list", "trail.search"])
        #if targetEnvironment(macCatalyst)
        .commands {
            CommandGroup(after: .newItem) {
                Button("New Trail Window") { openWindow(id: "trails") }
            }
        }
        #endif

        WindowGroup("Trail", id: "trail", for: Trail.ID.self) { $trailID in
            TrailDetailView(trailID: trailID)
        }
        .handlesExternalEvents(matching: ["trail.detail."])

        #if os(macOS)
        Window("Ranger Log", id: "ranger-log") {
            RangerLogView()
        }
        .handlesExternalEvents(matching: ["trail.log"])
        #endif

        #if os(visionOS)
        ImmersiveSpace(id: "summit") {
            SummitView()
        }
        #endif
    }
}
