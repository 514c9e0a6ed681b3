import Foundation

/// Finding an app's files on disk.
package enum SourceTree {
    /// Directories an app's sources never need: build output and dependencies.
    static let skippedDirectories: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    /// The files below `directory` (or `directory` itself, if it is a file) whose extension
    /// is one of `extensions`, sorted, each named as `directory` joined with its relative path.
    static func files(in directory: String, extensions: Set<String>) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            return extensions.contains((directory as NSString).pathExtension) ? [directory] : []
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if skippedDirectories.contains(name) {
                enumerator.skipDescendants()
                continue
            }
            if extensions.contains((relative as NSString).pathExtension) { found.append(join(directory, relative)) }
        }
        return found.sorted()
    }

    /// `directory/relative`, without a leading `./` or a doubled slash.
    static func join(_ directory: String, _ relative: String) -> String {
        var base = directory
        while base.hasSuffix("/") && base.count > 1 { base.removeLast() }
        let joined = base == "." ? relative : base + "/" + relative
        return joined.hasPrefix("./") ? String(joined.dropFirst(2)) : joined
    }

    /// The `Info.plist` files below `directory`, the shallowest first.
    package static func infoPlists(in directory: String) -> [String] {
        files(in: directory, extensions: ["plist"])
            .filter { ($0 as NSString).lastPathComponent == "Info.plist" }
            .sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
    }

    /// The `.apns` payload files below an app's folder (JSON files there are often something
    /// else, such as asset catalogs, so only `--payloads` reads those).
    package static func payloadFiles(inApp directory: String) -> [String] {
        files(in: directory, extensions: ["apns"])
    }
}
