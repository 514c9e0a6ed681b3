import PredicateSyntax
import SceneRouting

/// Which Swift files are worth swift-syntax's memory. Parsing holds a tree of about a hundred
/// times the file's size, so a generated file of 16 MiB (string tables, protocol buffers)
/// would cost gigabytes to say nothing about scenes. Every file up to ``alwaysParsed`` is
/// parsed (a constant a condition reads may live anywhere); a larger one only when it names
/// a scene API, and none beyond ``maximumParsed``.
enum SwiftParseBudget {
    /// Larger than almost any hand-written Swift file.
    static let alwaysParsed = 1 << 20
    /// About 450 MiB of syntax tree.
    static let maximumParsed = 4 << 20

    /// Words a file that declares scenes, sets conditions or emits identifiers contains:
    /// `Scene` (`some Scene`, `UIWindowSceneDelegate`, `UIScene`), the SwiftUI scene types,
    /// the modifier, the condition and identifier properties, the emitting types, an APNs
    /// payload's key.
    static let sceneWords: [String] = [
        "Scene", "Window", "DocumentGroup", "ImmersiveSpace", "handlesExternalEvents", "argetContentIdentifier",
        "NSUserActivity", "ShortcutItem", "NotificationContent", "\"aps\"",
    ]

    /// Whether `bytes` contain one of ``sceneWords``: one pass, comparing only where a
    /// word's first byte stands.
    static func mentionsSceneAPI(_ bytes: [UInt8]) -> Bool {
        let words = sceneWords.map { Array($0.utf8) }
        var starts = [Bool](repeating: false, count: 256)
        for word in words { starts[Int(word[0])] = true }
        return bytes.withUnsafeBufferPointer { text in
            for position in text.indices where starts[Int(text[position])] {
                for word in words where word[0] == text[position] && position + word.count <= text.count {
                    if (1..<word.count).allSatisfy({ text[position + $0] == word[$0] }) { return true }
                }
            }
            return false
        }
    }

    /// Why a file of `bytes` is not parsed, or nil to parse it; `skip` is true for a large
    /// file that names no scene API (nothing to report).
    static func verdict(for bytes: [UInt8], file: String) -> (skip: Bool, warning: Diagnostic?) {
        guard bytes.count > alwaysParsed else { return (false, nil) }
        guard mentionsSceneAPI(bytes) else { return (true, nil) }
        guard bytes.count > maximumParsed else { return (false, nil) }
        let warning = Diagnostic(
            severity: .warning, code: Diagnostic.Code(WarningCode.skippedFile),
            message:
                "a Swift file of \(bytes.count >> 20) MiB that names scene APIs, larger than \(maximumParsed >> 20) MiB: not "
                + "parsed (its scenes, conditions and identifiers are not imported)",
            file: file)
        return (true, warning)
    }
}
