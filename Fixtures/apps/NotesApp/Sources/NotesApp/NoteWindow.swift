import SwiftUI

struct NoteWindow: View {
    var noteID: Note.ID?

    var body: some View {
        if let noteID {
            NoteEditor(noteID: noteID)
        } else {
            ContentUnavailableView("No Note", systemImage: "note.text")
        }
    }
}

struct NoteEditor: View {
    var noteID: Note.ID
    @Environment(NoteLibrary.self) private var library

    var body: some View {
        TextEditor(text: library.binding(for: noteID))
            .navigationTitle(library.title(of: noteID))
            // A note's window prefers that note: only known at run time.
            .handlesExternalEvents(preferring: Set(["notes.note.\(noteID)"]), allowing: ["notes.note."])
    }
}
