import SceneRouting

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An app's folder as a stranger may have written it: the import reads only regular files
/// inside it. `check --app .` runs on pull requests, so a symbolic link that leaves the
/// folder is not followed, special files (FIFOs, devices, sockets) are skipped with a
/// warning, and no file larger than ``maximumFileSize`` is read.
struct AppFolder: Sendable {
    /// Larger than any source file, property list or project file of a real app (the largest
    /// seen are a few megabytes), small enough that reading one cannot exhaust memory.
    static let maximumFileSize = 16 << 20
    /// Deeper than any real app's folders; a deeper tree is reported, not walked.
    static let maximumDepth = 64

    /// Folders an app's own files are never in: build output, dependencies, version control.
    static let skippedDirectories: Set<String> = [
        ".build", ".git", ".hg", ".svn", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules",
        "SourcePackages",
    ]

    /// The folder as given (paths found below it are named from it).
    let path: String
    /// The folder with every symbolic link resolved: what "inside" is measured against.
    let resolvedPath: String
    /// Files whose path relative to the folder matches one of these are left out.
    let excludes: [PathGlob]

    /// - Throws: a `Diagnostic` when `path` is not a folder that can be read.
    init(_ path: String, excludes: [PathGlob] = []) throws(Diagnostic) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw Diagnostic(message: "cannot read the folder (\(Self.reason(errno)))", file: path)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw Diagnostic(message: "not a folder", file: path) }
        guard let resolved = Self.realPath(path) else {
            throw Diagnostic(message: "cannot read the folder (\(Self.reason(errno)))", file: path)
        }
        self.path = path
        resolvedPath = resolved
        self.excludes = excludes
    }

    /// A file found below the folder.
    struct Entry: Sendable, Hashable {
        /// The path to show and to open: the folder's path joined with the relative path.
        var path: String
        /// The path relative to the folder.
        var relativePath: String
    }

    /// What a walk found: files, folders whose names end in one of the asked suffixes, and
    /// a warning for each thing it would not read.
    struct Listing: Sendable {
        var files: [Entry] = []
        var folders: [Entry] = []
        var warnings: [Diagnostic] = []
    }

    /// Every regular file below the folder whose extension is in `extensions`, and every
    /// folder whose extension is in `folderExtensions` (not descended into: `.xcodeproj`
    /// bundles), sorted by path. Skipped: the folders in ``skippedDirectories``, excluded
    /// paths, links that leave the folder, links to folders, special files.
    /// With `under`, only that subfolder (a path relative to the folder) is walked.
    func list(extensions: Set<String>, folderExtensions: Set<String> = [], under: String = "") -> Listing {
        var listing = Listing()
        if !under.isEmpty {
            let start = join(under)
            guard let resolved = Self.realPath(start) else {
                listing.warnings.append(skipped(start, "no such folder"))
                return listing
            }
            guard isInside(resolved) else {
                listing.warnings.append(skipped(start, "a folder outside the app's folder"))
                return listing
            }
        }
        walk(relative: under, depth: 0, extensions: extensions, folderExtensions: folderExtensions, into: &listing)
        listing.files.sort { $0.relativePath < $1.relativePath }
        listing.folders.sort { $0.relativePath < $1.relativePath }
        return listing
    }

    private func walk(
        relative: String, depth: Int, extensions: Set<String>, folderExtensions: Set<String>,
        into listing: inout Listing
    ) {
        let directoryPath = join(relative)
        guard depth <= Self.maximumDepth else {
            listing.warnings.append(
                Diagnostic(
                    severity: .warning, message: "folders nested deeper than \(Self.maximumDepth) levels are not read",
                    file: directoryPath))
            return
        }
        guard let directory = opendir(directoryPath) else {
            listing.warnings.append(
                Diagnostic(
                    severity: .warning, message: "cannot read the folder (\(Self.reason(errno))): skipped",
                    file: directoryPath))
            return
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            let childPath = join(childRelative)
            if excludes.contains(where: { $0.matches(childRelative) }) { continue }
            var status = stat()
            guard lstat(childPath, &status) == 0 else {
                // A path too long for the system, or an entry gone since it was listed.
                listing.warnings.append(skipped(childPath, "cannot be examined (\(Self.reason(errno)))"))
                continue
            }
            let fileExtension = Self.pathExtension(name)
            let wanted = extensions.contains(fileExtension)
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                if Self.skippedDirectories.contains(name) { continue }
                if folderExtensions.contains(fileExtension) {
                    listing.folders.append(Entry(path: childPath, relativePath: childRelative))
                    continue
                }
                walk(
                    relative: childRelative, depth: depth + 1, extensions: extensions,
                    folderExtensions: folderExtensions, into: &listing)
            case S_IFREG:
                guard wanted else { continue }
                if Int(status.st_size) > Self.maximumFileSize {
                    listing.warnings.append(tooLarge(childPath))
                } else {
                    listing.files.append(Entry(path: childPath, relativePath: childRelative))
                }
            case S_IFLNK:
                guard wanted || folderExtensions.contains(fileExtension) else { continue }
                switch linkTarget(childPath) {
                case .regularFile(let size):
                    if !wanted {
                        listing.warnings.append(skipped(childPath, "a symbolic link to something that is not a folder"))
                    } else if size > Self.maximumFileSize {
                        listing.warnings.append(tooLarge(childPath))
                    } else {
                        listing.files.append(Entry(path: childPath, relativePath: childRelative))
                    }
                case .outside: listing.warnings.append(skipped(childPath, "a symbolic link that leaves the folder"))
                case .folder: listing.warnings.append(skipped(childPath, "a symbolic link to a folder"))
                case .special(let kind): listing.warnings.append(skipped(childPath, "a symbolic link to \(kind)"))
                case .broken:
                    listing.warnings.append(
                        skipped(childPath, "a symbolic link that does not resolve to a file in the folder"))
                }
            default:
                guard wanted else { continue }
                listing.warnings.append(skipped(childPath, "not a regular file (\(Self.kind(of: status.st_mode)))"))
            }
        }
    }

    /// Where a symbolic link inside the folder leads.
    enum LinkTarget: Equatable {
        case regularFile(size: Int)
        case folder
        case special(String)
        case outside
        case broken
    }

    func linkTarget(_ path: String) -> LinkTarget {
        guard let resolved = Self.realPath(path) else { return .broken }
        guard isInside(resolved) else { return .outside }
        var status = stat()
        guard stat(resolved, &status) == 0 else { return .broken }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(size: Int(status.st_size))
        case S_IFDIR: return .folder
        default: return .special(Self.kind(of: status.st_mode))
        }
    }

    /// Whether a resolved path lies inside the resolved folder.
    func isInside(_ resolved: String) -> Bool {
        resolved == resolvedPath || resolved.hasPrefix(resolvedPath == "/" ? "/" : resolvedPath + "/")
    }

    /// Whether `path` (found by the project rather than by a walk) names a regular file
    /// inside the folder: the check a project's file references go through before they are
    /// read, since a project file can name any path.
    func check(_ path: String) -> Diagnostic? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        guard let resolved = Self.realPath(path) else {
            return skipped(path, "a symbolic link that does not resolve to a file in the folder")
        }
        guard isInside(resolved) else {
            return skipped(
                path,
                status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link that leaves the folder" : "outside the folder")
        }
        guard stat(resolved, &status) == 0 else {
            return skipped(path, "a symbolic link that does not resolve to a file in the folder")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return skipped(path, "not a regular file (\(Self.kind(of: status.st_mode)))")
        }
        if Int(status.st_size) > Self.maximumFileSize { return tooLarge(path) }
        return nil
    }

    /// `diagnostic`, about a path a project or configuration file names, placed where CI can
    /// show it: one about a path outside the folder is moved to `referrer` (the file that
    /// names the path, which the repository holds), the path leading its message, with no
    /// line or excerpt of the outside file.
    func placedInside(_ diagnostic: Diagnostic, namedBy referrer: String) -> Diagnostic {
        guard let file = diagnostic.file, relativePath(of: file) == nil else { return diagnostic }
        var placed = diagnostic
        placed.message = "\(file): \(diagnostic.message)"
        placed.file = referrer
        placed.line = nil
        placed.column = nil
        placed.excerpt = nil
        return placed
    }

    /// Whether anything (a file, a link, even a broken one) is at `path`.
    func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// `path` (as the project or the walk names it) relative to the folder, or nil when
    /// it is not below it.
    func relativePath(of path: String) -> String? {
        let base = ProjectPaths.normalized(self.path)
        let target = ProjectPaths.normalized(path)
        if base == "." {
            return target.hasPrefix("/") || target == ".." || target.hasPrefix("../")
                ? nil : (target == "." ? "" : target)
        }
        if target == base { return "" }
        return target.hasPrefix(base == "/" ? "/" : base + "/")
            ? String(target.dropFirst(base == "/" ? 1 : base.count + 1)) : nil
    }

    private func skipped(_ path: String, _ what: String) -> Diagnostic {
        Diagnostic(
            severity: .warning, code: Diagnostic.Code(WarningCode.skippedFile), message: "\(what): not read", file: path
        )
    }

    private func tooLarge(_ path: String) -> Diagnostic {
        Diagnostic(
            severity: .warning, code: Diagnostic.Code(WarningCode.skippedFile),
            message: "larger than \(Self.maximumFileSize >> 20) MiB, more than any app's source file: not read",
            file: path)
    }

    private func join(_ relative: String) -> String {
        guard !relative.isEmpty else { return path }
        var base = path
        while base.hasSuffix("/") && base.count > 1 { base.removeLast() }
        if base == "." { return relative }
        return base == "/" ? "/" + relative : base + "/" + relative
    }

    static func pathExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or directory"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a component of the path is not a folder"
        default: String(cString: strerror(code))
        }
    }
}
