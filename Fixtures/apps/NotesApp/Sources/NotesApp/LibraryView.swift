import SwiftUI

struct LibraryView: View {
    @Environment(NoteLibrary.self) private var library
    @State private var query = ""

    var body: some View {
        NavigationSplitView {
            List(library.folders) { folder in
                Text(folder.name)
            }
        } detail: {
            NoteList(notes: library.notes(matching: query))
        }
        .searchable(text: $query)
        .handlesExternalEvents(preferring: ["notes.library"], allowing: ["notes.library", "notes.search"])
    }
}
