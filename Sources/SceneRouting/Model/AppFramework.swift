/// The UI framework an app's scenes use; it decides the default activation conditions.
public enum AppFramework: String, Sendable, CaseIterable {
    /// UIKit scene delegates: sessions can activate for anything, prefer nothing.
    case uikit
    /// SwiftUI scenes: without `handlesExternalEvents` a scene neither can nor prefers.
    case swiftui
}
