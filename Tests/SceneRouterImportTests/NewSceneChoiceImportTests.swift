import Foundation
import SceneRouterImport
import SceneRouting
import Testing

/// The forms of `application(_:configurationForConnecting:options:)` the import reads into
/// new-scene rules, and what it keeps as branches it could not read.
@Suite struct NewSceneChoiceImportTests {
    static var plist: [String: Any] {
        [
            "CFBundleIdentifier": "com.example.viewer",
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        [
                            "UISceneConfigurationName": "Default Configuration",
                            "UISceneDelegateClassName": "App.SceneDelegate",
                        ],
                        [
                            "UISceneConfigurationName": "Inspector Configuration",
                            "UISceneDelegateClassName": "App.InspectorSceneDelegate",
                        ],
                        [
                            "UISceneConfigurationName": "Compose",
                            "UISceneDelegateClassName": "App.ComposeSceneDelegate",
                        ],
                    ]
                ],
            ],
        ]
    }

    static func rules(_ body: String, extra: String = "") throws -> (rules: NewSceneRules?, result: AppImport) {
        let source = """
            import UIKit
            \(extra)
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            \(body)
                }
            }
            """
        let result = try ImportAssemblyTests.importApp(plist: plist, files: ["AppDelegate.swift": source])
        return (result.app?.newScenes, result)
    }

    /// Each rule in one line: its tests, then `→ configuration` or `→ ? unread`.
    static func describe(_ rules: NewSceneRules?) -> [String] {
        guard let rules else { return ["none"] }
        var lines = rules.rules.map { rule in
            let tests = rule.tests.map { test -> String in
                switch test {
                case .event(let kind): "event \(kind.rawValue)"
                case .activityType(let types): "activityType \(types.joined(separator: "|"))"
                case .shortcutType(let types): "shortcutType \(types.joined(separator: "|"))"
                case .url(let predicate): "url \(predicate.format) \(arguments(predicate))"
                case .identifier(let predicate): "identifier \(predicate.format) \(arguments(predicate))"
                }
            }
            return tests.joined(separator: ", ") + " → " + (rule.configuration ?? "?")
                + (rule.unread.map { " [unread: \($0)]" } ?? "")
        }
        lines.append("otherwise \(rules.otherwise ?? "first")")
        return lines
    }

    static func arguments(_ predicate: ActivationPredicate) -> String {
        predicate.arguments.map { argument in
            switch argument {
            case .string(let text): JSONStringLiteral.quoted(text)
            case .strings(let texts): "[" + texts.map(JSONStringLiteral.quoted).joined(separator: ", ") + "]"
            }
        }.joined(separator: ", ")
    }

    @Test func ifLetChainsAndConstants() throws {
        let (rules, _) = try Self.rules(
            """
                    if let activity = options.userActivities.first, activity.activityType == NSUserActivity.inspectType {
                        return UISceneConfiguration(name: "Inspector Configuration", sessionRole: connectingSceneSession.role)
                    } else if options.shortcutItem?.type == "compose" || options.shortcutItem?.type == Self.draftType {
                        return UISceneConfiguration(name: "Compose", sessionRole: connectingSceneSession.role)
                    } else if let url = options.urlContexts.first?.url, url.scheme == "viewer", url.host == "inspect" {
                        return UISceneConfiguration(name: "Inspector Configuration", sessionRole: connectingSceneSession.role)
                    } else if options.userActivities.first?.targetContentIdentifier?.hasPrefix("compose/") == true {
                        return UISceneConfiguration(name: "Compose", sessionRole: connectingSceneSession.role)
                    }
                    return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
            """,
            extra: """
                extension NSUserActivity { static let inspectType = "com.example.inspect" }
                extension AppDelegate { static let draftType = "draft" }
                """)
        let lines = Self.describe(rules)
        #expect(lines[0] == "event userActivity, activityType com.example.inspect → Inspector Configuration")
        #expect(lines[1] == "shortcutType compose|draft → Compose")
        #expect(lines[2].hasPrefix("event url, url SELF BEGINSWITH %@ \"viewer:\", url SELF MATCHES %@"))
        #expect(lines[2].hasSuffix("→ Inspector Configuration"))
        // `== true` on an optional Bool is not among the forms read: kept, and said so.
        #expect(
            lines[3].contains(
                "[unread: options.userActivities.first?.targetContentIdentifier?.hasPrefix(\"compose/\") == true]"))
        #expect(lines.last == "otherwise Default Configuration")
        let host = try #require(rules?.rules[2].tests.last)
        guard case .url(let predicate) = host else {
            Issue.record("no host test")
            return
        }
        #expect(predicate.evaluate("viewer://inspect/7") && predicate.evaluate("viewer://user@inspect:80?x"))
        #expect(!predicate.evaluate("viewer://inspector/7") && !predicate.evaluate("viewer://x/inspect"))
    }

    @Test func guardSwitchAndAssignedNames() throws {
        let (rules, _) = try Self.rules(
            """
                    var name = "Default Configuration"
                    if options.shortcutItem?.type == "compose" {
                        name = "Compose"
                    }
                    guard let activity = options.userActivities.first else {
                        return UISceneConfiguration(name: name, sessionRole: connectingSceneSession.role)
                    }
                    switch activity.activityType {
                    case "inspect", "inspect.v2":
                        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
                        configuration.delegateClass = InspectorSceneDelegate.self
                        return configuration
                    default:
                        return connectingSceneSession.configuration
                    }
            """)
        #expect(
            Self.describe(rules) == [
                "event notification, shortcutType compose → Compose", "event notification → Default Configuration",
                "event shortcut, shortcutType compose → Compose", "event shortcut → Default Configuration",
                "event url, shortcutType compose → Compose", "event url → Default Configuration",
                "event userActivity, activityType inspect|inspect.v2 → Inspector Configuration",
                // The switch's default is the Info.plist's choice: the first configuration.
                "event userActivity → Default Configuration", "otherwise first",
            ])
    }

    @Test func whatCannotBeReadIsKeptAsSuch() throws {
        let (rules, result) = try Self.rules(
            """
                    if FeatureFlags.inspectorWindows, options.userActivities.first?.activityType == "inspect" {
                        return UISceneConfiguration(name: "Inspector Configuration", sessionRole: connectingSceneSession.role)
                    }
                    if options.shortcutItem?.type == "compose" {
                        return configuration(for: options)
                    }
                    if options.shortcutItem?.type == "legacy" {
                        return UISceneConfiguration(name: "Legacy", sessionRole: connectingSceneSession.role)
                    }
                    return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
            """)
        #expect(
            Self.describe(rules) == [
                "activityType inspect → Inspector Configuration [unread: FeatureFlags.inspectorWindows]",
                "shortcutType compose → ? [unread: configuration(for: options)]",
                "shortcutType legacy → ? [unread: UISceneConfiguration(name: \"Legacy\")]",
                "otherwise Default Configuration",
            ])
        #expect(
            result.diagnostics.contains {
                $0.code?.rawValue == "unknown-configuration" && $0.message.contains("'Legacy'")
            })
        #expect(result.summary.description.contains("configurationForConnecting: 4 rules (3 unread)"))
    }

    /// A branch for another session role never creates the window an event gets.
    @Test func branchesForOtherRolesAreLeftOut() throws {
        let (rules, _) = try Self.rules(
            """
                    if connectingSceneSession.role == UISceneSession.Role.carTemplateApplication {
                        return CarPlay.configuration
                    }
                    if connectingSceneSession.role != .windowApplication { return connectingSceneSession.configuration }
                    if connectingSceneSession.role == .windowApplication, options.shortcutItem?.type == "compose" {
                        return UISceneConfiguration(name: "Compose", sessionRole: connectingSceneSession.role)
                    }
                    return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
            """)
        #expect(Self.describe(rules) == ["shortcutType compose → Compose", "otherwise Default Configuration"])
    }

    /// A condition of hundreds of operands (no app's) is kept unread rather than folded.
    @Test func aHugeConditionIsNotFolded() throws {
        let condition = Array(repeating: #"options.shortcutItem?.type == "a""#, count: 300).joined(separator: " || ")
        let (rules, _) = try Self.rules(
            """
                    if \(condition) { return UISceneConfiguration(name: "Compose", sessionRole: connectingSceneSession.role) }
                    return connectingSceneSession.configuration
            """)
        let rule = try #require(rules?.rules.first)
        #expect(rule.configuration == "Compose" && rule.tests.isEmpty)
        #expect(rule.unread?.hasSuffix("…") == true && (rule.unread?.count ?? 0) < 200)
    }

    @Test func withoutTheMethodThereAreNoRules() throws {
        let result = try ImportAssemblyTests.importApp(
            plist: Self.plist, files: ["S.swift": "final class SceneDelegate: UIResponder {}"])
        #expect(result.app?.newScenes == nil)
        #expect(!result.summary.description.contains("configurationForConnecting"))
    }

    @Test func objectiveCForms() throws {
        let source = """
            @implementation AppDelegate
            - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
                for (NSUserActivity *activity in options.userActivities) {
                    if ([activity.activityType isEqualToString:@"inspect"] || [activity.activityType isEqual:@"inspect.v2"]) {
                        return [UISceneConfiguration configurationWithName:@"Inspector Configuration" sessionRole:session.role];
                    }
                }
                if ([options.shortcutItem.type isEqualToString:@"compose"]) return [[UISceneConfiguration alloc] initWithName:@"Compose" sessionRole:session.role];
                if (self.prefersCompose) {
                    return [self composeConfigurationFor:session];
                }
                return [UISceneConfiguration configurationWithName:@"Default Configuration" sessionRole:session.role];
            }
            @end
            """
        let result = try ImportAssemblyTests.importApp(plist: Self.plist, files: ["AppDelegate.m": source])
        #expect(
            Self.describe(result.app?.newScenes) == [
                "event userActivity, activityType inspect|inspect.v2 → Inspector Configuration",
                "shortcutType compose → Compose",
                " → ? [unread: [self composeConfigurationFor:session] when self.prefersCompose]",
                "otherwise Default Configuration",
            ])
        let router = SceneRouter(app: try #require(result.app))
        let decision = router.route(
            .userActivity(activityType: "inspect.v2", targetContentIdentifier: "x", webpageURL: nil))
        #expect(decision.action == .create(declaration: "Inspector Configuration", sessionID: nil))
        #expect(decision.assumptions.isEmpty)
        // An event no readable branch takes reaches the unread one: the first configuration, and said so.
        let other = router.route(identifier: "anything")
        #expect(other.action == .create(declaration: "Default Configuration", sessionID: nil))
        #expect(other.assumptions.map(\.condition) == ["configurationForConnecting"])
    }
}
