import Foundation

/// The scenes Quill restores and hands off, by the activity type each registers.
enum SceneActivity: String {
    case editor = "com.example.quill.editor"
    case inspector = "com.example.quill.inspector"

    /// The identifier an editor or inspector activity targets when it names no document.
    var defaultTarget: String {
        switch self {
        case .editor: return "quill://doc/untitled"
        case .inspector: return "quill://inspect/untitled"
        }
    }
}

/// The main window's own identifier: widgets and the share extension target it.
let mainSceneTargetContentIdentifier = "com.example.quill.main"

enum HelpLinks {
    static let guide = URL(string: "quill://help/guide")!
}
