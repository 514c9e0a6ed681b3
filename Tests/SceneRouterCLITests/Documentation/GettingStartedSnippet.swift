// swift-format-ignore-file
// The code between the snippet markers is a document's example, laid out for reading there
// (comments aligned), and must stay as the document shows it.
import SceneRouting

struct GettingStartedSnippet: DocumentationSnippet {
    static let document = "Sources/SceneRouting/SceneRouting.docc/GettingStarted.md"
    static let file = #filePath
    var printed: [String] = []

    mutating func print(_ value: Any) { printed.append("\(value)") }

    mutating func run() throws {
        // snippet begin
        var conditions = ActivationConditions()          // by default: can activate for anything, prefers nothing
        conditions.canActivate = try ActivationPredicate(format: "SELF BEGINSWITH 'mail.' AND NOT SELF BEGINSWITH 'mail.compose.'")
        conditions.prefersToActivate = try ActivationPredicate(format: "SELF IN %@", arguments: [["mail.inbox", "mail.inbox/"]])

        let app = try SceneApp(
            declarations: [SceneDeclaration(name: "Compose", matching: try ActivationPredicate(format: "SELF BEGINSWITH 'mail.compose.'")),
                           SceneDeclaration(name: "Main")],
            sessions: [SceneSession(id: "main-1", declaration: "Main", state: .foregroundActive, conditions: conditions)])

        let router = SceneRouter(app: app)               // Sendable: route from any thread

        // Decide only, from a notification's userInfo as UIKit hands it:
        let userInfo: [AnyHashable: Any] = ["aps": ["alert": "New mail", "target-content-id": "mail.thread.9"]]
        print(router.route(try .notification(payload: userInfo)))   // "mail.thread.9" → activate main-1 (can)

        // Decide and apply, as the system does: the chosen or new session becomes the key window.
        let compose = router.deliver(.shortcut(ShortcutItem(type: "compose", targetContentIdentifier: "mail.compose.new")))
        print(compose)                                   // "mail.compose.new" → create Compose as new-1 (declaration-matching)
        print(router.route(identifier: "mail.inbox", explain: true).explanation!)
        // considered 2 sessions, best first:
        //   1. main-1 (Main)  score 2  foregroundInactive, lastActive 0, position 0
        //       prefersToActivate: SELF IN %@ (%@: ["mail.inbox", "mail.inbox/"])
        //   2. new-1 (Compose)  score 1  foregroundActive, lastActive 1, position 1
        // …

        // Keep the table in step with the app's sessions.
        try router.update(SessionUpdate(id: "main-1", state: .background))
        try router.close(sessionID: "new-1")
        print(router.snapshot.sessions.map(\.id))       // ["main-1"]

        // Many at once: the decisions of one call each, in order (no allocation when `decisions` has room).
        var decisions: [RoutingDecision] = []
        router.route(contentsOf: ["mail.thread.2", nil, "calendar.event.5"], into: &decisions)
        print(decisions.map(\.reason.rawValue))         // ["can", "no-identifier", "default-declaration"]
        // snippet end
    }
}
