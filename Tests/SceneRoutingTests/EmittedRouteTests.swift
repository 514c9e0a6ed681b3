import Foundation
import Testing

@testable import SceneRouting

/// Emitted identifiers that carry the posting window's values: where each lands with that
/// window open and closed, and the warning when it does not come back to it.
@Suite struct EmittedRouteTests {
    static let manifest = #"""
        {
          "declarations": [
            { "name": "Main",
              "initialConditions": { "canActivate": "SELF BEGINSWITH 'app://'",
                                     "prefersToActivate": {"format": "SELF == %@", "args": [{"template": "app://open-scene/${persistentIdentifier}"}]} } },
            { "name": "Detail", "values": [{"name": "itemID"}],
              "initialConditions": { "canActivate": "FALSEPREDICATE",
                                     "prefersToActivate": {"format": "SELF == %@", "args": [{"template": "item/${itemID}"}]} } },
            { "name": "Settings", "initialConditions": { "canActivate": "FALSEPREDICATE", "prefersToActivate": "FALSEPREDICATE" } }
          ],
          "emitted": [
            { "template": "app://open-scene/${persistentIdentifier}", "carrier": "notification", "declaration": "Settings", "source": "App/Settings.swift:12:5" },
            { "template": "item/${itemID}", "carrier": "userActivity", "declaration": "Detail" },
            { "template": "app://open-scene/${persistentIdentifier}", "carrier": "notification" },
            { "template": "search/${query}" }
          ]
        }
        """#

    @Test func eachPosterMeetsItsIdentifier() throws {
        let report = try ManifestChecker.check(
            ManifestLoader.load(Data(Self.manifest.utf8), file: "app.json"), file: "app.json")
        let lines = report.emittedRoutes.map {
            "\($0.poster)\($0.posterIsKnown ? "" : "?") \($0.identifier): \($0.whenOpen); \($0.whenClosed)"
        }
        #expect(
            lines == [
                "Settings app://open-scene/Settings-posting: activates another 'Main' window (can); activates another 'Main' window (can)",
                "Detail item/posted-itemID: activates the posting window (prefers); creates 'Main' (default-declaration)",
                "Main? app://open-scene/Main-posting: activates the posting window (prefers); activates another 'Main' window (can)",
                "Detail? app://open-scene/Detail-posting: activates another 'Main' window (can); activates another 'Main' window (can)",
                "Settings? app://open-scene/Settings-posting: activates another 'Main' window (can); activates another 'Main' window (can)",
            ])
        // Only where the code names the poster, and the event goes elsewhere, is it a warning.
        let warnings = report.warnings.filter { $0.code?.rawValue == "emitted-to-other-window" }
        #expect(warnings.count == 1)
        #expect(warnings.first?.file == "App/Settings.swift" && warnings.first?.line == 12)
        #expect(
            warnings.first?.message.contains(
                "'Settings' window's own values, but while that window is open the event activates another 'Main' window (can)"
            ) == true)
    }

    /// A route that rests on a condition the import could not read is told, not warned about.
    @Test func whatRestsOnAnUnreadConditionIsNoWarning() throws {
        var manifest = Self.manifest
        manifest = manifest.replacingOccurrences(
            of: #""emitted": ["#,
            with:
                #""unresolved": [{"declaration": "Settings", "condition": "prefersToActivate", "expression": "makeCondition()"}], "emitted": ["#
        )
        let report = try ManifestChecker.check(
            ManifestLoader.load(Data(manifest.utf8), file: "app.json"), file: "app.json")
        let settings = try #require(report.emittedRoutes.first)
        #expect(settings.poster == "Settings" && settings.rested)
        #expect(!report.warnings.contains { $0.code?.rawValue == "emitted-to-other-window" })
    }

    @Test func templatesRoundTripAndBadOnesAreLocated() throws {
        let app = try ManifestLoader.load(Data(Self.manifest.utf8), file: "app.json")
        let text = ManifestWriter.text(of: app)
        #expect(text.contains(#"{"template": "item/${itemID}", "carrier": "userActivity", "declaration": "Detail"}"#))
        #expect(ManifestWriter.text(of: try ManifestLoader.load(Data(text.utf8), file: "w.json")) == text)
        for (emitted, message) in [
            (#"{"template": "a/${"}"#, "emitted[0].template: error: '${' without a closing '}'"),
            (
                #"{"template": "a/${x}", "declaration": "Nope"}"#,
                "emitted[0].declaration: error: unknown declaration 'Nope'"
            ),
        ] {
            let manifest = #"{"declarations": [{"name": "Main"}], "emitted": ["# + emitted + "]}"
            #expect {
                try ManifestLoader.load(Data(manifest.utf8), file: "app.json")
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
