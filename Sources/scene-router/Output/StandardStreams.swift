import ArgumentParser
import Foundation
import SceneRouting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered stdout and unbuffered stderr, without `print`'s per-call locking cost on
/// large batches.
enum StandardStreams {
    nonisolated(unsafe) private static var pending: [UInt8] = []

    static func write(_ line: String) {
        pending.append(contentsOf: line.utf8)
        pending.append(UInt8(ascii: "\n"))
        if pending.count >= 1 << 16 { flush() }
    }

    static func flush() {
        guard !pending.isEmpty else { return }
        if let failure = writeAll(pending, to: STDOUT_FILENO) {
            // Standard output closed or gone: nothing more can be answered.
            pending.removeAll()
            _ = writeAll(
                Array("scene-router: error: cannot write to standard output (\(failure))\n".utf8), to: STDERR_FILENO)
            exit(2)
        }
        pending.removeAll(keepingCapacity: true)
    }

    static func error(_ message: String) {
        flush()
        _ = writeAll(Array((message + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes every byte, retrying short writes and interruptions; the reason on failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno)).lowercased()
            }
            offset += written
        }
        return nil
    }

    /// Calls `body` with each line of a file (standard input for nil or `-`) and its 1-based
    /// number, as the lines arrive; a trailing `\r` is dropped so CRLF files work, and with
    /// `skippingBlank`, lines of only spaces and tabs are passed over (JSON Lines inputs).
    /// Lines keep their bytes: decoding is the caller's job. Answers written so far are
    /// flushed whenever a pipe or terminal has nothing more yet, so a process feeding lines
    /// gets each answer as it is decided. A file that cannot be read is reported
    /// (`FILE: error: cannot read the file (…)`) and ends the command with exit code 2,
    /// after the lines read before the failure have been answered.
    /// `willWait` runs before each wait, ahead of the flush: a caller holding answers back
    /// (to decide several at once) writes them there.
    static func forEachLine(
        ofFileAt path: String?, skippingBlank: Bool, reporter: DiagnosticReporter, willWait: () -> Void = {},
        _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws -> Void
    ) throws {
        /// What `body` threw, kept apart from the reader's own failures.
        struct BodyError: Error { let error: any Error }
        var number = 0
        do {
            func waiting() {
                willWait()
                flush()
            }
            try InputFile.forEachLine(of: path ?? "-", willWait: waiting) { line in
                number += 1
                let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
                if skippingBlank && line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
                do { try body(number, line) } catch { throw BodyError(error: error) }
            }
        } catch let thrown as BodyError {
            throw thrown.error
        } catch let failure as Diagnostic {
            reporter.report(failure)
            throw ExitCode(2)
        }
    }

    /// Decodes a line as UTF-8, or explains where it is not.
    static func decode(_ bytes: ArraySlice<UInt8>) -> Result<String, InvalidUTF8> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return .failure(InvalidUTF8(offset: offset))
            case .error:
                return .failure(InvalidUTF8(offset: offset))
            }
        }
    }

    struct InvalidUTF8: Error {
        var offset: Int
        var description: String { "not valid UTF-8 (at byte offset \(offset))" }
    }
}
