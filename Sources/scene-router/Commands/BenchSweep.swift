import ArgumentParser
import Foundation
import SceneRouterWorkloads

/// `bench --sweep`: every combination of session count, mix and engine, each measured by a
/// `scene-router bench` process of its own, one row per engine and configuration.
///
/// A fresh process per configuration keeps one configuration's heap, caches and page
/// faults out of the next one's figures, and lets a configuration that runs too long (a
/// peer engine compiling a million expressions) be stopped without losing the others.
struct BenchSweep {
    let bench: SceneRouterCommand.Bench

    /// One engine measured on one configuration.
    struct Row: Encodable {
        var engine: String
        var mix: String
        var sessions: Int
        /// `ok`, or why there are no figures: the engine refused the conditions, the
        /// configuration timed out or failed, or the engine stopped at a smaller size.
        var status = "ok"
        var buildSeconds: Double?
        /// Bytes per session the engine's structure holds by its own count: the table's
        /// accounting, Hyperscan's database size; nil where the engine does not tell.
        var bytesPerSession: Int?
        /// Growth of the process's resident set per session while the engine was built.
        var residentBytesPerSession: Int?
        var p50Nanos: UInt64?
        var p90Nanos: UInt64?
        var p99Nanos: UInt64?
        var p999Nanos: UInt64?
        var routesPerSecond: Int?
        var churnP50Nanos: UInt64?
        var churnP99Nanos: UInt64?
        /// Events routed and timed.
        var events: Int?
        /// Decisions checked (the table against the reference router; a peer against the
        /// table, on every timed event) and how many differed.
        var checked: Int?
        var mismatches: Int?
        var machine: String
        var commit: String
        var version: String
        var date: String
        var configuration: String
        /// The table: loading the manifest (parse, compile), and the process's resident
        /// growth per session over load and build together (``MemoryRecord``).
        var loadSeconds: Double?
        var memoryBytesPerSession: Int?

        static let csvHeader =
            "engine,mix,sessions,status,build_s,bytes_per_session,resident_bytes_per_session,p50_ns,p90_ns,p99_ns,p999_ns,"
            + "routes_per_s,churn_p50_ns,churn_p99_ns,events,checked,mismatches,machine,commit,version,date,configuration,"
            + "load_s,memory_bytes_per_session"

        var csv: String {
            let fields: [String] = [
                engine, mix, "\(sessions)", status, buildSeconds.map { String(format: "%.3f", $0) } ?? "",
                text(bytesPerSession), text(residentBytesPerSession), text(p50Nanos), text(p90Nanos), text(p99Nanos),
                text(p999Nanos),
                text(routesPerSecond), text(churnP50Nanos), text(churnP99Nanos), text(events), text(checked),
                text(mismatches),
                machine, commit, version, date, configuration, loadSeconds.map { String(format: "%.3f", $0) } ?? "",
                text(memoryBytesPerSession),
            ]
            return fields.map(Self.csvField).joined(separator: ",")
        }

        private func text(_ value: (some BinaryInteger)?) -> String { value.map { "\($0)" } ?? "" }

        /// RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled.
        static func csvField(_ field: String) -> String {
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }

    func run() throws {
        let counts = bench.sessionCounts!.sorted()
        let mixes = bench.mixList!
        let engines = bench.engineList!
        let machine = Self.machine()
        let commit = Self.commit()
        let date = ISO8601DateFormatter.string(
            from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withInternetDateTime])
        // Rows go to --output (CSV for a .csv name, JSON Lines otherwise) or standard output.
        var file: FileHandle?
        if let path = bench.rowsFile {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else {
                StandardStreams.error("error: \(path): cannot create the file")
                throw ExitCode(2)
            }
            file = handle
        }
        let json = bench.rowsFile.map { !$0.hasSuffix(".csv") } ?? (bench.output.format == .json)
        func emit(_ line: String) throws {
            guard let file else { return StandardStreams.write(line) }
            do {
                try file.write(contentsOf: Data((line + "\n").utf8))
            } catch {
                StandardStreams.error("error: \(bench.rowsFile!): cannot write (\(error.localizedDescription))")
                throw ExitCode(2)
            }
        }
        defer { try? file?.close() }
        if !json { try emit(Row.csvHeader) }
        var mismatched = false
        let total = counts.count * mixes.count * engines.count
        var done = 0
        for mix in mixes {
            // Where an engine stopped on this mix, by the session count it stopped at.
            var stopped: [String: Int] = [:]
            for sessions in counts {
                for engine in engines {
                    done += 1
                    var row = Row(
                        engine: engine, mix: mix.rawValue, sessions: sessions, machine: machine, commit: commit,
                        version: SceneRouterVersion.current, date: date,
                        configuration: SceneRouterCommand.Bench.buildConfiguration)
                    if let at = stopped[engine] {
                        row.status = "not run: stopped at \(at) sessions"
                    } else {
                        StandardStreams.error(
                            "sweep: \(done)/\(total): \(engine), \(mix.rawValue), \(sessions) sessions")
                        measure(&row)
                        if row.status != "ok" { stopped[engine] = sessions }
                    }
                    if (row.mismatches ?? 0) > 0 { mismatched = true }
                    try emit(json ? JSONLines.line(row) : row.csv)
                    StandardStreams.flush()
                }
            }
        }
        if mismatched {
            StandardStreams.error(
                "error: an engine's decisions differed from the reference's (see the mismatches column)")
            throw ExitCode(1)
        }
    }

    /// Runs one `scene-router bench` for the row's configuration and fills the row in from
    /// its record.
    private func measure(_ row: inout Row) {
        var arguments = [
            "bench", "--sessions", "\(row.sessions)", "--mix", row.mix, "--events", "\(bench.events)", "--seed",
            "\(bench.seed)",
            "--format", "json",
        ]
        if row.engine == "scenerouter" {
            arguments += ["--baseline", bench.baseline]
            if let events = bench.baselineEvents { arguments += ["--baseline-events", "\(events)"] }
        } else {
            // A peer is checked against the table, which its own row checks against the reference.
            arguments += ["--baseline", "none", "--engines", "scenerouter,\(row.engine)"]
        }
        let outcome: ChildOutcome
        do {
            outcome = try Self.runChild(arguments, timeout: bench.timeout)
        } catch {
            row.status = "failed to start: \(error)"
            return
        }
        switch outcome {
        case .timedOut:
            row.status = "timed out after \(bench.timeout) s"
        case .crashed(let signal, let lastError):
            row.status = "crashed (signal \(signal))" + (lastError.isEmpty ? "" : ": \(lastError)")
        case .exited(let status, let output, let lastError):
            guard let data = output.split(separator: UInt8(ascii: "\n")).last,
                let record = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any]
            else {
                row.status = "failed (exit status \(status))" + (lastError.isEmpty ? "" : ": \(lastError)")
                return
            }
            fill(&row, from: record)
        }
    }

    private func fill(_ row: inout Row, from record: [String: Any]) {
        func int<T: BinaryInteger>(_ object: [String: Any]?, _ key: String) -> T? {
            (object?[key] as? NSNumber).map { T(truncatingIfNeeded: $0.int64Value) }
        }
        if row.engine == "scenerouter" {
            let build = record["build"] as? [String: Any]
            let indexed = record["indexed"] as? [String: Any]
            let churn = record["churn"] as? [String: Any]
            let agreement = record["agreement"] as? [String: Any]
            row.buildSeconds = (build?["seconds"] as? NSNumber)?.doubleValue
            row.bytesPerSession = int(build, "bytesPerSession")
            row.residentBytesPerSession = int(build, "residentBytesPerSession")
            row.loadSeconds = (build?["loadSeconds"] as? NSNumber)?.doubleValue
            row.memoryBytesPerSession = int(build?["memory"] as? [String: Any], "residentBytesPerSession")
            row.p50Nanos = int(indexed, "p50Nanos")
            row.p90Nanos = int(indexed, "p90Nanos")
            row.p99Nanos = int(indexed, "p99Nanos")
            row.p999Nanos = int(indexed, "p999Nanos")
            row.routesPerSecond = int(indexed, "routesPerSecond")
            row.churnP50Nanos = int(churn, "p50Nanos")
            row.churnP99Nanos = int(churn, "p99Nanos")
            row.events = int(record, "events")
            row.checked = int(agreement, "checked")
            row.mismatches = int(agreement, "mismatches")
            return
        }
        guard
            let peer = (record["engines"] as? [[String: Any]])?.first(where: { $0["engine"] as? String == row.engine })
        else {
            row.status = "failed: no record of the engine"
            return
        }
        row.buildSeconds = (peer["buildSeconds"] as? NSNumber)?.doubleValue
        if let failure = peer["failure"] as? String {
            row.status = "did not build: \(failure)"
            return
        }
        row.bytesPerSession = (int(peer, "compiledBytes") as Int?).map { $0 / max(1, row.sessions) }
        row.residentBytesPerSession = int(peer, "residentBytesPerSession")
        row.p50Nanos = int(peer, "p50Nanos")
        row.p90Nanos = int(peer, "p90Nanos")
        row.p99Nanos = int(peer, "p99Nanos")
        row.p999Nanos = int(peer, "p999Nanos")
        row.routesPerSecond = int(peer, "routesPerSecond")
        row.events = int(peer, "events")
        row.checked = row.events
        row.mismatches = int(peer, "mismatches")
    }

    enum ChildOutcome {
        /// The exit status, standard output, and the last line of standard error.
        case exited(Int32, [UInt8], String)
        case crashed(Int32, String)
        case timedOut
    }

    /// Runs this executable with `arguments`; stopped (SIGTERM, then SIGKILL) after
    /// `timeout` seconds. Its standard error is kept, not shown: the sweep reports progress
    /// itself, and a library that fails may write thousands of lines there first.
    static func runChild(_ arguments: [String], timeout: Int) throws -> ChildOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        // A crash's own message (glibc's, a fatal error's) then ends standard error, instead
        // of a backtrace that takes seconds to make.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // Read while the child runs, so a full pipe never blocks it.
        let outputReader = PipeReader(output.fileHandleForReading, keepingLast: 1 << 20)
        let errorReader = PipeReader(errors.fileHandleForReading, keepingLast: 4_096)
        if exited.wait(timeout: .now() + .seconds(timeout)) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + .seconds(10)) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            _ = (outputReader.finish(), errorReader.finish())
            return .timedOut
        }
        let bytes = outputReader.finish()
        let lastError = Self.lastLine(errorReader.finish())
        if process.terminationReason == .uncaughtSignal { return .crashed(process.terminationStatus, lastError) }
        return .exited(process.terminationStatus, bytes, lastError)
    }

    /// The last line of `bytes` that is not a progress update, printable and cut to 200
    /// characters: what a failed configuration's row quotes.
    static func lastLine(_ bytes: [UInt8]) -> String {
        let line =
            bytes.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces) }
            .last {
                !$0.isEmpty && !$0.hasPrefix("bench: ") && !$0.hasPrefix("warning: this scene-router is a debug build")
            } ?? ""
        return String(
            String.UnicodeScalarView(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).prefix(200))
    }

    /// Collects what a pipe carries, up to its last `limit` bytes, on a thread of its own
    /// until the writer closes it.
    private final class PipeReader: @unchecked Sendable {
        private var bytes: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle, keepingLast limit: Int) {
            Thread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(contentsOf: chunk)
                    if bytes.count > 2 * limit { bytes.removeFirst(bytes.count - limit) }
                }
                if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
                done.signal()
            }.start()
        }

        func finish() -> [UInt8] {
            done.wait()
            return bytes
        }
    }

    /// The CPU model, cores and cache sizes, from /proc and /sys (Linux).
    static func machine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }.flatMap {
                $0.split(separator: ":", maxSplits: 1).last
            }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        var caches: [String] = []
        for index in 0..<8 {
            let folder = "/sys/devices/system/cpu/cpu0/cache/index\(index)/"
            func read(_ name: String) -> String? {
                (try? String(contentsOfFile: folder + name, encoding: .utf8))?.trimmingCharacters(
                    in: .whitespacesAndNewlines)
            }
            guard let level = read("level"), let type = read("type"), let size = read("size") else { continue }
            if type == "Instruction" { continue }
            caches.append("L\(level)\(type == "Data" ? "d" : "") \(size)")
        }
        return ([model, "\(ProcessInfo.processInfo.activeProcessorCount) cores"] + caches).joined(separator: ", ")
    }

    /// The short commit of the Git checkout in the working folder, `+changes` when tracked
    /// files differ from it; `unknown` outside a checkout.
    static func commit() -> String {
        func git(_ arguments: [String]) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let head = git(["rev-parse", "--short", "HEAD"]), !head.isEmpty else { return "unknown" }
        let changes = git(["status", "--porcelain", "--untracked-files=no"]) ?? ""
        return changes.isEmpty ? head : head + "+changes"
    }
}
