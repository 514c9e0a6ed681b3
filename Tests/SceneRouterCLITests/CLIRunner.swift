import Dispatch
import Foundation

/// Runs the built `scene-router` binary and captures what it printed.
struct CLIResult {
    var stdout: String
    var stderr: String
    var status: Int32
    /// The process ended on a signal (a crash), not by exiting.
    var signaled = false
    /// The process was still running at the deadline and was killed: a hang.
    var timedOut = false
}

enum CLIRunner {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary beside the test bundle (`.build/<config>/scene-router`).
    static let binary: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("scene-router")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/scene-router")
    }()

    /// Runs the binary; one still running after `deadline` seconds is killed and reported as
    /// timed out (a hang guard, generous enough for a debug build: not a speed assertion).
    static func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, deadline: TimeInterval = 120,
        executable: URL? = nil
    ) throws -> CLIResult {
        // Files rather than pipes: no deadlock however much either side writes.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-router-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputURL = scratch.appendingPathComponent("stdin")
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var timedOut = false
        if exited.wait(timeout: .now() + deadline) == .timedOut {
            timedOut = true
            process.terminate()
            exited.wait()
        }
        return CLIResult(
            stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal && !timedOut,
            timedOut: timedOut)
    }

    static func run(_ arguments: [String], stdin text: String) throws -> CLIResult {
        try run(arguments, stdin: Data(text.utf8))
    }
}
