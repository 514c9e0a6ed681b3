#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An `--exclude` pattern, matched with the C library's `fnmatch` (shell wildcards `*`, `?`,
/// `[…]`). A pattern without `/` is matched against each name along a file's path (so
/// `*.orig.swift` and `Legacy` both work); one with `/` against the whole path relative to
/// the app's folder, where `*` also crosses folders (`App/Generated/*`).
struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    let pattern: String

    init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.pattern = trimmed
    }

    var description: String { pattern }

    /// Whether `relativePath` (components separated by `/`) is excluded.
    func matches(_ relativePath: String) -> Bool {
        if pattern.contains("/") { return fnmatch(pattern, relativePath, 0) == 0 }
        return relativePath.split(separator: "/").contains { fnmatch(pattern, String($0), 0) == 0 }
    }

    /// Whether the whole of `text` matches, `*` matching any characters (build-setting
    /// conditions such as `sdk=iphoneos*`).
    func matchesWhole(_ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}
