#if DEBUG
/// A push payload for trying the app without a server.
enum DebugPush {
    static let newMail: [String: Any] = [
        "aps": ["alert": ["title": "Ana", "body": "Lunch?"], "target-content-id": "mail.thread.demo"],
        "thread": "demo",
    ]
}
#endif
