import Dispatch
import Foundation
public import SceneRouting

/// Reads an app as it is written (its Info.plist and Swift sources, and APNs payload files)
/// into a ``SceneApp`` that `check`, `route` and `replay` use like any manifest.
///
/// What is understood, and what is reported as unresolved instead, is in the documentation
/// article on importing an app.
public struct AppImport: Sendable {
    /// The app, or nil when no scene could be declared (see ``diagnostics``).
    public var app: SceneApp?
    /// Everything the import could not read or place, each at its place: errors (a
    /// property list that does not parse, Swift syntax errors, invalid predicate format
    /// strings) and warnings (conditions on scenes the Info.plist does not declare).
    public var diagnostics: [Diagnostic]
    /// What was found.
    public var summary: Summary

    /// Counts of what an import found.
    public struct Summary: Sendable, Equatable, CustomStringConvertible {
        public var swiftFiles = 0
        public var payloadFiles = 0
        public var declarations = 0
        /// Activation conditions and `matching` sets found in the code, read or not.
        public var conditions = 0
        /// Those that could not be read without running the app.
        public var unresolvedConditions = 0
        public var emittedIdentifiers = 0
        public var emittedPatterns = 0
        public var emittedDynamic = 0

        /// One line: `3 declarations; 5 conditions (1 unresolved); 7 emitted identifiers (2 patterns, 1 dynamic); from 12 Swift files and 2 payload files`.
        public var description: String {
            let emitted = emittedIdentifiers + emittedPatterns + emittedDynamic
            return "\(declarations) declaration\(declarations == 1 ? "" : "s"); "
                + "\(conditions) condition\(conditions == 1 ? "" : "s") (\(unresolvedConditions) unresolved); "
                + "\(emitted) emitted identifier\(emitted == 1 ? "" : "s") (\(emittedPatterns) pattern\(emittedPatterns == 1 ? "" : "s"), "
                + "\(emittedDynamic) dynamic); from \(swiftFiles) Swift file\(swiftFiles == 1 ? "" : "s") "
                + "and \(payloadFiles) payload file\(payloadFiles == 1 ? "" : "s")"
        }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Imports the app.
    /// - Parameters:
    ///   - plist: the app's Info.plist (XML or binary).
    ///   - sources: Swift files or directories of them (searched recursively, build and
    ///     dependency folders skipped).
    ///   - payloads: JSON payload files or directories of them (`.json`, `.apns`).
    /// - Complexity: one parse per Swift file, on every core.
    public init(plist: String, sources: [String], payloads: [String] = []) {
        var diagnostics: [Diagnostic] = []
        var info: SceneManifestInfo?
        do {
            let bytes = try InputFile.contents(of: plist)
            let read = try InfoPlistReader.read(Data(bytes), file: plist)
            info = read.info
            diagnostics += read.problems
        } catch {
            diagnostics.append(error)
        }
        let swiftFiles = sources.flatMap { SourceTree.files(in: $0, extensions: ["swift"]) }
        for source in sources where !FileManager.default.fileExists(atPath: source) {
            diagnostics.append(Diagnostic(message: "cannot read the sources (no such file or directory)", file: source))
        }
        let findings = Self.scan(swiftFiles)
        let payloadFiles = payloads.flatMap { PayloadFiles.files(in: $0) }
        for payload in payloads where !FileManager.default.fileExists(atPath: payload) {
            diagnostics.append(Diagnostic(message: "cannot read the payloads (no such file or directory)", file: payload))
        }
        let payloadRead = PayloadFiles.read(payloadFiles)
        diagnostics += findings.flatMap(\.diagnostics) + payloadRead.problems

        var assembler = ImportAssembler(info: info, plistFile: plist, files: findings, payloadEmitted: payloadRead.emitted)
        // A plist that could not be read leaves nothing to declare a UIKit app from.
        app = info == nil && !findings.contains(where: \.declaresApp) ? nil : assembler.assemble()
        self.diagnostics = diagnostics + assembler.diagnostics

        summary = Summary()
        summary.swiftFiles = swiftFiles.count
        summary.payloadFiles = payloadFiles.count
        summary.declarations = app?.declarations.count ?? 0
        summary.conditions = assembler.conditionsFound
        summary.unresolvedConditions = app?.unresolvedConditions.count ?? 0
        for emitted in app?.emitted ?? [] {
            switch emitted.value {
            case .identifier: summary.emittedIdentifiers += 1
            case .pattern: summary.emittedPatterns += 1
            case .dynamic: summary.emittedDynamic += 1
            }
        }
    }

    /// Scans every file (in parallel; results in file order).
    private static func scan(_ files: [String]) -> [SourceFindings] {
        /// One slot per file, each written by one iteration only and read after all have
        /// finished (hence `@unchecked Sendable`); raw memory, so that no shared array is
        /// checked for uniqueness while other threads write.
        final class Results: @unchecked Sendable {
            let slots: UnsafeMutableBufferPointer<SourceFindings?>
            init(count: Int) {
                slots = .allocate(capacity: count)
                slots.initialize(repeating: nil)
            }
            deinit {
                slots.deinitialize()
                slots.deallocate()
            }
        }
        let results = Results(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            var findings = SourceFindings(file: file)
            do throws(Diagnostic) {
                let bytes = try InputFile.contents(of: file)
                if let text = String(validating: bytes, as: UTF8.self) {
                    findings = SwiftSourceScanner.scan(text, file: file)
                } else {
                    findings.diagnostics.append(Diagnostic(message: "not valid UTF-8: a Swift source file is", file: file))
                }
            } catch {
                findings.diagnostics.append(error)
            }
            results.slots[index] = findings
        }
        return results.slots.map { $0! }
    }
}
