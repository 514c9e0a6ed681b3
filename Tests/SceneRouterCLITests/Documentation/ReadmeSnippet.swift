// swift-format-ignore-file
// The code between the snippet markers is a document's example, laid out for reading there
// (comments aligned), and must stay as the document shows it.
import SceneRouting

struct ReadmeSnippet: DocumentationSnippet {
    static let document = "README.md"
    static let file = #filePath
    var printed: [String] = []

    mutating func print(_ value: Any) { printed.append("\(value)") }

    mutating func run() throws {
        // snippet begin
        var conditions = ActivationConditions()          // can activate for anything, prefers nothing
        conditions.prefersToActivate = try ActivationPredicate(format: "SELF == %@", arguments: ["mail.inbox"])
        let app = try SceneApp(
            declarations: [SceneDeclaration(name: "Main")],
            sessions: [SceneSession(id: "main-1", declaration: "Main", state: .foregroundActive, conditions: conditions)])

        let router = SceneRouter(app: app)               // Sendable: route from any thread
        let userInfo: [AnyHashable: Any] = ["aps": ["target-content-id": "mail.inbox"]]   // as UIKit hands it
        print(router.route(try .notification(payload: userInfo)))   // "mail.inbox" → activate main-1 (prefers)
        router.deliver(.identifier("mail.thread.9"))     // routes, then makes the chosen window key
        try router.update(SessionUpdate(id: "main-1", state: .background))   // churn without a rebuild
        // snippet end
    }
}
