import SceneRouting
import Testing

@testable import SceneRouterImport

/// Each construct the import reads from Swift, each form it reports as dynamic, and each
/// problem it reports, on small sources.
@Suite struct SwiftSourceScannerTests {
    func scan(_ code: String) -> SourceFindings {
        SwiftSourceScanner.scan(code, file: "App.swift")
    }

    func predicate(_ value: SourceFindings.ConditionValue?) -> ActivationPredicate? {
        if case .predicate(let predicate)? = value { return predicate }
        return nil
    }

    func unresolved(_ value: SourceFindings.ConditionValue?) -> String? {
        if case .unresolved(let text)? = value { return text }
        return nil
    }

    // MARK: UIKit conditions

    @Test func conditionsAssignedInASceneDelegate() throws {
        let findings = scan(
            """
            final class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'mail.'")
                    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", "mail.inbox")
                }
            }
            """)
        #expect(findings.assignments.map(\.condition) == [.canActivate, .prefersToActivate])
        #expect(findings.assignments.map(\.owner) == ["MainSceneDelegate", "MainSceneDelegate"])
        let can = try #require(predicate(findings.assignments[0].value))
        #expect(can.format == "SELF BEGINSWITH 'mail.'")
        #expect(can.source == SourceLocation(file: "App.swift", line: 3, column: 9))
        let prefer = try #require(predicate(findings.assignments[1].value))
        #expect(prefer.arguments == [.string("mail.inbox")])
        #expect(prefer.evaluate("mail.inbox") && !prefer.evaluate("mail.inbox/"))
    }

    @Test func predicateArgumentsInEveryForm() throws {
        let findings = scan(
            """
            extension ComposeSceneDelegate {
                func configure(_ conditions: UISceneActivationConditions) {
                    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
                    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF IN %@", ["a", "b"])
                    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF IN %@ OR SELF == %@", argumentArray: [Set(["c"]), "d"])
                    let local = NSPredicate(format: "SELF ENDSWITH %@", ".pdf")
                    conditions.canActivateForTargetContentIdentifierPredicate = local
                    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
                }
            }
            """)
        #expect(findings.assignments.allSatisfy { $0.owner == "ComposeSceneDelegate" })
        let values = findings.assignments.compactMap { predicate($0.value) }
        #expect(
            values.map(\.format) == [
                "FALSEPREDICATE", "SELF IN %@", "SELF IN %@ OR SELF == %@", "SELF ENDSWITH %@", "TRUEPREDICATE",
            ])
        #expect(values[1].arguments == [.strings(["a", "b"])])
        #expect(values[2].arguments == [.strings(["c"]), .string("d")])
        #expect(values[3].evaluate("x.pdf"))
    }

    /// What only running the app would tell is unresolved, with its expression on one line.
    @Test func compoundPredicatesOfReadableParts() throws {
        let findings = scan(
            """
            final class DetailSceneDelegate: UIResponder {
                var itemID: String?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    let handoff = NSPredicate(format: "SELF BEGINSWITH %@", "detail/")
                    let shortcut = NSPredicate(format: "SELF IN %@", ["compose", "search"])
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
                        NSCompoundPredicate(orPredicateWithSubpredicates: [handoff, shortcut])
                    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(
                        type: .and, subpredicates: [handoff, NSPredicate(format: "SELF == %@", "detail/\\(itemID ?? "")")])
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
                        NSCompoundPredicate(notPredicateWithSubpredicate: NSPredicate(value: true))
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
                        NSCompoundPredicate(orPredicateWithSubpredicates: [handoff, makePredicate()])
                }
            }
            """)
        let can = try #require(predicate(findings.assignments[0].value))
        #expect(can.format == "(SELF BEGINSWITH %@) OR (SELF IN %@)")
        #expect(can.evaluate("detail/4") && can.evaluate("search") && !can.evaluate("other"))
        guard case .template(let template, let values) = findings.assignments[1].value else {
            Issue.record("expected a template")
            return
        }
        #expect(values.map(\.name) == ["itemID"])
        let bound = try #require(try template.predicate(with: ["itemID": "7"]))
        #expect(bound.format == "(SELF BEGINSWITH %@) AND (SELF == %@)")
        #expect(bound.evaluate("detail/7") && !bound.evaluate("detail/8"))
        #expect(predicate(findings.assignments[2].value)?.format == "NOT ((TRUEPREDICATE))")
        #expect(
            unresolved(findings.assignments[3].value)
                == "NSCompoundPredicate(orPredicateWithSubpredicates: [handoff, makePredicate()])")
    }

    @Test func computedConditionsAreUnresolved() throws {
        let findings = scan(
            """
            final class CartSceneDelegate {
                func connect(_ scene: UIScene) {
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH '\\(prefix)'")
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: format)
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
                        format: "SELF == %@", cart.identifier)
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = makeCondition()
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(block: { _, _ in true })
                }
            }
            """)
        // Values read from a variable or property are each window's own: templates.
        #expect(
            findings.assignments.map { unresolved($0.value) } == [
                nil, "NSPredicate(format: format)", nil, "makeCondition()", "NSPredicate(block: { _, _ in true })",
            ])
        guard case .template(let first, let firstValues) = findings.assignments[0].value,
            case .template(let third, let thirdValues) = findings.assignments[2].value
        else {
            Issue.record("the first and third conditions are templates")
            return
        }
        #expect(first.valueNames == ["prefix"] && firstValues.map(\.name) == ["prefix"])
        #expect(third.valueNames == ["identifier"] && thirdValues.map(\.expression) == ["cart.identifier"])
        #expect(try first.predicate(with: ["prefix": "cart-"])?.evaluate("cart-7") == true)
        #expect(try third.predicate(with: ["identifier": "c1"])?.format == "SELF == %@")
        #expect(findings.diagnostics.isEmpty)
    }

    /// The shapes real scene delegates use for a window's own identity.
    @Test func windowIdentitiesAreTemplates() throws {
        let findings = scan(
            """
            final class SceneDelegate {
                var itemID: String?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession) {
                    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
                        format: "SELF == 'app://open-scene/\\(scene.session.persistentIdentifier)' OR SELF == %@", "app://main")
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
                        format: "self == %@ OR self == %@", session.userInfo?["windowUUID"] as? String ?? "", "item/\\(self.itemID ?? "")")
                }
            }
            """)
        guard case .template(let prefers, let prefersValues) = findings.assignments[0].value,
            case .template(let can, let canValues) = findings.assignments[1].value
        else {
            Issue.record("both conditions are templates: \(findings.assignments.map(\.value))")
            return
        }
        #expect(prefersValues.isEmpty) // persistentIdentifier is built in
        let bound = try prefers.predicate(with: ["persistentIdentifier": "S1"])
        #expect(bound?.evaluate("app://open-scene/S1") == true && bound?.evaluate("app://main") == true)
        #expect(canValues.map(\.name) == ["windowUUID", "itemID"])
        #expect(canValues.first?.expression == #"session.userInfo?["windowUUID"] as? String ?? """#)
        let can2 = try can.predicate(with: ["windowUUID": "W1", "itemID": "42"])
        #expect(can2?.evaluate("W1") == true && can2?.evaluate("item/42") == true && can2?.evaluate("item/43") == false)
    }

    @Test func anInvalidFormatStringIsAnErrorInTheSwiftFile() throws {
        let findings = scan(
            """
            class S {
                func f(_ scene: UIScene) {
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINWITH 'x'")
                }
            }
            """)
        let error = try #require(findings.diagnostics.first)
        let line =
            #"        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINWITH 'x'")"#
        let column = line.utf8.count - #"BEGINWITH 'x'")"#.utf8.count + 1
        #expect(
            error.rendered() == """
                App.swift:3:\(column): error: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)
                \(line)
                \(String(repeating: " ", count: column - 1))^~~~~~~~~
                note: in the predicate format string "SELF BEGINWITH 'x'"
                """)
        #expect(unresolved(findings.assignments.first?.value) != nil)
    }

    /// A format that interpolates a window's value must still be a predicate around it: it is
    /// checked at import, not first when a manifest is loaded.
    @Test func anInvalidTemplateFormatIsAnErrorInTheSwiftFile() throws {
        let findings = scan(
            """
            class S {
                func f(_ scene: UIScene) {
                    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'x\\(scene.session.persistentIdentifier)' AND;")
                }
            }
            """)
        let error = try #require(findings.diagnostics.first)
        #expect(error.severity == .error && error.line == 3)
        #expect(error.notes == [#"in the predicate format string "SELF == %@ AND;""#])
        #expect(unresolved(findings.assignments.first?.value) != nil)
    }

    /// An unterminated format literal is read as far as it goes, as a plain predicate (found by
    /// FuzzImport: it was a template of no values, which the manifest did not read back as
    /// itself).
    @Test func anUnterminatedFormatIsAPlainPredicate() throws {
        let findings = scan(
            """
            final class S {
                func f(_ scene: UIScene) {
                    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'ledger.books'
            """)
        let value = try #require(findings.assignments.first?.value)
        guard case .predicate(let predicate) = value else {
            Issue.record("expected a plain predicate, got \(value)")
            return
        }
        #expect(predicate.evaluate("ledger.books"))
    }

    /// A character between a space and `=` makes swift-syntax's own fix-it for the error fail
    /// (found by FuzzImport): the error is reported without it, and the rest still read.
    @Test func unevenlySpacedEqualsIsAnError() {
        let findings = scan("let a = 1\nI \u{11}= {}\nlet b = \"x\"\n")
        #expect(
            findings.diagnostics.map(\.message) == [
                "'=' must have consistent whitespace on both sides (what parsed is still imported)"
            ])
        #expect(findings.diagnostics.first?.line == 2 && findings.diagnostics.first?.column == 4)
        #expect(findings.constants["b"] == "x")
    }

    // MARK: Emitted identifiers

    @Test func emittedIdentifiersAndWhatCarriesThem() throws {
        let findings = scan(
            """
            func send(thread: Thread, search: Search) {
                let activity = NSUserActivity(activityType: "com.example.view")
                activity.targetContentIdentifier = "mail.thread.\\(thread.id)"
                let content: UNMutableNotificationContent = makeContent()
                content.targetContentIdentifier = "mail.inbox"
                let item = UIMutableApplicationShortcutItem(type: "compose", localizedTitle: "New")
                item.targetContentIdentifier = "mail.compose." + draft.id
                other.targetContentIdentifier = search.identifier
                content.targetContentIdentifier = "a\\tb.\\(x).end"
            }
            """)
        #expect(
            findings.emitted.map(\.value) == [
                // Every literal piece kept; an escape in the text leaves only the ends.
                .template(try ValueTemplate(parsing: "mail.thread.${id}")), .identifier("mail.inbox"),
                .template(try ValueTemplate(parsing: "mail.compose.${id}")), .dynamic("search.identifier"),
                .pattern(prefix: "a\tb.", suffix: ".end"),
            ])
        #expect(findings.emitted.map(\.carrier) == [.userActivity, .notification, .shortcut, nil, .notification])
        #expect(findings.emitted[0].source == SourceLocation(file: "App.swift", line: 3, column: 40))
    }

    /// What carries an identifier when the code says so in other ways: a parameter's type, a
    /// subclass, the receiver of `.then { $0… }`; and URLs the app opens.
    @Test func carriersAndOpenedURLs() {
        let findings = scan(
            """
            final class ViewActivity: NSUserActivity {}
            func post(_ activity: NSUserActivity, item: ViewActivity, openURL: OpenURLAction) {
                activity.targetContentIdentifier = "a"
                item.targetContentIdentifier = "b"
                let handoff = NSUserActivity(activityType: "view").then { $0.targetContentIdentifier = "c" }
                openURL(URL(string: "atlas://place/\\(id)")!)
                UIApplication.shared.open(URL(string: "atlas://search")!, options: [:])
                _ = Link("Privacy", destination: URL(string: "https://example.com/privacy")!)
            }
            """)
        #expect(findings.emitted.map(\.carrier) == [.userActivity, .userActivity, .userActivity, .url, .url, .url])
        #expect(
            findings.emitted.suffix(2).map(\.value) == [
                .identifier("atlas://search"), .identifier("https://example.com/privacy"),
            ])
    }

    @Test func payloadsInDictionaryAndJSONLiterals() {
        let findings = scan(
            """
            let push: [String: Any] = ["aps": ["alert": "Hi", "target-content-id": "doc/42"], "extra": 1]
            let json = \"\"\"
                {"aps": {"target-content-id": "doc/7"}}
                \"\"\"
            let silent = ["aps": ["content-available": 1]]
            """)
        #expect(findings.emitted.map(\.value) == [.identifier("doc/42"), .identifier("doc/7")])
        #expect(findings.emitted.allSatisfy { $0.carrier == .payload })
    }

    // MARK: SwiftUI

    @Test func scenesOfAnAppInSourceOrder() throws {
        let findings = scan(
            """
            @main struct NotesApp: App {
                var body: some Scene {
                    WindowGroup(id: "library") { LibraryView() }
                        .handlesExternalEvents(matching: ["notes.library"])
                    WindowGroup("Note", for: Note.ID.self) { $id in NoteWindow(id: id) }
                        .defaultSize(width: 400, height: 600)
                        .handlesExternalEvents(matching: Set(["notes.note."]))
                    Window("Settings", id: "settings") {
                        SettingsView().handlesExternalEvents(preferring: ["notes.settings"], allowing: ["*"])
                    }
                    DocumentGroup(newDocument: Sketch()) { file in SketchView(sketch: file.$document) }
                        .handlesExternalEvents(matching: Set(identifiers))
                    ImmersiveSpace(id: "room") { RoomView() }
                }
            }
            struct Preview: View { var body: some View { WindowGroup { Text("not a scene of an App") } } }
            """)
        #expect(findings.declaresApp)
        #expect(
            findings.scenes.map(\.kind) == ["WindowGroup", "WindowGroup", "Window", "DocumentGroup", "ImmersiveSpace"])
        #expect(findings.scenes.map(\.id) == ["library", nil, "settings", nil, "room"])
        #expect(findings.scenes.map(\.title) == [nil, "Note", "Settings", nil, nil])
        #expect(
            findings.scenes.map { $0.contentViews.first } == [
                "LibraryView", "NoteWindow", "SettingsView", "SketchView", "RoomView",
            ])
        #expect(
            findings.scenes.map(\.role) == [
                .windowApplication, .windowApplication, .windowApplication, .windowApplication,
                .immersiveSpaceApplication,
            ])
        #expect(predicate(findings.scenes[0].matching)?.evaluate("x-NOTES.LIBRARY") == true)
        #expect(
            predicate(findings.scenes[1].matching)?.source == SourceLocation(file: "App.swift", line: 7, column: 14))
        #expect(unresolved(findings.scenes[3].matching) == "Set(identifiers)")
        let settings = try #require(findings.scenes[2].conditions)
        #expect(predicate(settings.preferring)?.evaluate("notes.settings") == true)
        #expect(predicate(settings.allowing)?.constantValue == true)
    }

    @Test func viewConditionsAndTheViewsEachViewShows() throws {
        let findings = scan(
            """
            struct NoteWindow: View {
                var body: some View { NoteEditor(id: id) }
            }
            struct NoteEditor: View {
                var body: some View {
                    TextEditor(text: $text)
                        .handlesExternalEvents(preferring: Set(["note/\\(id)"]), allowing: ["note/"])
                }
            }
            """)
        #expect(findings.viewChildren["NoteWindow"] == ["NoteEditor"])
        #expect(findings.viewConditions.count == 1)
        #expect(findings.viewConditions.first?.owner == "NoteEditor")
        // A member read from the view's own `id`: a set template with that value.
        guard case .template(let template, let values)? = findings.viewConditions.first?.preferring else {
            Issue.record("expected a set template")
            return
        }
        #expect(values.map(\.name) == ["id"])
        let bound = try template.predicate(with: ["id": "7"])
        #expect(bound?.swiftUIMembers == ["note/7"])
        #expect(predicate(findings.viewConditions.first?.allowing)?.evaluate("NOTE/1") == true)
    }

    // MARK: Problems

    @Test func aFileWithSyntaxErrorsIsReportedAndWhatParsedIsKept() {
        let findings = scan(
            """
            enum Promotions {
                static func banner() -> UNMutableNotificationContent {
                    let content = UNMutableNotificationContent()
                    content.targetContentIdentifier = "shop.sale"
                    return content
            }
            """)
        #expect(findings.diagnostics.count == 1)
        #expect(
            findings.diagnostics.first?.rendered()
                == "App.swift:6:2: error: expected '}' to end enum (what parsed is still imported)")
        #expect(findings.emitted.map(\.value) == [.identifier("shop.sale")])
    }
}
