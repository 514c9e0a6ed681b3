import SwiftUI

struct TrailListView: View {
    @State private var search = ""

    var body: some View {
        NavigationStack {
            List(Trail.all) { trail in
                NavigationLink(trail.name, value: trail.id)
            }
            .searchable(text: $search)
        }
        // The list window takes searches and the list itself, and any trail when no trail
        // window is open.
        .handlesExternalEvents(preferring: ["trail.list", "trail.search"], allowing: ["trail."])
    }
}

@available (iOS 17.0, *)
struct TrailBadge: View {
    var trail: Trail
    var body: some View { Label(trail.name, systemImage: "figure.hiking") }
}
