import ArgumentParser
import Foundation
import SceneRouterImport

/// `--platform`: the platforms an app is read for.
enum PlatformArgument: String, ExpressibleByArgument, CaseIterable {
    case ios, catalyst, visionos

    var platform: AppPlatform {
        switch self {
        case .ios: .iOS
        case .catalyst: .catalyst
        case .visionos: .visionOS
        }
    }
}

/// An app read from its own files instead of a manifest: `--app DIR` (its Xcode project, or
/// without one its Info.plist and sources), or `--plist FILE` with `--sources` and `--payloads`.
struct AppSourceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "An app's folder: read as Xcode builds it when it holds an .xcodeproj (the target's Info.plist, generated keys and "
                + "sources), else its Info.plist and every source file below it; the .apns payloads below it either way.",
            valueName: "dir"))
    var app: String?

    @Option(
        help: ArgumentHelp(
            "With --app: the project target to read (NAME or PROJECT/NAME); by default the one application target that builds for the iPad.",
            valueName: "name"))
    var target: String?

    @Option(
        help: ArgumentHelp(
            "With --app: the build configuration whose settings apply (default: Debug).", valueName: "name"))
    var configuration: String?

    @Option(
        help: ArgumentHelp(
            "The platform whose #if branches are read: ios (iPadOS), catalyst, visionos.", valueName: "platform"))
    var platform: PlatformArgument = .ios

    @Option(
        help: ArgumentHelp(
            "Leave out files whose path below the folder matches (shell wildcards; repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("The app's Info.plist (XML or binary).", valueName: "file"))
    var plist: String?

    @Option(help: ArgumentHelp("Swift and Objective-C files or folders of them (repeatable).", valueName: "path"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("APNs payload files (.json, .apns) or folders of them (repeatable).", valueName: "path"))
    var payloads: [String] = []

    /// Whether any of these options was given.
    var isGiven: Bool { app != nil || plist != nil || !sources.isEmpty || !payloads.isEmpty }

    func validate() throws {
        if app != nil && plist != nil { throw ValidationError("give --app or --plist, not both") }
        if app != nil && !sources.isEmpty {
            throw ValidationError(
                "--sources goes with --plist; with --app the sources come from the project or the folder")
        }
        if app == nil && plist == nil && (!sources.isEmpty || !payloads.isEmpty) {
            throw ValidationError("--sources and --payloads go with --plist")
        }
        if app == nil && (target != nil || configuration != nil) {
            throw ValidationError("--target and --configuration go with --app")
        }
    }

    /// What diagnostics and summaries name the app by.
    var name: String { plist ?? app ?? "app" }

    /// Imports the app; an unclear choice of target or Info.plist is a usage error (exit 64)
    /// that lists the choices.
    func importApp() throws -> AppImport {
        let options = AppImport.Options(
            target: target, configuration: configuration, platform: platform.platform, excludes: exclude)
        if let app {
            do {
                return try AppImport(folder: app, payloads: payloads, options: options)
            } catch {
                throw ValidationError(error.message)
            }
        }
        guard let plist else { throw ValidationError("missing --plist <file> (or --app <dir>)") }
        return AppImport(plist: plist, sources: sources, payloads: payloads, options: options)
    }
}
