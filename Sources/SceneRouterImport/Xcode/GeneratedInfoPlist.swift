import Foundation

/// The Info.plist keys Xcode writes from a target's `INFOPLIST_KEY_…` build settings when
/// `GENERATE_INFOPLIST_FILE = YES`, merged with the target's `INFOPLIST_FILE` if it has
/// one: a key the file sets keeps the file's value.
enum GeneratedInfoPlist {
    /// Boolean keys among those that bear on scenes and windows.
    static let booleanKeys: Set<String> = [
        "UIRequiresFullScreen", "UIApplicationSupportsIndirectInputEvents", "LSRequiresIPhoneOS",
    ]

    /// The generated top-level keys. `UIApplicationSceneManifest_Generation = YES` makes
    /// Xcode write a scene manifest that supports multiple scenes (and declares no
    /// configurations: a SwiftUI app's scenes are its `App`'s).
    static func keys(from settings: [String: String]) -> [String: Any] {
        var keys: [String: Any] = [:]
        for (name, value) in settings {
            if name == "UIApplicationSceneManifest_Generation" {
                if isYes(value) { keys["UIApplicationSceneManifest"] = ["UIApplicationSupportsMultipleScenes": true] }
            } else if name.hasSuffix("_Generation") {
                continue
            } else if booleanKeys.contains(name) {
                keys[name] = isYes(value)
            } else {
                keys[name] = value
            }
        }
        return keys
    }

    /// The Info.plist a build writes: the generated keys, with the file's over them.
    static func merged(generated: [String: Any], file: [String: Any]) -> [String: Any] {
        generated.merging(file) { _, fromFile in fromFile }
    }

    static func isYes(_ value: String) -> Bool {
        let lowered = value.trimmingWhitespace.lowercased()
        return lowered == "yes" || lowered == "true" || lowered == "1"
    }
}
