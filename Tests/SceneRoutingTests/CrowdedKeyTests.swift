import Testing

@testable import SceneRouting

/// Keys many distinct predicates share are reported by the table's shape (`compile`) and
/// warned about by `check`; predicates that differ in a literal of their own are spread
/// over it and crowd nothing.
@Suite struct CrowdedKeyTests {
    private func app(_ formats: [String]) throws -> SceneApp {
        let sessions = try formats.enumerated().map { index, format in
            SceneSession(
                id: "w\(index)", declaration: "Main",
                conditions: ActivationConditions(
                    canActivate: .alwaysTrue, prefersToActivate: try ActivationPredicate(format: format)))
        }
        return try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: sessions)
    }

    /// Records the groups a probe finds.
    private struct FoundGroups: GroupVisitor {
        var groups: [Int32] = []
        mutating func visit(_ group: Int32) { groups.append(group) }
    }

    /// `ticket-` is in every `MATCHES 'ticket-[0-9]+-N'`, and `-N` is short for small N: a
    /// short suffix is filed once its length is probed anyway, or as soon as the shared
    /// prefix holds a group, so an identifier finds its own group and at most the first.
    @Test func regexesSharingTheirPrefixGoUnderTheirShortSuffixes() throws {
        let formats =
            (0..<300).map { "SELF MATCHES 'ticket-[0-9]+-\($0)'" } + (0..<300).map { "SELF LIKE 'chart-*-\($0)'" }
        let app = try app(formats)
        let table = DispatchTable(app: app)
        let router = SceneRouter(app: app)
        for n in [0, 4, 17, 93, 150, 299] {
            for (identifier, expected) in [("ticket-90817-\(n)", n), ("chart-7-\(n)", 300 + n)] {
                var found = FoundGroups()
                let bytes = Array(identifier.utf8)
                bytes.withUnsafeBufferPointer { table.prefer.probe($0, hasUppercase: false, &found) }
                #expect(Set(found.groups).count <= 2, "\(identifier): \(found.groups.count) groups found")
                #expect(router.route(identifier: identifier).action == .activate(sessionID: "w\(expected)"))
            }
        }
    }

    @Test func sharedPrefixIsReportedAndWarnedAbout() throws {
        let app = try app((1...40).map { "SELF BEGINSWITH 'ticket-' AND NOT SELF ENDSWITH '-\($0)'" })
        let tier = SceneRouter(app: app).shape.prefer
        #expect(tier.crowdedKeys.first == DispatchShape.CrowdedKey(kind: "prefix", literal: "ticket-", groups: 40))
        #expect(tier.worstCaseVerifications == 40)
        let warnings = try ManifestChecker.check(app, file: "m.json").warnings.filter {
            $0.code?.rawValue == "crowded-key"
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.path == "sessions[0].prefersToActivate")
        #expect(
            warnings.first?.message.contains(
                "40 distinct prefersToActivate predicates offer only the prefix \"ticket-\"") == true)
    }

    @Test func aFewSharingAKeyAreReportedButNotWarnedAbout() throws {
        let app = try app((1...5).map { "SELF BEGINSWITH 'ticket-' AND NOT SELF ENDSWITH '-\($0)'" })
        #expect(SceneRouter(app: app).shape.prefer.crowdedKeys.first?.groups == 5)
        #expect(
            try ManifestChecker.check(app, file: "m.json").warnings.allSatisfy { $0.code?.rawValue != "crowded-key" })
    }

    @Test func regexesThatDifferAtTheEndSpreadOverTheirSuffixes() throws {
        let app = try app((1...200).map { "SELF MATCHES 'ticket-[0-9]+-\($0)'" })
        let tier = SceneRouter(app: app).shape.prefer
        #expect(tier.crowdedKeys.isEmpty)
        #expect(tier.worstCaseVerifications == 1)
        #expect(
            try ManifestChecker.check(app, file: "m.json").warnings.allSatisfy { $0.code?.rawValue != "crowded-key" })
    }

    @Test(.enabled(if: PatternSets.areAvailable, "Hyperscan is not in this build or cannot run here"))
    func regexesInPatternSetsCrowdNothing() throws {
        let tier = SceneRouter(
            app: try app((0..<40).map { "SELF MATCHES 'ticket-[0-9]{\($0 % 9 + 1)}[a-z]{\($0 / 9 + 1)}'" })
        ).shape.prefer
        #expect((tier.patternSets, tier.patternSetMembers) == (1, 40))
        #expect(tier.crowdedKeys.isEmpty)
        // The same regexes written with `\d`, which a set does not take, stay crowded.
        let unsettled = SceneRouter(
            app: try app((0..<40).map { "SELF MATCHES 'ticket-\\\\d{\($0 % 9 + 1)}[a-z]{\($0 / 9 + 1)}'" }))
        #expect(unsettled.shape.prefer.patternSets == 0)
        #expect(unsettled.shape.prefer.crowdedKeys.first?.literal == "ticket-")
    }

    /// A predicate that may go under a prefix another one has or under an inner key goes
    /// under the prefix while its tier looks for no inner keys: one more group there costs the
    /// routes that hit it a verification, a first inner key costs every route a pass over the
    /// identifier. Once the tier has inner keys, the unshared key wins.
    @Test func aSharedPrefixBeatsTheFirstInnerKey() throws {
        let pair = ["SELF BEGINSWITH 'section-6/'", "SELF LIKE[c] 'SECTION-6/*'"]
        let alone = SceneRouter(app: try app(pair)).shape.prefer
        #expect(alone.gramBuckets == 0)
        #expect(alone.crowdedKeys.first == DispatchShape.CrowdedKey(kind: "prefix", literal: "section-6/", groups: 2))
        let withInnerKeys = SceneRouter(app: try app(["SELF CONTAINS[c] 'report'"] + pair)).shape.prefer
        #expect(withInnerKeys.gramBuckets == 2)
        #expect(withInnerKeys.crowdedKeys.isEmpty)
    }
}
