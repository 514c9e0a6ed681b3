import SwiftUI

@main
struct NotesApp: App {
    @State private var library = NoteLibrary()

    var body: some Scene {
        WindowGroup(id: "library") {
            LibraryView()
                .environment(library)
        }
        .handlesExternalEvents(matching: ["notes.library", "notes.search"])

        WindowGroup("Note", id: "note", for: Note.ID.self) { $noteID in
            NoteWindow(noteID: noteID)
                .environment(library)
        }
        .handlesExternalEvents(matching: Set(["notes.note."]))

        // Settings takes its own identifier, but states no conditions for open windows.
        Window("Settings", id: "settings") {
            SettingsView()
        }
        .handlesExternalEvents(matching: ["notes.settings"])

        WindowGroup(id: "whiteboard") {
            WhiteboardView()
        }
        .handlesExternalEvents(matching: ["notes.board."])
    }
}
