/// The platform an app is read for: which branch of `#if os(…)` /
/// `#if targetEnvironment(macCatalyst)` is compiled, and which SDK conditions of build
/// settings apply.
public enum AppPlatform: String, Sendable, CaseIterable {
    /// iPadOS (and iOS): the default.
    case iOS = "ios"
    /// Mac Catalyst: `os(iOS)` and `targetEnvironment(macCatalyst)`.
    case catalyst
    /// visionOS: `os(visionOS)`.
    case visionOS = "visionos"

    /// The SDK name build-setting conditions are tested against (`[sdk=iphoneos*]`).
    var sdk: String {
        switch self {
        case .iOS: "iphoneos26.0"
        case .catalyst: "macosx26.0"
        case .visionOS: "xros26.0"
        }
    }

    var displayName: String {
        switch self {
        case .iOS: "iPadOS"
        case .catalyst: "Mac Catalyst"
        case .visionOS: "visionOS"
        }
    }
}
