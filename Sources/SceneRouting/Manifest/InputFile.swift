#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole input file (a manifest, an events file, a timeline) or standard input, and
/// says in plain words why it could not: no such file, a directory, permission denied, too
/// large.
package enum InputFile {
    /// Files larger than this are refused rather than read into memory (a manifest of a
    /// million sessions is about 350 MB); it also ends reading an endless device.
    package static let maximumSize = 1 << 30

    /// The bytes of the file at `path`, or of standard input when `path` is `-`.
    /// - Parameters:
    ///   - path: the file, or `-` for standard input.
    ///   - displayName: how errors name the file (default: `path`, or `stdin`).
    /// - Throws: `Diagnostic` with the file's name and the reason.
    package static func contents(of path: String, displayName: String? = nil) throws(Diagnostic) -> [UInt8] {
        let name = displayName ?? (path == "-" ? "stdin" : path)
        func failure(_ reason: String) -> Diagnostic {
            Diagnostic(message: "cannot read the file (\(reason))", file: name)
        }
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(reason(errno)) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }

        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw failure("it is a directory") }
            if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > maximumSize {
                throw failure("it is larger than \(maximumSize >> 20) MiB")
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(reason(errno))
            }
            guard bytes.count + count <= maximumSize else { throw failure("it is larger than \(maximumSize >> 20) MiB") }
            bytes.append(contentsOf: chunk[0..<count])
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
