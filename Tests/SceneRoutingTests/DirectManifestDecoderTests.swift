import Foundation
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The direct decoder reads sessions without a JSON tree; the tree-based reading is its
/// oracle. On every valid manifest the two give the same app and the same predicate sites,
/// and the direct decoder never accepts a document the tree refuses (it gives up, and the
/// tree names the problem).
@Suite struct DirectManifestDecoderTests {
    private static func tree(_ text: String) -> (app: SceneApp, sites: [PredicateSite])? {
        try? ManifestLoader.loadThroughTree(Array(text.utf8), file: "m.json")
    }

    private static func direct(_ text: String) -> (app: SceneApp, sites: [PredicateSite])? {
        DirectManifestDecoder.decode(Array(text.utf8), file: "m.json", collectsSites: true)
    }

    private static func describe(_ sites: [PredicateSite]) -> [String] {
        sites.map {
            "\($0.path) \($0.role) \($0.ownerIndex) \($0.archivedSize) \($0.predicate.format) \($0.predicate.arguments)"
        }
    }

    /// Manifests the writer produced: every mix of the benchmark workloads (arguments, sets,
    /// non-ASCII) and random apps over every operator, framework and role.
    private static var writtenManifests: [String] {
        var manifests = WorkloadMix.allCases.map {
            ManifestWriter.text(of: WorkloadGenerator.make(mix: $0, sessions: 300, events: 0, seed: 5).app)
        }
        var generator = RandomApps(random: DeterministicRandom(seed: 77))
        for round in 0..<150 {
            if round % 3 == 0 { generator.alphabet = round % 2 == 0 ? RandomText.nonASCII : RandomText.mostlyASCII }
            manifests.append(ManifestWriter.text(of: generator.app()))
        }
        return manifests
    }

    @Test func agreesWithTheTreeOnEveryWrittenManifest() throws {
        for manifest in Self.writtenManifests {
            let expected = try #require(Self.tree(manifest))
            let decoded = try #require(Self.direct(manifest), "the direct decoder gave up on a written manifest")
            #expect(ManifestWriter.text(of: decoded.app) == ManifestWriter.text(of: expected.app))
            #expect(Self.describe(decoded.sites) == Self.describe(expected.sites))
        }
    }

    /// Large session arrays are split between threads at the elements a quick scan finds;
    /// each thread checks that its elements end where the next begin.
    @Test func splitsLargeArraysAndChecksEverySeam() throws {
        let count = DirectManifestDecoder.parallelThreshold + 904
        let manifest = ManifestWriter.text(
            of: WorkloadGenerator.make(mix: .realistic, sessions: count, events: 0, seed: 8).app)
        let expected = try #require(Self.tree(manifest))
        let decoded = try #require(Self.direct(manifest))
        #expect(decoded.app.sessions.count == count)
        #expect(ManifestWriter.text(of: decoded.app) == ManifestWriter.text(of: expected.app))
        #expect(Self.describe(decoded.sites) == Self.describe(expected.sites))

        let seam = manifest.range(
            of: "},\n",
            range: manifest.index(manifest.startIndex, offsetBy: manifest.utf8.count / 2)..<manifest.endIndex)!
        let spaced = manifest.replacingCharacters(in: seam, with: "}\n , \t\n")
        #expect(Self.direct(spaced).map { ManifestWriter.text(of: $0.app) } == ManifestWriter.text(of: expected.app))
        let end = manifest.range(of: "}\n  ]", options: .backwards)!
        for damaged in [
            manifest.replacingCharacters(in: seam, with: "}\n"),
            manifest.replacingCharacters(in: seam, with: "},,\n"),
            manifest.replacingCharacters(in: seam, with: "}]\n"),
            manifest.replacingCharacters(in: end, with: "}\n  }"),
            manifest.replacingCharacters(in: end, with: "},\n  ]"),
        ] {
            #expect(Self.direct(damaged) == nil)
            #expect(Self.tree(damaged) == nil)
        }
    }

    @Test func agreesOnHandWrittenForms() throws {
        let manifest = """
            {"declarations": [{"name": "Main"}], "tieBreak": "order", "sessions": [
               {"declaration": "Main", "id": "b\\u00e9", "lastActive": -0, "preferring": {"set": ["x"], "source": "A.swift:3:4"}},
               { "id" : "c" , "declaration" : "Main" , "canActivate" : {"args": ["%"], "format": "SELF BEGINSWITH %@"},
                 "prefersToActivate": {"format": "SELF IN %@", "args": [["a", "b"]], "source": "B.swift:1:2"} },
               {"id": "d", "declaration": "Main", "canActivate": {"format": "TRUEPREDICATE", "args": []}},
               {"id": "e", "declaration": "Main", "values": {"doc": "7"},
                 "canActivate": {"format": "SELF == %@ OR SELF IN %@ OR SELF == %@",
                   "args": ["a\\\"", ["x", {"template": "doc/${doc}"}], "y"]},
                 "prefersToActivate": {"format": "SELF IN %@ OR SELF ENDSWITH %@",
                   "args": [["p", "q"], {"template": "/${persistentIdentifier}"}]}}
             ]}
            """
        let expected = try #require(Self.tree(manifest))
        let decoded = try #require(Self.direct(manifest))
        #expect(ManifestWriter.text(of: decoded.app) == ManifestWriter.text(of: expected.app))
        #expect(Self.describe(decoded.sites) == Self.describe(expected.sites))
        #expect(decoded.app.sessions.map(\.id) == ["bé", "c", "d", "e"])
        // Plain arguments before and after a template keep their places around it.
        let bound = try #require(decoded.app.sessions.last)
        #expect(bound.conditions.canActivate.evaluate("doc/7") && bound.conditions.canActivate.evaluate("y"))
        #expect(bound.conditions.canActivate.evaluate("a\"") && !bound.conditions.canActivate.evaluate("doc/8"))
        #expect(bound.conditions.prefersToActivate.evaluate("q") && bound.conditions.prefersToActivate.evaluate("z/e"))
    }

    /// Sessions that state the same template share one: a router keeps every session's
    /// template, and an app whose windows each prefer their own identity states it in each.
    /// Only byte-identical text is shared: `é` composed and decomposed are two templates, and
    /// each window still binds its own values.
    @Test func sessionsThatStateOneTemplateShareIt() throws {
        func session(_ id: String, _ text: String) -> String {
            #"{"id": "\#(id)", "declaration": "Main", "values": {"persistentIdentifier": "\#(id)"}, "#
                + #""prefersToActivate": {"format": "SELF == %@", "args": [{"template": "\#(text)${persistentIdentifier}"}]}}"#
        }
        let (composedJSON, decomposedJSON) = (#"caf\u00e9/"#, #"cafe\u0301/"#)
        let sessions = [
            session("a", composedJSON), session("b", composedJSON), session("c", decomposedJSON),
            session("d", composedJSON),
        ]
        let manifest = #"{"declarations": [{"name": "Main"}], "sessions": ["# + sessions.joined(separator: ", ") + "]}"
        let decoded = try #require(Self.direct(manifest))
        let templates = try decoded.app.sessions.map { try #require($0.templates.prefersToActivate) }
        #expect(templates[0].isShared(with: templates[1]) && templates[0].isShared(with: templates[3]))
        #expect(!templates[0].isShared(with: templates[2]))
        let (composed, decomposed) = ("caf\u{E9}/", "cafe\u{301}/")
        for (session, stated) in zip(decoded.app.sessions, [composed, composed, decomposed, composed]) {
            // By bytes: `==` on strings is canonical equivalence.
            let other = Array(stated.utf8) == Array(composed.utf8) ? decomposed : composed
            #expect(session.conditions.prefersToActivate.evaluate(stated + session.id), "\(session.id)")
            #expect(!session.conditions.prefersToActivate.evaluate(other + session.id), "\(session.id)")
            #expect(!session.conditions.prefersToActivate.evaluate(stated + "x"), "\(session.id)")
        }
    }

    /// Declarations or the framework after the sessions, and keys written with escapes, are
    /// left to the tree, which reads them correctly.
    @Test(arguments: [
        #"{"sessions": [{"id": "a", "declaration": "Main"}], "declarations": [{"name": "Main"}]}"#,
        #"{"declarations": [{"name": "Main"}], "sessions": [{"id": "a", "declaration": "Main"}], "framework": "swiftui"}"#,
        #"{"declarations": [{"name": "Main"}], "sessions": [{"\u0069d": "a", "declaration": "Main"}]}"#,
    ])
    func leavesUnusualOrderToTheTree(manifest: String) throws {
        #expect(Self.direct(manifest) == nil)
        let loaded = try ManifestLoader.load(Data(manifest.utf8), file: "m.json")
        #expect(loaded.sessions.map(\.id) == ["a"])
    }

    @Test func givesUpOnEveryBadManifestInTheCorpus() throws {
        let folder = FixturePaths.url("bad-input")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("manifest-") && $0.hasSuffix(".json")
        }
        #expect(names.count >= 10)
        for name in names {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let bytes = try [UInt8](Data(contentsOf: url))
            #expect(DirectManifestDecoder.decode(bytes, file: name, collectsSites: false) == nil, "\(name)")
        }
    }

    /// Random damage to valid manifests (a byte deleted, inserted or replaced): whenever the
    /// direct decoder still accepts the document, the tree accepts it too, as the same app.
    @Test func neverAcceptsWhatTheTreeRefuses() throws {
        let seeds = [
            ManifestWriter.text(of: WorkloadGenerator.make(mix: .realistic, sessions: 6, events: 0, seed: 3).app),
            ManifestWriter.text(of: WorkloadGenerator.make(mix: .unicode, sessions: 4, events: 0, seed: 3).app),
            #"{"framework": "swiftui", "declarations": [{"name": "M"}], "sessions": [{"id": "a", "declaration": "M", "allowing": ["x", "*"], "lastActive": 12, "state": "background", "role": "UIWindowSceneSessionRoleApplication"}]}"#,
        ]
        let damage: [UInt8] = Array(#"{}[],:"\ 0-19ae.+"#.utf8) + [0xFF, 0xC3, 0x00, 0x0A]
        var random = DeterministicRandom(seed: 99)
        var accepted = 0
        var declined = 0
        for round in 0..<4000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<(1 + random.below(2)) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(damage[random.below(damage.count)], at: at)
                default: bytes[at] = damage[random.below(damage.count)]
                }
            }
            guard let decoded = DirectManifestDecoder.decode(bytes, file: "m.json", collectsSites: true) else {
                declined += 1
                continue
            }
            accepted += 1
            let expected = try ManifestLoader.loadThroughTree(bytes, file: "m.json")
            #expect(ManifestWriter.text(of: decoded.app) == ManifestWriter.text(of: expected.app))
            #expect(Self.describe(decoded.sites) == Self.describe(expected.sites))
        }
        // Both outcomes are exercised: damage in a string's text keeps the document valid.
        #expect(accepted > 100)
        #expect(declined > 1000)
    }
}
