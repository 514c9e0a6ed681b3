import Foundation
import SceneRouting

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A build configuration file (`.xcconfig`): `NAME = value` lines (with optional
/// `[sdk=…]` conditions), `//` comments, and `#include "other.xcconfig"` (`#include?` when
/// the file may be missing), which later lines override. Xcode has no library for this
/// format; it is a line format small enough to read here.
enum XcodeConfigFile {
    /// Includes nested deeper than this are a loop.
    static let maximumIncludeDepth = 16
    /// Files one configuration reads in all.
    static let maximumFiles = 256

    /// What one configuration's reading has seen: each file is read once, however often it
    /// is included (a tower of files that each include the next twice would otherwise be
    /// read 2¹⁶ times), and an include of a file still being read is a loop.
    private struct Reading {
        var filesRead = 0
        /// Files being read, by their resolved path, outermost first.
        var open: [String] = []
        /// Settings of files read whole, by their resolved path (their warnings were given
        /// the first time).
        var done: [String: [String: Any]] = [:]
    }

    /// The settings of the file at `path` with its includes, and a warning for each line or
    /// include that could not be read.
    static func settings(at path: String, folder: AppFolder) -> (settings: [String: Any], problems: [Diagnostic]) {
        var reading = Reading()
        return settings(at: path, folder: folder, depth: 0, reading: &reading)
    }

    /// The path `path` names with links and `.`/`..` resolved, for telling files apart.
    private static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func settings(at path: String, folder: AppFolder, depth: Int, reading: inout Reading) -> (
        settings: [String: Any], problems: [Diagnostic]
    ) {
        let key = resolved(path)
        if let known = reading.done[key] { return (known, []) }
        var settings: [String: Any] = [:]
        var problems: [Diagnostic] = []
        guard depth < maximumIncludeDepth, reading.filesRead < maximumFiles else {
            return (
                [:],
                [
                    Diagnostic(
                        severity: .warning,
                        message:
                            "#include nested more than \(maximumIncludeDepth) deep or past \(maximumFiles) files: not read",
                        file: path)
                ]
            )
        }
        reading.filesRead += 1
        guard fileExists(path) else {
            return (
                [:],
                [
                    Diagnostic(
                        severity: .warning, code: Diagnostic.Code(WarningCode.skippedFile),
                        message:
                            "a configuration file the project names is missing (not committed, or made by a tool such as `pod install`): its settings are not read",
                        file: path)
                ]
            )
        }
        if let problem = folder.check(path) { return ([:], [problem]) }
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.contents(of: path)
        } catch {
            return ([:], [Diagnostic(severity: .warning, message: error.message, file: path)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return (
                [:],
                [
                    .invalidUTF8(
                        in: bytes, file: path, severity: .warning, consequence: "the configuration file is not read")
                ]
            )
        }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        reading.open.append(key)
        defer { reading.open.removeLast() }
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = String(line).trimmingWhitespace
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#include") {
                let optional = trimmed.hasPrefix("#include?")
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close
                else {
                    problems.append(
                        Diagnostic(
                            severity: .warning, message: "an #include without a quoted path: ignored", file: path,
                            line: number + 1, column: 1))
                    continue
                }
                let included = ProjectPaths.join(directory, String(trimmed[trimmed.index(after: open)..<close]))
                if optional && !fileExists(included) { continue }
                if reading.open.contains(resolved(included)) {
                    problems.append(
                        Diagnostic(
                            severity: .warning,
                            message: "an #include of a file that is still being read (an include loop): ignored",
                            file: path, line: number + 1, column: 1))
                    continue
                }
                let inner = self.settings(at: included, folder: folder, depth: depth + 1, reading: &reading)
                settings.merge(inner.settings) { _, new in new }
                problems += inner.problems
                continue
            }
            if trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                problems.append(
                    Diagnostic(
                        severity: .warning, message: "a line without '=': ignored", file: path, line: number + 1,
                        column: 1))
                continue
            }
            let name = String(trimmed[..<equals]).trimmingWhitespace.replacingOccurrences(of: " ", with: "")
            var value = String(trimmed[trimmed.index(after: equals)...]).trimmingWhitespace
            if value.hasSuffix(";") { value.removeLast() }
            if !name.isEmpty { settings[name] = value }
        }
        reading.done[key] = settings
        return (settings, problems)
    }

    private static func fileExists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
