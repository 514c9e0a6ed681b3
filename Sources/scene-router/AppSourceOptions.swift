import ArgumentParser
import Foundation
import SceneRouterImport

/// An app read from its own files instead of a manifest: `--app DIR`, or `--plist FILE`
/// with `--sources` and `--payloads`.
struct AppSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("An app's folder: its Info.plist (the shallowest one), every Swift file and every .apns payload below it.", valueName: "dir"))
    var app: String?

    @Option(help: ArgumentHelp("The app's Info.plist (XML or binary).", valueName: "file"))
    var plist: String?

    @Option(help: ArgumentHelp("Swift files or folders of them (repeatable).", valueName: "path"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("APNs payload files (.json, .apns) or folders of them (repeatable).", valueName: "path"))
    var payloads: [String] = []

    /// Whether any of these options was given.
    var isGiven: Bool { app != nil || plist != nil || !sources.isEmpty || !payloads.isEmpty }

    func validate() throws {
        if app != nil && plist != nil { throw ValidationError("give --app or --plist, not both") }
        if app == nil && plist == nil && (!sources.isEmpty || !payloads.isEmpty) {
            throw ValidationError("--sources and --payloads go with --plist")
        }
    }

    /// Imports the app; an `--app` folder without an Info.plist is a usage error.
    func importApp() throws -> AppImport {
        if let app {
            let plists = SourceTree.infoPlists(in: app)
            guard let plist = plists.first else {
                throw ValidationError("no Info.plist below \(app): give --plist FILE --sources DIR")
            }
            return AppImport(plist: plist, sources: [app], payloads: SourceTree.payloadFiles(inApp: app) + payloads)
        }
        guard let plist else { throw ValidationError("missing --plist <file> (or --app <dir>)") }
        return AppImport(plist: plist, sources: sources, payloads: payloads)
    }
}
