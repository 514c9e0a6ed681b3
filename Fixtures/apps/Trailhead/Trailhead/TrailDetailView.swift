import SwiftUI

struct TrailDetailView: View {
    var trailID: Trail.ID?
    @Environment (\.dismiss) private var dismiss

    var body: some View {
        TrailMap(trailID: trailID)
            .handlesExternalEvents(preferring: ["trail.detail.\(trailID ?? "")"], allowing: ["trail.detail."])
    }
}

struct TrailMap: View {
    var trailID: Trail.ID?
    var body: some View { Text(trailID ?? "No trail") }
}
