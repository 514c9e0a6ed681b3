import Foundation
import SceneRouting

/// A request the import cannot carry out as asked: which target or configuration to read
/// is not clear. The command line reports it as a usage error (exit 64), with the choices.
public struct ImportUsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Finds the Xcode projects below an app's folder (every `.xcodeproj`, including those a
/// workspace lists, outside dependency folders) and chooses the target to read.
enum ProjectDiscovery {
    enum Outcome {
        /// No project below the folder: the app is read from its files alone.
        case noProject(warnings: [Diagnostic])
        case chosen(ProjectTarget, warnings: [Diagnostic])
        /// Projects were found and none could be read.
        case unreadable([Diagnostic])
    }

    static func choose(in folder: AppFolder, options: AppImport.Options) throws(ImportUsageError) -> Outcome {
        let bundles = folder.list(extensions: [], folderExtensions: ["xcodeproj"])
        var warnings = bundles.warnings
        var projects: [XcodeProject] = []
        var failures: [Diagnostic] = []
        for bundle in bundles.folders {
            do {
                projects.append(try XcodeProject(bundlePath: bundle.path, folder: folder))
            } catch {
                failures.append(error)
            }
        }
        if projects.isEmpty {
            if !failures.isEmpty { return .unreadable(failures) }
            if options.target != nil {
                throw ImportUsageError(
                    message:
                        "--target names a target of an Xcode project, and there is no .xcodeproj below \(folder.path)")
            }
            return .noProject(warnings: warnings)
        }
        warnings += failures.map { failure in
            var warning = failure
            warning.severity = .warning
            warning.message += ": this project is not read"
            return warning
        }
        let targets = projects.flatMap { project in
            project.targets.map {
                ProjectTarget(
                    project: project, target: $0, configuration: options.configuration, platform: options.platform,
                    folder: folder)
            }
        }
        let applications = targets.filter(\.isApplication)
        let chosen: ProjectTarget
        if let name = options.target {
            let named = targets.filter {
                $0.target.name == name || "\($0.project.name)/\($0.target.name)" == name
                    || qualifiedName($0, in: folder) == name
            }
            guard let only = named.first else {
                throw ImportUsageError(
                    message: "no target named '\(Diagnostic.printable(name))'.\n"
                        + listing(applications, all: targets, projects: projects.count, folder: folder))
            }
            guard named.count == 1 else {
                throw ImportUsageError(
                    message:
                        "\(named.count) projects have a target named '\(Diagnostic.printable(name))': name one as PROJECT/TARGET.\n"
                        + named.map {
                            "  \(Diagnostic.printable(qualifiedName($0, in: folder)))  (\(Diagnostic.printable($0.project.bundlePath)))"
                        }
                        .joined(separator: "\n"))
            }
            chosen = only
        } else {
            var candidates = applications.filter {
                options.platform == .iOS ? $0.buildsForIPad : $0.builds(for: options.platform)
            }
            // An iPhone-only app runs on the iPad too, as an iPhone app in one window.
            let iOSApplications = applications.filter { $0.builds(for: .iOS) }
            if candidates.isEmpty && options.platform == .iOS && iOSApplications.count == 1 {
                candidates = iOSApplications
                warnings.append(
                    Diagnostic(
                        severity: .warning,
                        message:
                            "target '\(iOSApplications[0].target.name)' builds for the iPhone only (TARGETED_DEVICE_FAMILY): "
                            + "on the iPad it runs as an iPhone app, in one window; read as its only iOS application target",
                        file: iOSApplications[0].project.bundlePath))
            }
            guard candidates.count == 1, let only = candidates.first else {
                let platform = options.platform == .iOS ? "the iPad" : options.platform.displayName
                let head =
                    candidates.isEmpty
                    ? "no application target builds for \(platform)"
                    : "\(candidates.count) application targets build for \(platform)"
                throw ImportUsageError(
                    message: "\(head): choose one with --target NAME.\n"
                        + listing(applications, all: targets, projects: projects.count, folder: folder))
            }
            chosen = only
        }
        if let requested = options.configuration, !chosen.configurationNames.isEmpty,
            !chosen.configurationNames.contains(requested)
        {
            throw ImportUsageError(
                message: "target '\(chosen.target.name)' has no configuration '\(requested)'; it has: "
                    + chosen.configurationNames.joined(separator: ", "))
        }
        if options.target != nil && !chosen.builds(for: options.platform) {
            warnings.append(
                Diagnostic(
                    severity: .warning,
                    message:
                        "target '\(chosen.target.name)' (\(chosen.platformDescription)) does not build for \(options.platform.displayName): "
                        + "its #if branches are read as \(options.platform.displayName) would compile them",
                    file: chosen.project.bundlePath))
        }
        return .chosen(chosen, warnings: warnings + chosen.problems)
    }

    /// The application targets with their platforms, one a line (and the other targets'
    /// count), for a usage error.
    /// `PATH/TARGET`, where PATH is the project's bundle below the folder without
    /// `.xcodeproj`: a name `--target` takes that tells apart projects of one name in two
    /// folders (a tutorial's starter and completed projects).
    static func qualifiedName(_ target: ProjectTarget, in folder: AppFolder) -> String {
        var path = folder.relativePath(of: target.project.bundlePath) ?? target.project.name
        if path.hasSuffix(".xcodeproj") { path.removeLast(".xcodeproj".count) }
        return path + "/" + target.target.name
    }

    static func listing(_ applications: [ProjectTarget], all: [ProjectTarget], projects: Int, folder: AppFolder)
        -> String
    {
        guard !applications.isEmpty else {
            return "The project has no application target (\(all.count) other target\(all.count == 1 ? "" : "s"))."
        }
        var lines = ["Application targets:"]
        for target in applications {
            let name = projects > 1 ? qualifiedName(target, in: folder) : target.target.name
            lines.append("  \(Diagnostic.printable(name))  (\(Diagnostic.printable(target.platformDescription)))")
        }
        let others = all.count - applications.count
        if others > 0 {
            lines.append("(and \(others) other target\(others == 1 ? "" : "s"): extensions, tests, frameworks)")
        }
        return lines.joined(separator: "\n")
    }
}
