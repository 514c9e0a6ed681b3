#if os(macOS)
import SwiftUI

struct RangerLogView: View {
    var body: some View {
        Text("Ranger log")
            .handlesExternalEvents(preferring: ["trail.log"], allowing: ["trail.log"])
    }
}
#endif
