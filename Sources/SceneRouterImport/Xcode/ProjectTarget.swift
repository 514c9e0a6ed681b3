import Foundation
import SceneRouting

/// One native target of a project, with its build settings resolved for a configuration
/// and a platform: what it builds for and which files make it.
struct ProjectTarget {
    var project: XcodeProject
    var target: XcodeProject.Target
    var configuration: String
    var settings: BuildSettings
    /// Warnings met while resolving it (unreadable `.xcconfig` files).
    var problems: [Diagnostic] = []

    static let applicationProductType = "com.apple.product-type.application"

    init(
        project: XcodeProject, target: XcodeProject.Target, configuration requested: String?, platform: AppPlatform,
        folder: AppFolder
    ) {
        self.project = project
        self.target = target
        // Debug, as Xcode's Run action builds, unless the target has no configuration by that name.
        let names = project.configurations(of: target.configurationList).map(\.name)
        let configuration =
            requested
            ?? (names.isEmpty || names.contains("Debug")
                ? "Debug" : project.defaultConfiguration(of: target.configurationList) ?? names[0])
        self.configuration = configuration
        var settings = BuildSettings(conditions: ["sdk": platform.sdk, "arch": "arm64", "config": configuration])
        let srcroot = project.sourceRoot
        settings.push([
            "SRCROOT": srcroot, "PROJECT_DIR": srcroot, "SOURCE_ROOT": srcroot, "PROJECT_NAME": project.name,
            "PROJECT_FILE_PATH": project.bundlePath, "TARGET_NAME": target.name, "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)", "CONFIGURATION": configuration,
            "DEVELOPMENT_LANGUAGE": "en", "EXECUTABLE_NAME": "$(PRODUCT_NAME)", "SWIFT_VERSION": "",
        ])
        var problems: [Diagnostic] = []
        for list in [project.rootObject["buildConfigurationList"] as? String, target.configurationList] {
            let configurations = project.configurations(of: list)
            guard let chosen = configurations.first(where: { $0.name == configuration }) else {
                settings.push([:])
                settings.push([:])
                continue
            }
            if let reference = chosen.baseReference, let path = TargetSources.path(ofReference: reference, in: project)
            {
                let read = XcodeConfigFile.settings(at: path, folder: folder)
                settings.push(read.settings)
                problems += read.problems
            } else {
                settings.push([:])
            }
            settings.push(chosen.settings)
        }
        self.settings = settings
        self.problems = problems
    }

    /// The configurations the target has, for the message when `--configuration` names none.
    var configurationNames: [String] {
        project.configurations(of: target.configurationList).map(\.name)
    }

    var isApplication: Bool { target.productType == Self.applicationProductType }

    /// The SDKs it builds for: `SUPPORTED_PLATFORMS`, else `SDKROOT` (`auto` means the
    /// supported platforms), without the simulators.
    var platforms: [String] {
        var names = settings.words("SUPPORTED_PLATFORMS")
        if names.isEmpty, let root = settings.value("SDKROOT"), root != "auto", !root.isEmpty { names = [root] }
        if names.isEmpty && settings.value("SDKROOT") == nil { names = ["macosx"] }
        var result: [String] = []
        for name in names where !name.hasSuffix("simulator") {
            // `iphoneos17.0` names a version of an SDK; the platform is what precedes it.
            let platform = String(name.prefix { $0.isLetter })
            if !result.contains(platform) { result.append(platform) }
        }
        return result
    }

    /// `TARGETED_DEVICE_FAMILY`: 1 iPhone, 2 iPad, 3 Apple TV, 4 Apple Watch, 6 Mac
    /// (Catalyst's idiom), 7 Apple Vision; Xcode's default for iOS is 1.
    var deviceFamilies: [Int] {
        let text = settings.value("TARGETED_DEVICE_FAMILY") ?? ""
        let families = text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Int($0) }
        return families.isEmpty ? (platforms.contains("iphoneos") ? [1] : []) : families
    }

    var supportsCatalyst: Bool { settings.isYes("SUPPORTS_MACCATALYST") }

    /// An application that runs on the iPad: an iOS app whose device families include the iPad.
    var buildsForIPad: Bool {
        isApplication && platforms.contains("iphoneos") && deviceFamilies.contains(2)
    }

    /// Whether the target builds for `platform` at all.
    func builds(for platform: AppPlatform) -> Bool {
        switch platform {
        case .iOS: platforms.contains("iphoneos")
        case .catalyst: platforms.contains("iphoneos") && supportsCatalyst || deviceFamilies.contains(6)
        case .visionOS: platforms.contains("xros") || deviceFamilies.contains(7)
        }
    }

    /// `iOS: iPhone, iPad; Mac Catalyst`, `watchOS`, `macOS`: how targets are listed.
    var platformDescription: String {
        var parts: [String] = []
        for platform in platforms {
            switch platform {
            case "iphoneos":
                let devices = deviceFamilies.compactMap { [1: "iPhone", 2: "iPad"][$0] }
                parts.append(devices.isEmpty ? "iOS" : "iOS: " + devices.joined(separator: ", "))
                if supportsCatalyst { parts.append("Mac Catalyst") }
            case "macosx": parts.append("macOS")
            case "watchos": parts.append("watchOS")
            case "appletvos": parts.append("tvOS")
            case "xros": parts.append("visionOS")
            default: parts.append(platform)
            }
        }
        return parts.isEmpty ? "no platform" : parts.joined(separator: "; ")
    }

    var bundleIdentifier: String? { settings.value("PRODUCT_BUNDLE_IDENTIFIER").flatMap { $0.isEmpty ? nil : $0 } }

    /// The Swift language mode (`SWIFT_VERSION`): 4, 4.2, 5 or 6.
    var swiftVersion: String? { settings.value("SWIFT_VERSION").flatMap { $0.isEmpty ? nil : $0 } }

    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS` (`DEBUG` and the like), as `#if NAME` sees them.
    var compilationConditions: [String] { settings.words("SWIFT_ACTIVE_COMPILATION_CONDITIONS") }

    /// `INFOPLIST_FILE`, relative to the source root, when the target has one.
    var infoPlistFile: String? {
        guard let value = settings.value("INFOPLIST_FILE")?.trimmingWhitespace, !value.isEmpty else { return nil }
        return ProjectPaths.join(project.sourceRoot, value)
    }

    /// `GENERATE_INFOPLIST_FILE`: Xcode writes the Info.plist from `INFOPLIST_KEY_…`
    /// settings (and merges `INFOPLIST_FILE` into it, if there is one).
    var generatesInfoPlist: Bool { settings.isYes("GENERATE_INFOPLIST_FILE") }

    /// Every `INFOPLIST_KEY_NAME` setting as `NAME: value`.
    var generatedKeys: [String: String] {
        var keys: [String: String] = [:]
        for layer in settings.layers {
            for key in layer.keys where key.hasPrefix("INFOPLIST_KEY_") {
                keys[String(key.dropFirst("INFOPLIST_KEY_".count))] = settings.value(key)
            }
        }
        return keys
    }
}
