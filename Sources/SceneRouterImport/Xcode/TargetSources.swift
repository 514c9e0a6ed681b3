import Foundation
import SceneRouting

/// The source files a target compiles: the files of its Sources build phase, each resolved
/// through the group tree by its `sourceTree`, and the files of the folder-synchronized
/// groups (Xcode 16) it is linked to, less their membership exceptions.
enum TargetSources {
    /// Languages the import reads.
    static let swiftExtensions: Set<String> = ["swift"]
    static let objectiveCExtensions: Set<String> = ["m", "mm"]

    struct Files {
        var swift: [String] = []
        var objectiveC: [String] = []
        var warnings: [Diagnostic] = []
    }

    static func files(of target: ProjectTarget, folder: AppFolder) -> Files {
        let project = target.project
        let parents = parentGroups(in: project)
        var files = Files()
        var seen = Set<String>()
        let wanted = swiftExtensions.union(objectiveCExtensions)
        func add(_ path: String) {
            guard seen.insert(path).inserted else { return }
            let fileExtension = AppFolder.pathExtension(path)
            guard wanted.contains(fileExtension) else { return }
            if let relative = folder.relativePath(of: path), folder.excludes.contains(where: { $0.matches(relative) }) { return }
            if let problem = folder.check(path) {
                files.warnings.append(problem)
                return
            }
            if folder.relativePath(of: path) == nil {
                files.warnings.append(
                    Diagnostic(
                        severity: .warning, code: Diagnostic.Code("skipped-file"),
                        message: "outside the app's folder: not read (target '\(target.target.name)' compiles it)", file: path))
                return
            }
            if swiftExtensions.contains(fileExtension) { files.swift.append(path) } else { files.objectiveC.append(path) }
        }

        for phase in target.target.buildPhases {
            guard let object = project.objects[phase], object["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
            for buildFile in XcodeProject.strings(object["files"]) {
                guard let reference = project.objects[buildFile]?["fileRef"] as? String else { continue }
                let isa = project.objects[reference]?["isa"] as? String
                if isa == "PBXVariantGroup" {
                    for child in XcodeProject.strings(project.objects[reference]?["children"]) {
                        if let path = path(ofReference: child, in: project, parents: parents) { add(path) }
                    }
                } else if let path = path(ofReference: reference, in: project, parents: parents) {
                    add(path)
                }
            }
        }

        for (identifier, object) in project.objects.sorted(by: { $0.key < $1.key })
        where object["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" {
            let linked = target.target.synchronizedGroups.contains(identifier)
            var exceptions = Set<String>()
            for exception in XcodeProject.strings(object["exceptions"]) {
                guard let set = project.objects[exception], set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    set["target"] as? String == target.target.identifier
                else { continue }
                exceptions.formUnion(XcodeProject.strings(set["membershipExceptions"]))
            }
            guard linked || !exceptions.isEmpty,
                let groupPath = path(ofReference: identifier, in: project, parents: parents)
            else { continue }
            guard let relative = folder.relativePath(of: groupPath) else {
                files.warnings.append(
                    Diagnostic(
                        severity: .warning, code: Diagnostic.Code("skipped-file"),
                        message: "a synchronized folder outside the app's folder: not read", file: groupPath))
                continue
            }
            let explicitFolders = XcodeProject.strings(object["explicitFolders"])
            let listing = folder.list(extensions: wanted, under: relative)
            files.warnings += listing.warnings
            for entry in listing.files {
                let inGroup = relative.isEmpty ? entry.relativePath : String(entry.relativePath.dropFirst(relative.count + 1))
                if explicitFolders.contains(where: { inGroup.hasPrefix($0 + "/") }) { continue }
                // An exception inverts membership: a file left out of a linked group, or
                // added to a target the group is not linked to.
                if linked != exceptions.contains(inGroup) { add(entry.path) }
            }
        }
        files.swift.sort()
        files.objectiveC.sort()
        return files
    }

    /// The group each file reference and group sits in.
    static func parentGroups(in project: XcodeProject) -> [String: String] {
        var parents: [String: String] = [:]
        for (identifier, object) in project.objects {
            guard let isa = object["isa"] as? String, isa == "PBXGroup" || isa == "PBXVariantGroup" || isa == "XCVersionGroup" else { continue }
            for child in XcodeProject.strings(object["children"]) where parents[child] == nil {
                parents[child] = identifier
            }
        }
        return parents
    }

    /// The path of a file reference or group, from the folder the import was given; nil for
    /// references outside the project's files (SDK frameworks, build products).
    static func path(ofReference identifier: String, in project: XcodeProject, parents: [String: String]? = nil) -> String? {
        let parents = parents ?? parentGroups(in: project)
        var visited = Set<String>()
        return path(of: identifier, in: project, parents: parents, visited: &visited)
    }

    private static func path(of identifier: String, in project: XcodeProject, parents: [String: String], visited: inout Set<String>)
        -> String?
    {
        // A group that contains itself, directly or not, has no path.
        guard visited.insert(identifier).inserted, let object = project.objects[identifier] else { return nil }
        let own = object["path"] as? String
        let base: String
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<group>":
            if let parent = parents[identifier] {
                guard let parentPath = path(of: parent, in: project, parents: parents, visited: &visited) else { return nil }
                base = parentPath
            } else {
                base = project.sourceRoot
            }
        case "SOURCE_ROOT":
            base = project.sourceRoot
        case "<absolute>":
            base = "/"
        default:
            return nil
        }
        guard let own, !own.isEmpty else { return base }
        return ProjectPaths.join(base, own)
    }
}
