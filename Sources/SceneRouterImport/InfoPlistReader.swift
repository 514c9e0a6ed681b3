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
        /// Where its name stands in an XML plist; the file's first line in a binary one.
        var source: SourceLocation?
    }

    /// nil when the plist has no `UIApplicationSceneManifest`.
    var supportsMultipleScenes: Bool?
    var configurations: [Configuration] = []
    var hasSceneManifest = false
    /// `CFBundleIdentifier`, as written (often `$(PRODUCT_BUNDLE_IDENTIFIER)`).
    var bundleIdentifier: String?
    /// The URL schemes the app registers (`CFBundleURLTypes`): a URL it opens with one of
    /// them comes back to it.
    var urlSchemes: [String] = []
}

/// Reads `UIApplicationSceneManifest` from an XML or binary property list with Foundation's
/// `PropertyListSerialization`.
enum InfoPlistReader {
    /// The largest Info.plist read.
    static let maximumSize = 1 << 20

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
    static func read(_ data: Data, file: String) throws(Diagnostic) -> (info: SceneManifestInfo, problems: [Diagnostic])
    {
        try read(root: root(of: data, file: file), text: String(decoding: data, as: UTF8.self), file: file)
    }

    /// The top-level dictionary of a property list at `path`.
    /// - Throws: a `Diagnostic` when it is not a property list with a dictionary at the top.
    static func root(of data: Data, file: String) throws(Diagnostic) -> [String: Any] {
        // Foundation needs 30 to 100 times a property list's size to read it: an Info.plist
        // of a megabyte is already ten times the largest real one.
        guard data.count <= maximumSize else {
            throw Diagnostic(
                message:
                    "a property list larger than \(maximumSize >> 20) MiB, more than any app's Info.plist: not read",
                file: file)
        }
        if let refusal = BinaryPropertyListCheck.refusal(Array(data)) { throw Diagnostic(message: refusal, file: file) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // A binary list that passed the structural check failed inside an object (a string
            // that is not text, say); Foundation's reason then speaks of the XML it tried next.
            let isBinary = data.starts(with: Array("bplist".utf8))
            throw Diagnostic(
                message: isBinary
                    ? "a binary property list Foundation cannot read: one of its objects is corrupt"
                    : "not a property list (XML or binary): \(Self.reason(error))",
                file: file)
        }
        guard let root = plist as? [String: Any] else {
            throw Diagnostic(message: "expected a dictionary at the top of the property list", file: file)
        }
        return root
    }

    /// The scene manifest of a property list's top-level dictionary; `text` (the XML the
    /// dictionary was read from, if any) gives each declaration its line. Without XML text,
    /// a declaration's place is the file itself (line 1).
    static func read(root: [String: Any], text: String?, file: String) throws(Diagnostic) -> (
        info: SceneManifestInfo, problems: [Diagnostic]
    ) {
        var info = SceneManifestInfo()
        info.bundleIdentifier = root["CFBundleIdentifier"] as? String
        for type in root["CFBundleURLTypes"] as? [Any] ?? [] {
            for scheme in (type as? [String: Any])?["CFBundleURLSchemes"] as? [Any] ?? [] {
                if let scheme = scheme as? String { info.urlSchemes.append(scheme.lowercased()) }
            }
        }
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
            problem(
                "UIApplicationSceneManifest.UIApplicationSupportsMultipleScenes",
                "expected a boolean, found \(Self.typeName(of: other)); read as false")
            info.supportsMultipleScenes = false
        }
        guard let configurationsValue = manifest["UISceneConfigurations"] else { return (info, problems) }
        guard let configurations = configurationsValue as? [String: Any] else {
            throw Diagnostic(
                message: "expected a dictionary", file: file, path: "UIApplicationSceneManifest.UISceneConfigurations")
        }
        let lines = text.flatMap {
            $0.hasPrefix("<?xml") || $0.contains("<plist")
                ? $0.split(separator: "\n", omittingEmptySubsequences: false) : nil
        }
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
            // Names are searched after the role's key and after the previous name found, so a
            // name used under two roles (or twice in one) gets each its own line.
            var searchFrom = lines.flatMap { lines in lines.firstIndex { $0.contains("<key>\(key)</key>") } } ?? 0
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
                var source = SourceLocation(file: file, line: 1, column: 1)
                if let lines, let found = Self.location(ofName: name, in: lines, from: searchFrom, file: file) {
                    source = found
                    searchFrom = found.line
                }
                // A value of the wrong type is reported, not silently taken for a missing one.
                func optionalString(_ key: String) -> String? {
                    guard let value = entry[key] else { return nil }
                    if let text = value as? String { return text }
                    problem("\(path).\(key)", "expected a string, found \(Self.typeName(of: value)): ignored")
                    return nil
                }
                info.configurations.append(
                    SceneManifestInfo.Configuration(
                        name: name, role: role, delegateClass: optionalString("UISceneDelegateClassName"),
                        storyboard: optionalString("UISceneStoryboardFile"), source: source))
            }
        }
        return (info, problems)
    }

    /// The line and column of `<string>NAME</string>` after a `UISceneConfigurationName`
    /// key, searching from line index `start`; nil when it cannot be found.
    static func location(ofName name: String, in lines: [Substring], from start: Int, file: String) -> SourceLocation? {
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        var afterKey = false
        for index in start..<lines.count {
            let line = lines[index]
            if line.contains("<key>UISceneConfigurationName</key>") { afterKey = true }
            if afterKey, let range = line.range(of: "<string>\(escaped)</string>") {
                return SourceLocation(
                    file: file, line: index + 1,
                    column: line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// How a property-list value's type is named in messages.
    static func typeName(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case is Bool: "a boolean"
        case is NSNumber, is Int, is Double: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        default: "a value of another type"
        }
    }

    private static func reason(_ error: any Error) -> String {
        let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return description ?? "\(error.localizedDescription)"
    }
}
