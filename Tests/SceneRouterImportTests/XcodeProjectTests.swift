import Foundation
import SceneRouting
import SwiftParser
import Testing

@testable import SceneRouterImport

/// Reading an app as Xcode builds it: projects, targets, build settings, generated
/// Info.plists and the sources a target compiles, on the three project fixtures.
@Suite struct XcodeProjectTests {
    static let apps = SampleAppTests.root.appendingPathComponent("Fixtures/apps").path

    static func importApp(_ name: String, _ options: AppImport.Options = AppImport.Options()) throws -> AppImport {
        try AppImport(folder: apps + "/" + name, options: options)
    }

    static func relative(_ path: String) -> String {
        path.replacingOccurrences(of: apps + "/", with: "")
    }

    // MARK: Build settings

    @Test func settingsLayersInheritAndExpand() {
        var settings = BuildSettings(conditions: ["sdk": "iphoneos26.0", "arch": "arm64", "config": "Debug"])
        settings.push([
            "TARGET_NAME": "My App", "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
        ])
        settings.push(["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG", "PREFIX": "com.example"])
        settings.push([
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["$(inherited)", "BETA"],
            "PRODUCT_BUNDLE_IDENTIFIER": "${PREFIX}.$(PRODUCT_NAME:rfc1034identifier)",
            "OTHER[sdk=macosx*]": "mac", "OTHER[sdk=iphoneos*]": "phone", "OTHER": "plain", "LOOP_A": "$(LOOP_B)",
            "LOOP_B": "$(LOOP_A)x",
        ])
        #expect(settings.value("PRODUCT_MODULE_NAME") == "My_App")
        #expect(settings.value("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.My-App")
        #expect(settings.words("SWIFT_ACTIVE_COMPILATION_CONDITIONS") == ["DEBUG", "BETA"])
        #expect(settings.value("OTHER") == "phone")
        // A loop ends instead of recursing without bound.
        #expect(settings.value("LOOP_A")?.allSatisfy { $0 == "x" } == true)
        #expect(settings.value("MISSING") == nil)
    }

    /// Settings that double at every level, references nested 50,000 deep, a configuration
    /// file that includes itself twice, a tower of files that each include the next twice:
    /// each ends, bounded, and every file is read once.
    @Test func hostileSettingsEnd() throws {
        var settings = BuildSettings(conditions: [:])
        var layer: [String: Any] = ["L40": "x"]
        for level in 0..<40 { layer["L\(level)"] = "$(L\(level + 1))$(L\(level + 1))" }
        layer["DEEP"] = String(repeating: "$(", count: 50_000) + "X" + String(repeating: ")", count: 50_000)
        settings.push(layer)
        let doubled = try #require(settings.value("L0"))
        #expect(doubled.utf8.count <= 1 << 16 && doubled.allSatisfy { $0 == "x" })
        #expect(settings.value("DEEP") == "")

        let folder = try TemporaryFolder()
        try folder.write("Loop.xcconfig", "#include \"Loop.xcconfig\"\n#include \"./Loop.xcconfig\"\nA = 1\n")
        let appFolder = try AppFolder(folder.path)
        let read = XcodeConfigFile.settings(at: folder.path + "/Loop.xcconfig", folder: appFolder)
        #expect(read.settings["A"] as? String == "1")
        #expect(read.problems.map(\.line) == [1, 2], "\(read.problems)")
        #expect(
            read.problems.allSatisfy {
                $0.message.contains("include loop") && $0.file?.hasSuffix("/Loop.xcconfig") == true
            })

        for level in 0..<14 {
            try folder.write(
                "T\(level).xcconfig",
                "#include \"T\(level + 1).xcconfig\"\n#include \"T\(level + 1).xcconfig\"\nnot a setting\nT\(level) = \(level)\n"
            )
        }
        try folder.write("T14.xcconfig", "T14 = 14\n")
        let tower = XcodeConfigFile.settings(at: folder.path + "/T0.xcconfig", folder: appFolder)
        #expect((0...14).allSatisfy { tower.settings["T\($0)"] as? String == "\($0)" })
        // One warning a file, for its line without '=': none is read twice.
        #expect(tower.problems.count == 14 && tower.problems.allSatisfy { $0.message == "a line without '=': ignored" })
    }

    /// A project of one application target whose sources are `A/App.swift`, in a group `A`
    /// that a group `B` inside it lists again (a cycle).
    static func minimalProject(deviceFamily: String) -> String {
        """
        // !$*UTF8*$!
        { objects = {
            P = {isa = PBXProject; mainGroup = M; targets = (T); buildConfigurationList = L; };
            M = {isa = PBXGroup; children = (A); sourceTree = "<group>"; };
            A = {isa = PBXGroup; children = (B, F); path = A; sourceTree = "<group>"; };
            B = {isa = PBXGroup; children = (A); path = B; sourceTree = "<group>"; };
            F = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
            BF = {isa = PBXBuildFile; fileRef = F; };
            S = {isa = PBXSourcesBuildPhase; files = (BF); };
            T = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildPhases = (S); buildConfigurationList = TL; };
            L = {isa = XCConfigurationList; buildConfigurations = (PD); };
            PD = {isa = XCBuildConfiguration; name = Debug; buildSettings = {SDKROOT = iphoneos; }; };
            TL = {isa = XCConfigurationList; buildConfigurations = (TD); };
            TD = {isa = XCBuildConfiguration; name = Debug; buildSettings = {TARGETED_DEVICE_FAMILY = "\(deviceFamily)"; GENERATE_INFOPLIST_FILE = YES; }; };
        }; rootObject = P; }
        """
    }

    /// Groups that contain each other have no path: their files are not found, nothing loops.
    @Test func groupsInACycleEnd() throws {
        let folder = try TemporaryFolder()
        try folder.write("Cycle.xcodeproj/project.pbxproj", Self.minimalProject(deviceFamily: "1,2"))
        try folder.write(
            "A/App.swift", "@main struct App: SwiftUI.App { var body: some Scene { WindowGroup { Text(\"x\") } } }")
        let result = try AppImport(folder: folder.path)
        #expect(result.summary.swiftFiles == 1)
        #expect(result.app?.declarations.count == 1)
    }

    @Test func configurationFilesIncludeAndOverride() throws {
        let result = try Self.importApp("Harbor")
        // Harbor.xcconfig includes Shared.xcconfig and builds the identifier from it.
        #expect(result.bundleIdentifier == "com.example.harbor")
        #expect(result.readAs.contains("target 'Harbor' (iOS: iPhone, iPad; Mac Catalyst), Debug, for iPadOS"))
    }

    // MARK: Targets

    @Test func theIPadAppTargetIsChosenAmongExtensionsAndAWatchApp() throws {
        let result = try Self.importApp("Harbor")
        let app = try #require(result.app)
        #expect(app.framework == .uikit)
        #expect(app.supportsMultipleScenes)
        #expect(
            app.declarations.map(\.name) == [
                "Default Configuration", "Vessel", "Tides",
                "Default Configuration (windowExternalDisplayNonInteractive)",
            ])
        // Only the app target's sources: not the widget's, the share extension's, the watch app's or the Mac bundle's.
        #expect(result.summary.swiftFiles == 6)
        #expect(app.emitted.allSatisfy { $0.source?.file.contains("/Harbor/Harbor/") == true })
        #expect(!result.hasErrors)
    }

    @Test func theWatchAppIsReadOnlyWhenNamed() throws {
        let result = try Self.importApp("Harbor", AppImport.Options(target: "HarborWatch Watch App"))
        let app = try #require(result.app)
        #expect(app.framework == .swiftui)
        #expect(result.readAs.contains("(watchOS)"))
        #expect(result.diagnostics.contains { $0.message.contains("does not build for iPadOS") })
    }

    @Test func moreThanOneIPadAppIsAUsageErrorListingThem() throws {
        #expect {
            try Self.importApp("Ledger")
        } throws: { error in
            let message = (error as? ImportUsageError)?.message ?? ""
            return message.hasPrefix("2 application targets build for the iPad: choose one with --target NAME.")
                && message.contains("\n  Ledger  (iOS: iPhone, iPad)\n  Ledger Beta  (iOS: iPhone, iPad)")
        }
        #expect(
            try Self.importApp("Ledger", AppImport.Options(target: "Ledger Beta")).bundleIdentifier
                == "com.example.ledger.beta")
        #expect(
            try Self.importApp("Ledger", AppImport.Options(target: "Ledger/Ledger")).bundleIdentifier
                == "com.example.ledger")
        #expect(throws: ImportUsageError.self) {
            try Self.importApp("Ledger", AppImport.Options(target: "Ledger Nightly"))
        }
        #expect {
            try Self.importApp("Ledger", AppImport.Options(target: "Ledger", configuration: "Profile"))
        } throws: { error in
            (error as? ImportUsageError)?.message
                == "target 'Ledger' has no configuration 'Profile'; it has: Debug, Release"
        }
    }

    /// An iPhone-only app is the one to read when it is the only iOS app, with a warning.
    @Test func theOnlyIPhoneAppIsReadWithAWarning() throws {
        let folder = try TemporaryFolder()
        try folder.write("Phone.xcodeproj/project.pbxproj", Self.minimalProject(deviceFamily: "1"))
        try folder.write(
            "A/App.swift", "@main struct App: SwiftUI.App { var body: some Scene { WindowGroup { Text(\"x\") } } }")
        let result = try AppImport(folder: folder.path)
        #expect(result.app?.declarations.count == 1)
        #expect(
            result.diagnostics.contains {
                $0.message.hasPrefix("target 'App' builds for the iPhone only (TARGETED_DEVICE_FAMILY)")
            })
    }

    // MARK: Info.plist

    @Test func aGeneratedSceneManifestSupportsMultipleScenes() throws {
        let result = try Self.importApp("Trailhead")
        let app = try #require(result.app)
        #expect(app.framework == .swiftui)
        #expect(app.supportsMultipleScenes)
        #expect(result.readAs.contains("Info.plist generated by Xcode from build settings"))
        #expect(!result.diagnostics.contains { $0.code?.rawValue == "single-scene" })
    }

    @Test func theFilesKeysWinOverGeneratedOnes() {
        let generated = GeneratedInfoPlist.keys(from: [
            "UIApplicationSceneManifest_Generation": "YES", "UILaunchScreen_Generation": "YES",
            "CFBundleDisplayName": "Generated",
            "UIRequiresFullScreen": "NO",
        ])
        #expect(
            (generated["UIApplicationSceneManifest"] as? [String: Bool]) == [
                "UIApplicationSupportsMultipleScenes": true
            ])
        #expect(generated["UILaunchScreen_Generation"] == nil && generated["UIRequiresFullScreen"] as? Bool == false)
        let merged = GeneratedInfoPlist.merged(generated: generated, file: ["CFBundleDisplayName": "From file"])
        #expect(merged["CFBundleDisplayName"] as? String == "From file")
        #expect(GeneratedInfoPlist.keys(from: ["UIApplicationSceneManifest_Generation": "NO"]).isEmpty)
    }

    // MARK: Sources

    @Test func synchronizedFoldersLessTheirExceptionsAndNotOtherTargets() throws {
        let result = try Self.importApp("Trailhead")
        let app = try #require(result.app)
        // The test bundle's host App and the excluded legacy map are not the app's.
        #expect(app.declarations.map(\.name) == ["trails", "trail"])
        // Seven files of the app's folder and one of the local package it links (not its tests).
        #expect(result.summary.swiftFiles == 8)
        #expect(result.readAs.hasSuffix("; 1 of its source files from local Swift packages"))
        #expect(
            app.emitted.contains {
                $0.source?.file.hasSuffix("Packages/TrailKit/Sources/TrailKit/WeatherWarnings.swift") == true
            })
        #expect(!app.emitted.contains { $0.value == .identifier("test.only") })
        #expect(
            !result.diagnostics.contains {
                $0.file?.contains("Legacy") == true || $0.file?.contains("TrailheadTests") == true
            })
    }

    @Test func groupPathsResolveThroughEverySourceTree() throws {
        let project = try XcodeProject(
            bundlePath: Self.apps + "/Harbor/Harbor.xcodeproj", folder: AppFolder(Self.apps + "/Harbor"))
        let app = try #require(project.targets.first { $0.name == "Harbor" })
        let target = ProjectTarget(
            project: project, target: app, configuration: nil, platform: .iOS,
            folder: try AppFolder(Self.apps + "/Harbor"))
        let files = TargetSources.files(of: target, folder: try AppFolder(Self.apps + "/Harbor"))
        #expect(
            files.swift.map(Self.relative) == [
                "Harbor/Harbor/AppDelegate.swift", "Harbor/Harbor/Notifications/BerthAlerts.swift",
                "Harbor/Harbor/Scenes/ExternalDisplaySceneDelegate.swift",
                "Harbor/Harbor/Scenes/MainSceneDelegate.swift",
                "Harbor/Harbor/Scenes/TidesSceneDelegate.swift", "Harbor/Harbor/Scenes/VesselSceneDelegate.swift",
            ])
        #expect(files.warnings.isEmpty)
        // A group without a path (Supporting Files) holds the plist; SOURCE_ROOT names the xcconfig.
        #expect(target.infoPlistFile.map(Self.relative) == "Harbor/Harbor/Harbor-Info.plist")
        #expect(target.settings.value("SWIFT_VERSION") == "5.0")
    }

    /// A project can name any path: an `INFOPLIST_FILE` outside the folder (by absolute path
    /// or `..`) is not read, and no warning is placed at a file outside the folder (CI would
    /// annotate a file the repository does not have): the project file is named instead,
    /// with the path in the message, and nothing of the outside files is shown.
    @Test(arguments: ["absolute", "relative"])
    func pathsOutsideTheFolderAreNotReadAndArePlacedAtTheProject(_ spelling: String) throws {
        let root = try TemporaryFolder()
        let secret = "outside-secret-31c9"
        try root.write(
            "Outside-Info.plist",
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>\(secret)</key><string>\(secret)</string>"
                + "<key>UIApplicationSceneManifest</key><dict/></dict></plist>")
        try root.write("Outside.xcconfig", "\(secret) = \(secret)\n")
        let plist = spelling == "absolute" ? root.path + "/Outside-Info.plist" : "../Outside-Info.plist"
        let gone = spelling == "absolute" ? "/scene-router-no-such-folder/Gone.swift" : "../Gone.swift"
        let project = Self.minimalProject(deviceFamily: "1,2")
            .replacingOccurrences(of: "GENERATE_INFOPLIST_FILE = YES;", with: "INFOPLIST_FILE = \"\(plist)\";")
            .replacingOccurrences(of: "children = (B, F)", with: "children = (B, F, G)")
            .replacingOccurrences(
                of: "BF = {",
                with: "G = {isa = PBXFileReference; path = \"\(gone)\"; sourceTree = SOURCE_ROOT; };\n"
                    + "BG = {isa = PBXBuildFile; fileRef = G; };\nX = {isa = PBXFileReference; path = Base.xcconfig; "
                    + "sourceTree = SOURCE_ROOT; };\nBF = {"
            )
            .replacingOccurrences(of: "files = (BF)", with: "files = (BF, BG)")
            .replacingOccurrences(
                of: "name = Debug; buildSettings = {TARGETED",
                with: "name = Debug; baseConfigurationReference = X; buildSettings = {TARGETED")
        try root.write("App/App.xcodeproj/project.pbxproj", project)
        try root.write("App/Base.xcconfig", "#include \"../Outside.xcconfig\"\nSWIFT_VERSION = 5.0\n")
        try root.write(
            "App/A/App.swift", "@main struct App: SwiftUI.App { var body: some Scene { WindowGroup { Text(\"x\") } } }")
        let folder = root.path + "/App"
        let result = try AppImport(folder: folder)

        let projectFile = folder + "/App.xcodeproj/project.pbxproj"
        let outside = result.diagnostics.filter { !($0.file?.hasPrefix(folder + "/") ?? true) }
        #expect(outside.isEmpty, "\(outside)")
        #expect(!result.diagnostics.contains { $0.rendered().contains(secret) })
        let refusal = try #require(result.diagnostics.first { $0.message.contains("INFOPLIST_FILE") })
        #expect(refusal.file == projectFile && refusal.severity == .warning)
        #expect(refusal.message.contains("outside the app's folder: not read"))
        #expect(result.readAs.contains("no Info.plist"))
        // The missing source and the configuration file's include, both outside: at the project.
        #expect(result.diagnostics.contains { $0.file == projectFile && $0.message.contains("Gone.swift") })
        #expect(result.diagnostics.contains { $0.message.contains("Outside.xcconfig") })
        #expect(!(result.app.map { ManifestWriter.text(of: $0) } ?? "").contains(secret))
    }

    @Test func aProjectThatIsNotOneIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { ")
        try folder.write("Broken/App.swift", "")
        let result = try AppImport(folder: folder.path)
        #expect(result.hasErrors)
        #expect(result.app == nil)
        #expect(result.diagnostics.first?.message == "not a project file: it does not parse as a property list")
    }

    // MARK: Platform conditions

    @Test func platformConditionsAreTheIPadBuilds() throws {
        let iPad = try #require(try Self.importApp("Trailhead").app)
        // `#if os(macOS)` Window and `#if os(visionOS)` ImmersiveSpace are not built for the iPad.
        #expect(!iPad.declarations.contains { $0.name == "ranger-log" || $0.name == "summit" })
        #expect(!iPad.emitted.contains { $0.value == .identifier("trail.log") })

        let vision = try #require(
            try Self.importApp("Trailhead", AppImport.Options(target: "Trailhead", platform: .visionOS)).app)
        #expect(vision.declarations.map(\.name) == ["trails", "trail", "summit"])

        let harbor = try #require(try Self.importApp("Harbor").app)
        let mac = try #require(try Self.importApp("Harbor", AppImport.Options(platform: .catalyst)).app)
        #expect(harbor.declarations[2].initialConditions?.canActivate.format == "SELF BEGINSWITH 'harbor.tides'")
        #expect(mac.declarations[2].initialConditions?.canActivate.constantValue == false)
    }

    @Test func swiftFiveSpellingsAreNoErrors() {
        let code = """
            @available (iOS 17.0, *)
            struct V: View {
                @Environment (\\.dismiss) private var dismiss
                @Flag (name: "verbose") var verbose = false
                var body: some View { Text("x") }
            }
            """
        let five = SwiftSourceScanner.scan(code, file: "V.swift", swiftVersion: .v5)
        #expect(five.diagnostics.isEmpty, "\(five.diagnostics)")
        let six = SwiftSourceScanner.scan(code, file: "V.swift", swiftVersion: .v6)
        #expect(six.diagnostics.contains { $0.severity == .error })
        #expect(
            ImportInputs.parserVersion("5.0") == .v5 && ImportInputs.parserVersion("6") == .v6
                && ImportInputs.parserVersion("4.2") == .v4)
        #expect(ImportInputs.parserVersion(nil) == .v5)
    }

    @Test func compilationConditionsDecideIfBranches() {
        let code = """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene) {
                    #if BETA
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
                    #elseif canImport(AppKit)
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'appkit'")
                    #else
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
                    #endif
                }
            }
            """
        func format(_ conditions: [String]) -> String? {
            let findings = SwiftSourceScanner.scan(
                code, file: "S.swift",
                configuration: AppBuildConfiguration(platform: .iOS, conditions: conditions, swiftVersion: "5.0"))
            guard findings.assignments.count == 1, case .predicate(let predicate) = findings.assignments[0].value else {
                return nil
            }
            return predicate.format
        }
        #expect(format(["DEBUG", "BETA"]) == "TRUEPREDICATE")
        #expect(format(["DEBUG"]) == "FALSEPREDICATE")
    }
}

/// A temporary folder a test writes files into, removed when the test ends.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-router-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
