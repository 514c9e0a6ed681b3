/// The example mail app `route --example` routes, compiled into the binary so a copied or
/// installed `scene-router` has it: the same bytes as `Fixtures/apps/mail.json` and
/// `Fixtures/apps/mail-events.jsonl` (a test keeps them equal).
enum ExampleApp {
    /// The name diagnostics and `--explain` give the manifest.
    static let manifestName = "example:mail.json"
    /// The name diagnostics give the events.
    static let eventsName = "example:mail-events.jsonl"

    static let manifest = #"""
        {
          "framework": "uikit",
          "supportsMultipleScenes": true,
          "tieBreak": "recency",
          "declarations": [
            { "name": "Compose",
              "matching": { "format": "SELF BEGINSWITH %@", "args": ["mail.compose."] },
              "initialConditions": { "canActivate": "FALSEPREDICATE",
                                     "prefersToActivate": "SELF BEGINSWITH 'mail.compose.'" } },
            { "name": "Viewer",
              "matching": "SELF ENDSWITH[c] '.pdf' OR SELF ENDSWITH[c] '.png'",
              "initialConditions": { "canActivate": "FALSEPREDICATE" } },
            { "name": "Main" }
          ],
          "sessions": [
            { "id": "main-1", "declaration": "Main", "state": "foregroundActive", "lastActive": 40,
              "canActivate": "SELF BEGINSWITH 'mail.' AND NOT SELF BEGINSWITH 'mail.compose.'",
              "prefersToActivate": { "format": "SELF IN %@", "args": [["mail.inbox", "mail.inbox/"]] } },
            { "id": "main-2", "declaration": "Main", "state": "background", "lastActive": 31,
              "canActivate": "SELF BEGINSWITH 'mail.' AND NOT SELF BEGINSWITH 'mail.compose.'",
              "prefersToActivate": { "format": "SELF == %@", "args": ["mail.mailbox.work"] } },
            { "id": "compose-7", "declaration": "Compose", "state": "foregroundInactive", "lastActive": 38,
              "canActivate": "FALSEPREDICATE",
              "prefersToActivate": { "format": "SELF == %@", "args": ["mail.compose.draft-7"] } },
            { "id": "viewer-3", "declaration": "Viewer", "state": "background", "lastActive": 12,
              "canActivate": "FALSEPREDICATE",
              "prefersToActivate": "SELF ENDSWITH 'attachments/report-q3.pdf'" },
            { "id": "tv", "declaration": "Main", "role": "windowExternalDisplayNonInteractive",
              "state": "foregroundActive", "lastActive": 41 }
          ]
        }
        """#

    static let events = #"""
        {"identifier": "mail.inbox"}
        {"notification": {"aps": {"alert": "New mail from Ana", "target-content-id": "mail.thread.9"}}}
        {"shortcut": {"type": "com.example.mail.compose", "targetContentIdentifier": "mail.compose.new"}}
        {"userActivity": {"activityType": "com.example.mail.draft", "targetContentIdentifier": "mail.compose.draft-7"}}
        {"url": "file:///Users/ana/attachments/report-q3.pdf"}
        {"url": "https://example.com/files/slides.PDF"}
        {"identifier": null}
        {"identifier": "calendar.event.5"}
        {"identifier": "mail.mailbox.work"}
        """#
}
