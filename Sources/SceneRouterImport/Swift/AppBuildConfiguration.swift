import SwiftIfConfig
import SwiftSyntax

/// The compile-time conditions of an app as Xcode builds it for a platform, for
/// swift-syntax's `SwiftIfConfig` to decide which `#if` clauses are compiled: the operating
/// system and environment, the target's `SWIFT_ACTIVE_COMPILATION_CONDITIONS`, its language
/// mode, and the modules an app on that platform can import.
struct AppBuildConfiguration: BuildConfiguration, Sendable {
    var platform: AppPlatform
    var customConditions: Set<String>
    var languageVersion: VersionTuple
    /// Xcode 26's compiler: `#if compiler(>=6.0)` holds.
    var compilerVersion = VersionTuple(6, 2)

    init(platform: AppPlatform, conditions: [String], swiftVersion: String?) {
        self.platform = platform
        customConditions = Set(conditions)
        languageVersion = swiftVersion.flatMap { VersionTuple(parsing: $0) } ?? VersionTuple(5)
    }

    /// Modules of other platforms: `canImport` is false for them, true for every other
    /// module (Apple's frameworks on the platform, and the app's own packages, which the
    /// project links).
    static let unavailableModules: [AppPlatform: Set<String>] = [
        .iOS: [
            "AppKit", "Cocoa", "WatchKit", "ClockKit", "TVUIKit", "TVServices", "RealityKitContent",
            "CompositorServices", "ScreenSaver", "IOKit",
        ],
        .catalyst: [
            "Cocoa", "WatchKit", "ClockKit", "TVUIKit", "TVServices", "RealityKitContent", "CompositorServices",
            "ScreenSaver",
        ],
        .visionOS: ["AppKit", "Cocoa", "WatchKit", "ClockKit", "TVUIKit", "TVServices", "ScreenSaver", "IOKit"],
    ]

    func isCustomConditionSet(name: String) throws -> Bool { customConditions.contains(name) }

    func hasFeature(name: String) throws -> Bool {
        // Upcoming features are on in Swift 6 mode; experimental ones are off.
        languageVersion.components.first.map { $0 >= 6 } ?? false
    }

    func hasAttribute(name: String) throws -> Bool { true }

    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        guard let module = importPath.first?.1 else { return false }
        return !(Self.unavailableModules[platform] ?? []).contains(module)
    }

    func isActiveTargetOS(name: String) throws -> Bool {
        switch platform {
        case .iOS, .catalyst: name == "iOS"
        case .visionOS: name == "visionOS" || name == "xrOS"
        }
    }

    func isActiveTargetArchitecture(name: String) throws -> Bool { name == "arm64" }

    func isActiveTargetEnvironment(name: String) throws -> Bool {
        platform == .catalyst && name == "macCatalyst"
    }

    func isActiveTargetRuntime(name: String) throws -> Bool { name == "_ObjC" }

    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }

    func isActiveTargetObjectFormat(name: String) throws -> Bool { name == "MachO" }

    var targetPointerBitWidth: Int { 64 }

    var targetAtomicBitWidths: [Int] { [32, 64, 128] }

    var endianness: Endianness { .little }
}
