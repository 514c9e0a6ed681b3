import ArgumentParser
import Foundation
import SceneRouting

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
        pending.withUnsafeBytes { FileHandle.standardOutput.write(Data($0)) }
        pending.removeAll(keepingCapacity: true)
    }

    static func error(_ message: String) {
        flush()
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Reads a file (standard input for nil or `-`) and splits it into lines; a trailing `\r`
    /// is dropped so CRLF files work. Lines keep their bytes: decoding is the caller's job.
    /// A file that cannot be read is reported (`FILE: error: cannot read the file (…)`) and
    /// ends the command with exit code 2.
    static func lines(ofFileAt path: String?, reporter: DiagnosticReporter) throws -> [ArraySlice<UInt8>] {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.contents(of: path ?? "-")
        } catch {
            reporter.report(error)
            throw ExitCode(2)
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
    }

    /// Calls `body` with each line of a file (as ``lines(ofFileAt:reporter:)`` reads them)
    /// and its 1-based number; with `skippingBlank`, lines of only spaces and tabs are
    /// passed over (JSON Lines inputs).
    static func forEachLine(
        ofFileAt path: String?, skippingBlank: Bool, reporter: DiagnosticReporter,
        _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws -> Void
    ) throws {
        for (index, line) in try lines(ofFileAt: path, reporter: reporter).enumerated() {
            if skippingBlank && line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            try body(index + 1, line)
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
