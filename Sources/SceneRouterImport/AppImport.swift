import Dispatch
import Foundation
public import SceneRouting
import SwiftParser

/// Reads an app as it is written (its Xcode project, Info.plist, Swift and Objective-C
/// sources, and APNs payload files) into a ``SceneApp`` that `check`, `route` and `replay`
/// use like any manifest.
///
/// What is understood, and what is reported as unresolved instead, is in the documentation
/// article on importing an app.
public struct AppImport: Sendable {
    /// The app, or nil when no scene could be declared (see ``diagnostics``).
    public var app: SceneApp?
    /// Everything the import could not read or place, each at its place: errors (a
    /// property list that does not parse, Swift syntax errors, invalid predicate format
    /// strings) and warnings (conditions on scenes the Info.plist does not declare, files
    /// not read, Objective-C it does not understand).
    public var diagnostics: [Diagnostic]
    /// What was found.
    public var summary: Summary
    /// How the app was read, in one line: the project, target, configuration and platform,
    /// and where the Info.plist came from; or, without a project, the files given.
    public var readAs: String
    /// The target's `PRODUCT_BUNDLE_IDENTIFIER`, when the app was read from its project.
    public var bundleIdentifier: String?
    /// What diagnostics and summaries name the app by: the Info.plist, or the project.
    public var name: String

    /// How to read an app's folder.
    public struct Options: Sendable {
        /// The project target to read (`NAME` or `PROJECT/NAME`); nil chooses the one
        /// application target that builds for the platform.
        public var target: String?
        /// The build configuration whose settings apply; nil is Debug.
        public var configuration: String?
        /// The platform whose `#if` branches are compiled.
        public var platform: AppPlatform
        /// Files left out (`--exclude`), matched against paths relative to the folder.
        public var excludes: [String]

        public init(
            target: String? = nil, configuration: String? = nil, platform: AppPlatform = .iOS, excludes: [String] = []
        ) {
            self.target = target
            self.configuration = configuration
            self.platform = platform
            self.excludes = excludes
        }
    }

    /// Counts of what an import found.
    public struct Summary: Sendable, Equatable, CustomStringConvertible {
        public var swiftFiles = 0
        public var objectiveCFiles = 0
        public var payloadFiles = 0
        public var declarations = 0
        /// Activation conditions and `matching` sets found in the code, read or not.
        public var conditions = 0
        /// Those that could not be read without running the app.
        public var unresolvedConditions = 0
        /// Those read as templates of values each window binds (``SceneDeclaration/values``).
        public var windowValueConditions = 0
        public var emittedIdentifiers = 0
        public var emittedPatterns = 0
        public var emittedDynamic = 0
        /// The branches read from the app delegate's `configurationForConnecting` (nil: it
        /// has none), and those the import could not read.
        public var newSceneRules: Int?
        public var unreadNewSceneRules = 0

        /// One line: `3 declarations; 5 conditions (1 unresolved); 7 emitted identifiers (2 templates, 1 dynamic); from 12 Swift files and 2 payload files`.
        public var description: String {
            let emitted = emittedIdentifiers + emittedPatterns + emittedDynamic
            let objectiveC =
                objectiveCFiles == 0 ? "" : ", \(objectiveCFiles) Objective-C file\(objectiveCFiles == 1 ? "" : "s")"
            return "\(declarations) declaration\(declarations == 1 ? "" : "s"); "
                + "\(conditions) condition\(conditions == 1 ? "" : "s") (\(unresolvedConditions) unresolved"
                + (windowValueConditions == 0 ? "" : ", \(windowValueConditions) using window values") + "); "
                + (newSceneRules.map {
                    "configurationForConnecting: \($0) rule\($0 == 1 ? "" : "s") (\(unreadNewSceneRules) unread); "
                } ?? "")
                + "\(emitted) emitted identifier\(emitted == 1 ? "" : "s") (\(emittedPatterns) template\(emittedPatterns == 1 ? "" : "s"), "
                + "\(emittedDynamic) dynamic); from \(swiftFiles) Swift file\(swiftFiles == 1 ? "" : "s")\(objectiveC) "
                + "and \(payloadFiles) payload file\(payloadFiles == 1 ? "" : "s")"
        }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Imports an app from the files named.
    /// - Parameters:
    ///   - plist: the app's Info.plist (XML or binary).
    ///   - sources: Swift and Objective-C files or folders of them (searched recursively,
    ///     build and dependency folders skipped).
    ///   - payloads: JSON payload files or folders of them (`.json`, `.apns`).
    ///   - options: the platform (for `#if`) and the files to leave out.
    /// - Complexity: one parse per source file, on every core.
    public init(plist: String, sources: [String], payloads: [String] = [], options: Options = Options()) {
        var inputs = ImportInputs(plist: .file(plist), name: plist, options: options)
        let named = sources.isEmpty ? "no sources" : "sources " + sources.joined(separator: ", ")
        inputs.readAs = "read from the files given: Info.plist \(plist), \(named) (\(options.platform.displayName))"
        for source in sources { inputs.addSources(source) }
        for payload in payloads { inputs.addPayloads(payload) }
        self.init(inputs)
    }

    /// Imports the app in `folder`: from its Xcode project as Xcode builds it (the chosen
    /// target's Info.plist, generated keys and source files) when there is one, else from
    /// the shallowest Info.plist with a scene manifest and every source file below it.
    /// - Throws: ``ImportUsageError`` when it is not clear which target (or Info.plist) is
    ///   meant: the message lists the choices.
    public init(folder: String, payloads: [String] = [], options: Options = Options()) throws(ImportUsageError) {
        let appFolder: AppFolder
        do {
            appFolder = try AppFolder(folder, excludes: options.excludes.map(PathGlob.init))
        } catch {
            var inputs = ImportInputs(plist: .none, name: folder, options: options)
            inputs.diagnostics.append(error)
            inputs.readAs = "not read"
            self.init(inputs)
            return
        }
        var inputs: ImportInputs
        switch try ProjectDiscovery.choose(in: appFolder, options: options) {
        case .unreadable(let failures):
            inputs = ImportInputs(plist: .none, name: folder, options: options)
            inputs.diagnostics += failures
            inputs.readAs = "not read: no Xcode project below \(folder) could be read"
        case .chosen(let target, let warnings):
            inputs = ImportInputs(project: target, folder: appFolder, options: options)
            inputs.diagnostics += warnings
            // Every path outside the folder that the import names came from the project.
            let projectFile = target.project.bundlePath + "/project.pbxproj"
            inputs.diagnostics = inputs.diagnostics.map { appFolder.placedInside($0, namedBy: projectFile) }
        case .noProject(let warnings):
            let plists = appFolder.list(extensions: ["plist"])
            let candidates = plists.files.filter {
                $0.path.hasSuffix("/Info.plist") || $0.path == "Info.plist" || $0.path.hasSuffix("-Info.plist")
            }
            guard let plist = Self.appInfoPlist(among: candidates.map(\.path)) else {
                throw ImportUsageError(
                    message:
                        "no Xcode project and no Info.plist (Info.plist or NAME-Info.plist) below \(folder): give --plist FILE --sources DIR"
                )
            }
            inputs = ImportInputs(plist: .file(plist), name: plist, options: options)
            inputs.diagnostics += warnings + plists.warnings
            let others = candidates.map(\.path).filter { $0 != plist }
            inputs.readAs =
                "read without a project: Info.plist \(plist)\(others.isEmpty ? "" : " (of \(candidates.count) candidates)"), every source file below \(folder) (\(options.platform.displayName))"
            inputs.addSources(in: appFolder)
            let discovered = PayloadFiles.files(in: appFolder, into: &inputs.diagnostics)
            inputs.payloadFiles += discovered
            inputs.discoveredPayloadFiles.formUnion(discovered)
        }
        for payload in payloads { inputs.addPayloads(payload) }
        self.init(inputs)
    }

    /// The app's Info.plist among candidates: the shallowest with a scene manifest, else
    /// the shallowest.
    static func appInfoPlist(among candidates: [String]) -> String? {
        let ordered = candidates.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        for candidate in ordered.prefix(64) {
            guard let bytes = try? SafeFile.contents(of: candidate),
                let root = try? InfoPlistReader.root(of: Data(bytes), file: candidate)
            else { continue }
            if root["UIApplicationSceneManifest"] != nil { return candidate }
        }
        return ordered.first
    }

    private init(_ inputs: ImportInputs) {
        var diagnostics = inputs.diagnostics
        let plistRead = inputs.readInfoPlist()
        diagnostics += plistRead.problems
        let info = plistRead.info

        let findings = Self.scan(swift: inputs.swiftFiles, objectiveC: inputs.objectiveCFiles, inputs: inputs)
        let payloadRead = PayloadFiles.read(inputs.payloadFiles, discovered: inputs.discoveredPayloadFiles)
        diagnostics += findings.flatMap(\.diagnostics) + payloadRead.problems

        var assembler = ImportAssembler(
            info: info, plistFile: inputs.name, files: findings, payloadEmitted: payloadRead.emitted)
        // A plist that could not be read leaves nothing to declare a UIKit app from.
        app = info == nil && !findings.contains(where: \.declaresApp) ? nil : assembler.assemble()
        // `${bundleIdentifier}` in a condition: the project's, or a plain one the plist states.
        app?.bundleIdentifier =
            inputs.bundleIdentifier ?? info?.bundleIdentifier.flatMap { $0.contains("$(") ? nil : $0 }
        self.diagnostics = diagnostics + assembler.diagnostics
        readAs = inputs.readAs
        bundleIdentifier = inputs.bundleIdentifier
        name = inputs.name

        summary = Summary()
        summary.swiftFiles = inputs.swiftFiles.count
        summary.objectiveCFiles = inputs.objectiveCFiles.count
        summary.payloadFiles = inputs.payloadFiles.count
        summary.declarations = app?.declarations.count ?? 0
        summary.conditions = assembler.conditionsFound
        summary.unresolvedConditions = app?.unresolvedConditions.count ?? 0
        summary.windowValueConditions = (app?.declarations ?? []).reduce(0) { total, declaration in
            total + (declaration.conditionTemplates.canActivate == nil ? 0 : 1)
                + (declaration.conditionTemplates.prefersToActivate == nil ? 0 : 1)
        }
        if let newScenes = app?.newScenes {
            summary.newSceneRules = newScenes.rules.count + (newScenes.otherwise == nil ? 0 : 1)
            summary.unreadNewSceneRules = newScenes.rules.filter { $0.unread != nil }.count
        }
        for emitted in app?.emitted ?? [] {
            switch emitted.value {
            case .identifier: summary.emittedIdentifiers += 1
            case .pattern, .template: summary.emittedPatterns += 1
            case .dynamic: summary.emittedDynamic += 1
            }
        }
    }

    /// How long one file may take to read. Real files take milliseconds; this ends what
    /// no limit of the nesting scan foresaw.
    static let fileDeadline: TimeInterval = 30

    /// Scans every file (in parallel; results in file order, Swift first).
    private static func scan(swift: [String], objectiveC: [String], inputs: ImportInputs) -> [SourceFindings] {
        let files = swift + objectiveC
        let swiftCount = swift.count
        let configuration = inputs.buildConfiguration
        let swiftVersion = inputs.swiftVersion
        return BoundedParallelWork.run(count: files.count, deadline: fileDeadline) { index in
            let file = files[index]
            var findings = SourceFindings(file: file)
            do throws(Diagnostic) {
                let bytes = try SafeFile.contents(of: file)
                if index < swiftCount {
                    let verdict = SwiftParseBudget.verdict(for: bytes, file: file)
                    if let warning = verdict.warning { findings.diagnostics.append(warning) }
                    if verdict.skip { return findings }
                }
                if let text = String(validating: bytes, as: UTF8.self) {
                    findings =
                        index < swiftCount
                        ? SwiftSourceScanner.scan(
                            text, file: file, configuration: configuration, swiftVersion: swiftVersion)
                        : ObjectiveCSourceReader.read(text, file: file)
                } else {
                    findings.diagnostics.append(
                        .invalidUTF8(in: bytes, file: file, consequence: "the source file is not read"))
                }
            } catch {
                findings.diagnostics.append(error)
            }
            return findings
        } timedOut: { index in
            var findings = SourceFindings(file: files[index])
            findings.diagnostics.append(
                Diagnostic(
                    message: "reading this file took longer than \(Int(fileDeadline)) s: it is not imported",
                    file: files[index]))
            return findings
        }
    }
}
