import Foundation

/// Progress on stderr for long commands: on a terminal, one line rewritten in place; into a
/// file or a CI log, a line at most every few seconds, so logs stay short.
final class ProgressLine {
    private let prefix: String
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastPrinted: UInt64?
    private var showing = false
    /// How often a non-terminal gets a line.
    private let interval: UInt64 = 3_000_000_000

    init(prefix: String) { self.prefix = prefix }

    func update(_ message: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        if isTerminal {
            // The rest of the line is erased so a shorter message leaves nothing behind.
            FileHandle.standardError.write(Data("\r\u{1B}[K\(prefix)\(message)".utf8))
            showing = true
        } else if lastPrinted.map({ now - $0 >= interval }) ?? true {
            StandardStreams.error(prefix + message)
            lastPrinted = now
        }
    }

    /// Clears the terminal line before results or diagnostics are printed.
    func finish() {
        guard isTerminal, showing else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        showing = false
    }
}
