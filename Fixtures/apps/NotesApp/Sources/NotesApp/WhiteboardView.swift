import SwiftUI

struct WhiteboardView: View {
    var body: some View {
        Canvas { context, size in
            context.stroke(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.accentColor))
        }
        .handlesExternalEvents(preferring: [], allowing: ["notes.board."])
    }
}
