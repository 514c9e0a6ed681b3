import SceneRouting

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one file of an app: a regular file only, at most ``AppFolder/maximumFileSize``
/// bytes. Opened without blocking and checked after opening, so a FIFO or a device put in
/// place of a file (or swapped in after the walk) is refused at once instead of hanging or
/// being read without end.
enum SafeFile {
    static func contents(of path: String) throws(Diagnostic) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Diagnostic(message: "cannot read the file (\(AppFolder.reason(errno)))", file: path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Diagnostic(message: "cannot read the file (\(AppFolder.reason(errno)))", file: path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Diagnostic(
                message: "cannot read the file (\(AppFolder.kind(of: status.st_mode)), not a regular file)", file: path)
        }
        let limit = AppFolder.maximumFileSize
        guard Int(status.st_size) <= limit else {
            throw Diagnostic(message: "cannot read the file (larger than \(limit >> 20) MiB)", file: path)
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                // The file grew after it was measured.
                guard bytes.count <= limit else {
                    throw Diagnostic(message: "cannot read the file (larger than \(limit >> 20) MiB)", file: path)
                }
                bytes.append(contentsOf: repeatElement(0, count: 1 << 16))
            }
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(message: "cannot read the file (\(AppFolder.reason(errno)))", file: path)
            }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
