import SwiftUI

#if targetEnvironment(macCatalyst)
/// On the Mac the list window also takes the ranger log's links.
struct CatalystListAccessory: View {
    var body: some View {
        Text("Ranger log")
            .handlesExternalEvents(preferring: ["trail.log"], allowing: ["*"])
    }
}
#endif
