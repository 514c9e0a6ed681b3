import Foundation
import SceneRouting

/// An Xcode project's `project.pbxproj`: its objects by identifier, its native targets and
/// their build configurations.
///
/// The file is an OpenStep-format property list; Foundation's `PropertyListSerialization`
/// reads that format on every platform (it is the parser Xcode's own files were designed
/// for), so the project is read as a property list, not matched with patterns, and only
/// then interpreted.
struct XcodeProject {
    /// The `.xcodeproj` folder, as found below the app's folder.
    var bundlePath: String
    /// The folder `$(SRCROOT)` names: the one holding the `.xcodeproj` (or the project's
    /// `projectDirPath` below it).
    var sourceRoot: String
    var objects: [String: [String: Any]]
    var rootObject: [String: Any]

    /// A native target: an app, an extension, a test bundle.
    struct Target {
        var identifier: String
        var name: String
        /// `com.apple.product-type.application`, `…app-extension`, …
        var productType: String
        var configurationList: String?
        var buildPhases: [String]
        var synchronizedGroups: [String]
        /// `XCSwiftPackageProductDependency` identifiers: the packages' products it links.
        var packageProducts: [String] = []
    }

    var targets: [Target] = []

    /// The project's name: its bundle's name without `.xcodeproj`.
    var name: String {
        let last = bundlePath.split(separator: "/").last.map(String.init) ?? bundlePath
        return last.hasSuffix(".xcodeproj") ? String(last.dropLast(".xcodeproj".count)) : last
    }

    /// Reads `bundlePath/project.pbxproj`.
    /// - Throws: a `Diagnostic` at the project file when it cannot be read or is not a
    ///   project (no `objects`, no `rootObject`).
    init(bundlePath: String, folder: AppFolder) throws(Diagnostic) {
        let file = bundlePath + "/project.pbxproj"
        if let problem = folder.check(file) { throw problem }
        let bytes = try SafeFile.contents(of: file)
        // Projects are OpenStep text; one in binary form is held to what binary lists cost.
        if bytes.starts(with: Array("bplist".utf8)) {
            guard bytes.count <= InfoPlistReader.maximumSize else {
                throw Diagnostic(
                    message: "a binary project file larger than \(InfoPlistReader.maximumSize >> 20) MiB: not read",
                    file: file)
            }
            if let refusal = BinaryPropertyListCheck.refusal(bytes) { throw Diagnostic(message: refusal, file: file) }
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw Diagnostic(message: "not a project file: it does not parse as a property list", file: file)
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
            let rootIdentifier = root["rootObject"] as? String, let project = objects[rootIdentifier] as? [String: Any],
            project["isa"] as? String == "PBXProject"
        else {
            throw Diagnostic(message: "not a project file: no objects with a PBXProject root object", file: file)
        }
        self.bundlePath = bundlePath
        self.objects = objects.compactMapValues { $0 as? [String: Any] }
        rootObject = project
        let parent = bundlePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        var sourceRoot = parent.isEmpty ? "." : parent
        if let projectDir = project["projectDirPath"] as? String, !projectDir.isEmpty, !projectDir.hasPrefix("/") {
            sourceRoot = ProjectPaths.join(sourceRoot, projectDir)
        }
        self.sourceRoot = sourceRoot
        for identifier in Self.strings(project["targets"]) {
            guard let object = self.objects[identifier], object["isa"] as? String == "PBXNativeTarget" else { continue }
            targets.append(
                Target(
                    identifier: identifier, name: object["name"] as? String ?? identifier,
                    productType: object["productType"] as? String ?? "",
                    configurationList: object["buildConfigurationList"] as? String,
                    buildPhases: Self.strings(object["buildPhases"]),
                    synchronizedGroups: Self.strings(object["fileSystemSynchronizedGroups"]),
                    packageProducts: Self.strings(object["packageProductDependencies"])))
        }
    }

    /// The build configurations of a configuration list: name, settings, and the file
    /// reference of its base `.xcconfig`.
    func configurations(of list: String?) -> [(name: String, settings: [String: Any], baseReference: String?)] {
        guard let list, let object = objects[list] else { return [] }
        return Self.strings(object["buildConfigurations"]).compactMap { identifier in
            guard let configuration = objects[identifier] else { return nil }
            return (
                configuration["name"] as? String ?? "", configuration["buildSettings"] as? [String: Any] ?? [:],
                configuration["baseConfigurationReference"] as? String
            )
        }
    }

    /// The default configuration of a list (`defaultConfigurationName`).
    func defaultConfiguration(of list: String?) -> String? {
        guard let list else { return nil }
        return objects[list]?["defaultConfigurationName"] as? String
    }

    static func strings(_ value: Any?) -> [String] {
        (value as? [Any])?.compactMap { $0 as? String } ?? []
    }
}

/// Paths as Xcode joins them: relative to a folder, `..` and `.` folded without touching
/// the disk (whether the result stays inside the app's folder is checked when it is read).
enum ProjectPaths {
    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalized(relative) }
        if base.isEmpty || base == "." { return normalized(relative) }
        return normalized(base + "/" + relative)
    }

    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
