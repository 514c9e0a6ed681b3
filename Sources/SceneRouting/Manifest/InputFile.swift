#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file (a manifest, an events file, a timeline) or standard input, whole or
/// a line at a time as it arrives, and says in plain words why it could not: no such file, a
/// directory, permission denied, too large.
package enum InputFile {
    /// A file read whole (a manifest of a million sessions is about 350 MB) or a single line
    /// longer than this is refused rather than held in memory; it also ends reading an
    /// endless device.
    package static let maximumSize = 1 << 30

    /// The bytes of the file at `path`, or of standard input when `path` is `-`.
    /// - Parameters:
    ///   - path: the file, or `-` for standard input.
    ///   - displayName: how errors name the file (default: `path`, or `stdin`).
    /// - Throws: `Diagnostic` with the file's name and the reason.
    package static func contents(of path: String, displayName: String? = nil) throws(Diagnostic) -> [UInt8] {
        let file = try OpenFile(path, displayName: displayName, wholeFile: true)
        defer { file.release() }
        var bytes: [UInt8] = []
        // A regular file is read into storage of its size (a manifest can be hundreds of
        // megabytes: growing by doubling would copy it over and over).
        if let size = file.regularFileSize { bytes.reserveCapacity(size + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while let count = try file.nextChunk(into: &chunk) {
            guard bytes.count + count <= maximumSize else {
                throw file.failure("it is larger than \(maximumSize >> 20) MiB")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Calls `body` with each line of the file at `path` (standard input for `-`) as soon as
    /// it has arrived, without its `\n`; a last line without one is passed too. Before
    /// waiting for more of a pipe or terminal, `willWait` runs (callers flush their answers
    /// there, so a process feeding lines one at a time gets each answer before sending the
    /// next). A single line may be up to ``maximumSize`` bytes; the input as a whole is not
    /// bounded.
    /// - Throws: `Diagnostic` when the file cannot be read or a line is too long (lines
    ///   before it have been passed to `body`), or what `body` throws.
    package static func forEachLine(
        of path: String, displayName: String? = nil, willWait: () -> Void, _ body: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        let file = try OpenFile(path, displayName: displayName, wholeFile: false)
        defer { file.release() }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if !file.isRegularFile { willWait() }
            guard let count = try file.nextChunk(into: &chunk) else { break }
            // Only the new bytes are searched: a long line arriving in many chunks is scanned once.
            var searchFrom = pending.count
            pending.append(contentsOf: chunk[0..<count])
            var lineStart = 0
            while let newline = pending[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                try body(pending[lineStart..<newline])
                lineStart = newline + 1
                searchFrom = lineStart
            }
            pending.removeFirst(lineStart)
            guard pending.count <= maximumSize else {
                throw file.failure("a line is longer than \(maximumSize >> 20) MiB")
            }
        }
        if !pending.isEmpty { try body(pending[...]) }
    }

    /// An open input: refuses directories and, when it is to be read whole, regular files
    /// over ``maximumSize``; words failures with the file's name.
    private struct OpenFile {
        let name: String
        let descriptor: Int32
        let isRegularFile: Bool
        /// A regular file's size when opened (it may still grow or shrink).
        let regularFileSize: Int?

        init(_ path: String, displayName: String?, wholeFile: Bool) throws(Diagnostic) {
            name = displayName ?? (path == "-" ? "stdin" : path)
            descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw Diagnostic(message: "cannot read the file (\(InputFile.reason(errno)))", file: name)
            }
            var status = stat()
            var isRegularFile = false
            var regularFileSize: Int?
            if fstat(descriptor, &status) == 0 {
                isRegularFile = status.st_mode & S_IFMT == S_IFREG
                if isRegularFile { regularFileSize = min(Int(status.st_size), maximumSize) }
                let failure: String? =
                    if status.st_mode & S_IFMT == S_IFDIR {
                        "it is a directory"
                    } else if wholeFile, isRegularFile, Int(status.st_size) > maximumSize {
                        "it is larger than \(maximumSize >> 20) MiB"
                    } else { nil }
                if let failure {
                    if descriptor != STDIN_FILENO { close(descriptor) }
                    throw Diagnostic(message: "cannot read the file (\(failure))", file: name)
                }
            }
            self.isRegularFile = isRegularFile
            self.regularFileSize = regularFileSize
        }

        func failure(_ reason: String) -> Diagnostic {
            Diagnostic(message: "cannot read the file (\(reason))", file: name)
        }

        func release() {
            if descriptor != STDIN_FILENO { _ = close(descriptor) }
        }

        /// Reads what is available into `chunk`: the byte count, or nil at the end of the input.
        func nextChunk(into chunk: inout [UInt8]) throws(Diagnostic) -> Int? {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 { return count }
                if count == 0 { return nil }
                if errno != EINTR { throw failure(InputFile.reason(errno)) }
            }
        }
    }

    /// A short reason for `code`, in lower case to follow "cannot read the file (…)".
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        case ENOTDIR: return "a component of the path is not a directory"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
