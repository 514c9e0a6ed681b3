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
    /// Files one configuration reads in all: a file that includes itself twice would
    /// otherwise be read 2¹⁶ times before the depth ends it.
    static let maximumFiles = 256

    /// The settings of the file at `path` with its includes, and a warning for each line or
    /// include that could not be read.
    static func settings(at path: String, folder: AppFolder) -> (settings: [String: Any], problems: [Diagnostic]) {
        var filesRead = 0
        return settings(at: path, folder: folder, depth: 0, filesRead: &filesRead)
    }

    private static func settings(at path: String, folder: AppFolder, depth: Int, filesRead: inout Int) -> (
        settings: [String: Any], problems: [Diagnostic]
    ) {
        var settings: [String: Any] = [:]
        var problems: [Diagnostic] = []
        guard depth < maximumIncludeDepth, filesRead < maximumFiles else {
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
        filesRead += 1
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
                let inner = self.settings(at: included, folder: folder, depth: depth + 1, filesRead: &filesRead)
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
            let key = String(trimmed[..<equals]).trimmingWhitespace.replacingOccurrences(of: " ", with: "")
            var value = String(trimmed[trimmed.index(after: equals)...]).trimmingWhitespace
            if value.hasSuffix(";") { value.removeLast() }
            if !key.isEmpty { settings[key] = value }
        }
        return (settings, problems)
    }

    private static func fileExists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
