import SwiftUI

struct HelpButton: View {
    @Environment(\.openURL) private var openURL

    var body: some View {
        Button("Guide") { openURL(HelpLinks.guide) }
        Link("Website", destination: URL(string: "https://quill.example.com")!)
    }
}
