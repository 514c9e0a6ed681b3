import Foundation
import SceneRouterImport
import SceneRouting
import Testing

/// How an import puts the app together when the plist and the code disagree or say
/// something twice: every such case is a warning at its place, never silent.
@Suite struct ImportAssemblyTests {
    /// Writes `files` (path → text) to a new temporary folder and imports it.
    static func importApp(plist: [String: Any], files: [String: String]) throws -> AppImport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: folder.appendingPathComponent("Info.plist"))
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = AppImport(plist: folder.path + "/Info.plist", sources: [folder.path])
        return result
    }

    static func codes(_ result: AppImport) -> [String] {
        result.diagnostics.map { $0.code?.rawValue ?? $0.message }
    }

    static let swiftUIApp = """
        @main struct Demo: App {
            var body: some Scene {
                WindowGroup { HomeView() }
            }
        }
        struct HomeView: View { var body: some View { Text("home") } }
        struct Orphan: View {
            var body: some View { Text("x").handlesExternalEvents(preferring: ["a"], allowing: ["*"]) }
        }
        """

    static var uikitPlist: [String: Any] {
        [
            "CFBundleIdentifier": "com.example.viewer",
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        ["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "App.SceneDelegate"]
                    ]
                ],
            ],
        ]
    }

    /// Strings an enumeration's cases stand for, and URLs made from literals, are constants too.
    @Test func enumerationStringsAndURLsAreFolded() throws {
        let result = try Self.importApp(
            plist: Self.uikitPlist,
            files: [
                "SceneActivity.swift": """
                enum SceneActivity {
                    case main, inspector
                    var activityIdentifier: String {
                        switch self {
                        case .main: return "com.example.viewer.main"
                        case .inspector: "com.example.viewer.inspector"
                        }
                    }
                }
                enum Route: String { case inbox, archive = "mail.archive" }
                struct Links { static let home = URL(string: "viewer://home")! }
                """,
                "SceneDelegate.swift": """
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
                            format: "SELF == %@ OR SELF == %@ OR SELF == %@", SceneActivity.main.activityIdentifier, Route.archive.rawValue, Route.inbox.rawValue)
                        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
                            format: "SELF == %@ OR SELF == %@", URL(string: "viewer://main")!.absoluteString, Links.home.absoluteString)
                    }
                }
                """,
            ])
        let declaration = try #require(result.app?.declarations.first)
        let conditions = try #require(declaration.initialConditions)
        #expect(declaration.values.isEmpty && declaration.conditionTemplates.canActivate == nil)
        #expect(
            conditions.canActivate.arguments == [
                .string("com.example.viewer.main"), .string("mail.archive"), .string("inbox"),
            ])
        #expect(conditions.prefersToActivate.arguments == [.string("viewer://main"), .string("viewer://home")])
    }

    /// A constant built from the bundle identifier stays a template of it: each window binds
    /// the app's bundle identifier, and it is not a value a session must bind.
    @Test func constantsBuiltFromTheBundleIdentifier() throws {
        let result = try Self.importApp(
            plist: Self.uikitPlist,
            files: [
                "SceneDelegate.swift": """
                enum SceneIDs { static let main = "\\(Bundle.main.bundleIdentifier!).main" }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == %@", SceneIDs.main)
                    }
                }
                """
            ])
        let app = try #require(result.app)
        let declaration = try #require(app.declarations.first)
        #expect(declaration.values.isEmpty)
        #expect(declaration.conditionTemplates.prefersToActivate?.valueNames == ["bundleIdentifier"])
        let router = SceneRouter(app: app)
        try router.open(declaration.newSession(id: "M1", framework: .uikit))
        #expect(router.route(identifier: "com.example.viewer.main").action == .activate(sessionID: "M1"))
    }

    /// An empty scene id or configuration name never becomes an empty declaration name, which
    /// a manifest cannot hold (found by FuzzImport).
    @Test func emptyNamesAreNotDeclarationNames() throws {
        let swiftUI = try Self.importApp(
            plist: Self.uikitPlist,
            files: [
                "App.swift":
                    "@main struct Notes: App { var body: some Scene { WindowGroup(id: \"\") { LibraryView() } } }"
            ])
        #expect(swiftUI.app?.declarations.map(\.name) == ["LibraryView"])
        var plist = Self.uikitPlist
        plist["UIApplicationSceneManifest"] = [
            "UISceneConfigurations": [
                "UIWindowSceneSessionRoleApplication": [
                    ["UISceneConfigurationName": ""], ["UISceneConfigurationName": ""],
                ]
            ]
        ]
        let uikit = try Self.importApp(plist: plist, files: [:])
        let names = try #require(uikit.app?.declarations.map(\.name))
        #expect(!names.isEmpty && !names.contains(""))
    }

    /// A URL the app opens is an emitted identifier only with a scheme the app registers.
    @Test func openedURLsWithTheAppsSchemes() throws {
        var plist = Self.uikitPlist
        plist["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["Viewer"]]]
        let result = try Self.importApp(
            plist: plist,
            files: [
                "Links.swift": """
                struct Links {
                    func open(_ openURL: OpenURLAction, id: String) {
                        openURL(URL(string: "viewer://doc/\\(id)")!)
                        openURL(URL(string: "https://example.com")!)
                        UIApplication.shared.open(somewhere)
                    }
                }
                """
            ])
        let emitted = try #require(result.app?.emitted)
        #expect(emitted.map(\.value) == [.template(try ValueTemplate(parsing: "viewer://doc/${id}"))])
        #expect(emitted.first?.carrier == .url)
    }

    /// A branch on a Boolean constant is decided: the assignment it rules out never runs. One on
    /// run-time state is used, and reported as conditional.
    @Test func branchesOnConstantsAreDecided() throws {
        let result = try Self.importApp(
            plist: Self.uikitPlist,
            files: [
                "SceneDelegate.swift": """
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    private let restoresScenes = true
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        if !restoresScenes {
                            windowScene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
                        } else if Settings.compactWindows && !restoresScenes {
                            windowScene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'compact'")
                        } else {
                            windowScene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'doc/'")
                        }
                        if UserDefaults.standard.bool(forKey: "prefersInbox") {
                            windowScene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'inbox'")
                        }
                    }
                }
                """
            ])
        let conditions = try #require(result.app?.declarations.first?.initialConditions)
        #expect(conditions.canActivate.format == "SELF BEGINSWITH 'doc/'")
        #expect(conditions.prefersToActivate.format == "SELF == 'inbox'")
        let conditional = result.diagnostics.filter { $0.code?.rawValue == "conditional-condition" }
        #expect(conditional.count == 1)
        #expect(
            conditional.first?.message.contains(
                #"prefersToActivate of 'Main' is set only when UserDefaults.standard.bool(forKey: "prefersInbox")"#)
                == true)
        #expect(conditional.first?.line == 13)
    }

    /// A value whose expression names a constant declared anywhere in the sources is the same
    /// in every window: it is written in, and a condition left without values is plain.
    @Test func constantsAreFoldedAndSameNamedValuesKeptApart() throws {
        let result = try Self.importApp(
            plist: Self.uikitPlist,
            files: [
                "IDs.swift": "enum SceneIDs { static let main = \"com.example.viewer.main\" }",
                "SceneDelegate.swift": """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    let mainSceneTargetContentIdentifier = "com.example.viewer.main-window"
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession) {
                        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
                            format: "self == %@ OR self BEGINSWITH %@", SceneIDs.main, "\\(SceneIDs.main)/")
                        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
                            format: "self == %@ OR self == %@ OR self == %@", self.mainSceneTargetContentIdentifier, a.id, b.id)
                    }
                }
                """,
            ])
        let main = try #require(result.app?.declarations.first)
        let can = try #require(main.initialConditions?.canActivate)
        #expect(main.conditionTemplates.canActivate == nil)
        #expect(can.arguments == [.string("com.example.viewer.main"), .string("com.example.viewer.main/")])
        let prefers = try #require(main.conditionTemplates.prefersToActivate)
        #expect(main.values.map(\.name) == ["id", "id2"])
        #expect(main.values.map(\.expression) == ["a.id", "b.id"])
        let bound = try #require(try prefers.predicate(with: ["id": "A", "id2": "B"]))
        #expect(bound.evaluate("com.example.viewer.main-window") && bound.evaluate("A") && bound.evaluate("B"))
        #expect(result.app?.bundleIdentifier == "com.example.viewer")
    }

    @Test func aSwiftUIAppWithoutASceneManifestShowsOneWindow() throws {
        let result = try Self.importApp(plist: ["CFBundleIdentifier": "x"], files: ["App.swift": Self.swiftUIApp])
        let app = try #require(result.app)
        #expect(app.framework == .swiftui)
        #expect(!app.supportsMultipleScenes)
        #expect(app.declarations.map(\.name) == ["HomeView"])
        #expect(Self.codes(result) == ["undeclared-scene", "single-scene"])
        #expect(result.diagnostics.last?.file?.hasSuffix("/Info.plist") == true)
    }

    @Test func plistConfigurationsBesideASwiftUIAppAreNotImported() throws {
        let plist: [String: Any] = [
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [["UISceneConfigurationName": "Legacy"]]
                ],
            ]
        ]
        let result = try Self.importApp(plist: plist, files: ["App.swift": Self.swiftUIApp])
        #expect(result.app?.declarations.map(\.name) == ["HomeView"])
        #expect(Self.codes(result) == ["undeclared-scene", "mixed-app"])
    }

    @Test func repeatedAssignmentsAndRepeatedNames() throws {
        let configurations: [[String: Any]] = [
            ["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "App.SceneDelegate"],
            ["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "App.OtherDelegate"],
        ]
        let plist: [String: Any] = [
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": configurations,
                    "UIWindowSceneSessionRoleExternalDisplayNonInteractive": [["UISceneConfigurationName": "Main"]],
                ],
            ]
        ]
        let code = """
            final class SceneDelegate {
                func connect(_ scene: UIScene) {
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'a'")
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'b'")
                }
            }
            """
        let result = try Self.importApp(plist: plist, files: ["SceneDelegate.swift": code])
        let app = try #require(result.app)
        #expect(
            app.declarations.map(\.name) == [
                "Main", "Main (windowApplication)", "Main (windowExternalDisplayNonInteractive)",
            ])
        #expect(app.declarations[0].initialConditions?.canActivate.format == "SELF BEGINSWITH 'a'")
        // In plist order: the first Main's second assignment, then the repeated names.
        #expect(Self.codes(result) == ["repeated-condition", "duplicate-configuration", "duplicate-configuration"])
        #expect(result.diagnostics.first?.line == 4)
    }

    /// An unresolved `matching` is placed at its modifier, not at the scene it modifies.
    @Test func anUnresolvedMatchingPointsAtTheModifier() throws {
        let result = try Self.importApp(
            plist: ["UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": true]],
            files: [
                "App.swift": """
                @main struct Demo: App {
                    var body: some Scene {
                        WindowGroup {
                            HomeView()
                        }
                        .handlesExternalEvents(matching: Routes.all)
                    }
                }
                """
            ])
        let app = try #require(result.app)
        let unresolved = try #require(app.unresolvedConditions.first)
        #expect(unresolved.condition == .matching)
        #expect(unresolved.source?.line == 6)
        #expect(unresolved.source?.column == 10)
    }

    /// Names that collide with the names collisions are renamed to stay unique, and every
    /// configuration is still a declaration.
    @Test func collidingRenamesStayUnique() throws {
        let names = ["A (windowApplication)", "A", "A", "A"]
        let plist: [String: Any] = [
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": names.map { ["UISceneConfigurationName": $0] }
                ],
            ]
        ]
        let result = try Self.importApp(plist: plist, files: ["App.swift": ""])
        let app = try #require(result.app)
        #expect(
            app.declarations.map(\.name) == [
                "A (windowApplication)", "A", "A (windowApplication) 2", "A (windowApplication) 3",
            ])
        #expect(Self.codes(result) == ["duplicate-configuration", "duplicate-configuration"])
    }
}
