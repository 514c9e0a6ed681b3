import Foundation
import SceneRouting

/// What an app's Info.plist says about its scenes (`UIApplicationSceneManifest`).
struct SceneManifestInfo {
    /// One entry of `UISceneConfigurations`, in plist order within its role.
    struct Configuration {
        var name: String
        var role: SessionRole
        var delegateClass: String?
        var storyboard: String?
        /// Where its name stands in an XML plist; nil in a binary one.
        var source: SourceLocation?
    }

    /// nil when the plist has no `UIApplicationSceneManifest`.
    var supportsMultipleScenes: Bool?
    var configurations: [Configuration] = []
    var hasSceneManifest = false
}

/// Reads `UIApplicationSceneManifest` from an XML or binary property list with Foundation's
/// `PropertyListSerialization`.
enum InfoPlistReader {
    /// `UISceneConfigurations` keys and the roles they declare.
    static let roles: [(key: String, role: SessionRole)] = [
        ("UIWindowSceneSessionRoleApplication", .windowApplication),
        ("UIWindowSceneSessionRoleExternalDisplayNonInteractive", .windowExternalDisplayNonInteractive),
        ("UIWindowSceneSessionRoleExternalDisplay", .windowExternalDisplay),
        ("UIWindowSceneSessionRoleVolumetricApplication", .windowApplicationVolumetric),
        ("UISceneSessionRoleImmersiveSpaceApplication", .immersiveSpaceApplication),
        ("CPTemplateApplicationSceneSessionRoleApplication", .carTemplateApplication),
        ("CPTemplateApplicationDashboardSceneSessionRoleApplication", .carTemplateApplicationDashboard),
        ("CPTemplateApplicationInstrumentClusterSceneSessionRoleApplication", .carTemplateApplicationInstrumentCluster),
    ]

    /// The scene manifest of the plist at `path` (named `file` in diagnostics), and problems
    /// that do not stop the import (unknown roles, entries of the wrong type).
    /// - Throws: a `Diagnostic` when the file cannot be read or is not a property list.
    static func read(_ data: Data, file: String) throws(Diagnostic) -> (info: SceneManifestInfo, problems: [Diagnostic]) {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Diagnostic(message: "not a property list (XML or binary): \(Self.reason(error))", file: file)
        }
        guard let root = plist as? [String: Any] else {
            throw Diagnostic(message: "expected a dictionary at the top of the property list", file: file)
        }
        var info = SceneManifestInfo()
        var problems: [Diagnostic] = []
        func problem(_ path: String, _ message: String) {
            problems.append(Diagnostic(severity: .warning, message: message, file: file, path: path))
        }
        guard let manifestValue = root["UIApplicationSceneManifest"] else { return (info, problems) }
        guard let manifest = manifestValue as? [String: Any] else {
            throw Diagnostic(message: "expected a dictionary", file: file, path: "UIApplicationSceneManifest")
        }
        info.hasSceneManifest = true
        switch manifest["UIApplicationSupportsMultipleScenes"] {
        case nil: info.supportsMultipleScenes = false
        case let flag as Bool: info.supportsMultipleScenes = flag
        case let other?:
            problem("UIApplicationSceneManifest.UIApplicationSupportsMultipleScenes", "expected a boolean, found \(type(of: other)); read as false")
            info.supportsMultipleScenes = false
        }
        guard let configurationsValue = manifest["UISceneConfigurations"] else { return (info, problems) }
        guard let configurations = configurationsValue as? [String: Any] else {
            throw Diagnostic(message: "expected a dictionary", file: file, path: "UIApplicationSceneManifest.UISceneConfigurations")
        }
        let text = String(decoding: data, as: UTF8.self)
        for key in configurations.keys.sorted() where !roles.contains(where: { $0.key == key }) {
            problem(
                "UIApplicationSceneManifest.UISceneConfigurations.\(key)",
                "unknown scene session role '\(key)': its configurations are not imported")
        }
        for (key, role) in roles {
            guard let value = configurations[key] else { continue }
            let rolePath = "UIApplicationSceneManifest.UISceneConfigurations.\(key)"
            guard let entries = value as? [Any] else {
                problem(rolePath, "expected an array of scene configurations")
                continue
            }
            for (index, entry) in entries.enumerated() {
                let path = "\(rolePath)[\(index)]"
                guard let entry = entry as? [String: Any] else {
                    problem(path, "expected a dictionary")
                    continue
                }
                guard let name = entry["UISceneConfigurationName"] as? String, !name.isEmpty else {
                    problem(path, "a scene configuration without UISceneConfigurationName is not imported")
                    continue
                }
                info.configurations.append(
                    SceneManifestInfo.Configuration(
                        name: name, role: role, delegateClass: entry["UISceneDelegateClassName"] as? String,
                        storyboard: entry["UISceneStoryboardFile"] as? String,
                        source: Self.location(ofName: name, in: text, file: file)))
            }
        }
        return (info, problems)
    }

    /// The line and column of `<string>NAME</string>` after a `UISceneConfigurationName`
    /// key in an XML plist; nil in a binary plist or when it cannot be found.
    static func location(ofName name: String, in text: String, file: String) -> SourceLocation? {
        guard text.hasPrefix("<?xml") || text.contains("<plist") else { return nil }
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var afterKey = false
        for (index, line) in lines.enumerated() {
            if line.contains("<key>UISceneConfigurationName</key>") { afterKey = true }
            if afterKey, let range = line.range(of: "<string>\(escaped)</string>") {
                return SourceLocation(file: file, line: index + 1, column: line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    private static func reason(_ error: any Error) -> String {
        let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return description ?? "\(error.localizedDescription)"
    }
}
