import ArgumentParser
import Foundation
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router compile`: the dispatch table's shape for a manifest.
    struct Compile: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the dispatch table for a manifest and print its shape.",
            discussion: """
                Per tier (prefersToActivate, canActivate): distinct predicate groups, how many match always, how \
                many are residual (no key to index, so evaluated on every route, for ASCII and non-ASCII \
                identifiers alike), hashed keys, gram buckets, the prefix/suffix lengths in use, the keys most \
                predicates share with the most verifications a route can make; and the table's approximate bytes.
                """
        )

        @OptionGroup var manifest: ManifestOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let path = manifest.path
            let app = try manifest.load(reporter: DiagnosticReporter(output.format))
            let shape = SlowStepProgress.run("building the dispatch table") {
                ProcessLifetime.keep(SceneRouter(app: app))
            }.shape
            switch output.format {
            case .json:
                StandardStreams.write(JSONLines.line(ShapeRecord(shape)))
            case .text:
                StandardStreams.write("\(path): \(shape.sessions) sessions, ~\(shape.bytes) bytes")
                for (name, tier) in [("prefersToActivate", shape.prefer), ("canActivate", shape.can)] {
                    StandardStreams.write(
                        "  \(name): \(tier.groups) groups (\(tier.always) always, \(tier.residual) residual (evaluated on every route), \(tier.never) never), "
                            + "\(tier.hashedKeys) hashed keys, \(tier.gramBuckets) gram buckets, "
                            + "\(tier.prefixLengths) prefix lengths, \(tier.suffixLengths) suffix lengths")
                    if tier.patternSets > 0 {
                        StandardStreams.write(
                            "    pattern sets: \(tier.patternSets), deciding \(tier.patternSetMembers) regexes in one pass each"
                        )
                    }
                    if !tier.crowdedKeys.isEmpty {
                        StandardStreams.write(
                            "    most crowded keys: \(tier.crowdedKeys.map(\.description).joined(separator: ", ")); "
                                + "worst case \(tier.worstCaseVerifications) verifications per route")
                    }
                }
            }
            StandardStreams.flush()
        }
    }
}

struct ShapeRecord: Encodable {
    struct Tier: Encodable {
        struct CrowdedKey: Encodable {
            var kind, literal: String
            var groups: Int
        }
        var groups, always, residual, never, hashedKeys, gramBuckets, prefixLengths, suffixLengths: Int
        var patternSets, patternSetMembers: Int
        var crowdedKeys: [CrowdedKey]
        var worstCaseVerifications: Int
        init(_ tier: DispatchShape.Tier) {
            (groups, always, residual, never) = (tier.groups, tier.always, tier.residual, tier.never)
            (hashedKeys, gramBuckets, prefixLengths, suffixLengths) =
                (tier.hashedKeys, tier.gramBuckets, tier.prefixLengths, tier.suffixLengths)
            (patternSets, patternSetMembers) = (tier.patternSets, tier.patternSetMembers)
            crowdedKeys = tier.crowdedKeys.map { CrowdedKey(kind: $0.kind, literal: $0.literal, groups: $0.groups) }
            worstCaseVerifications = tier.worstCaseVerifications
        }
    }
    var sessions: Int
    var bytes: Int
    var prefersToActivate: Tier
    var canActivate: Tier
    init(_ shape: DispatchShape) {
        sessions = shape.sessions
        bytes = shape.bytes
        prefersToActivate = Tier(shape.prefer)
        canActivate = Tier(shape.can)
    }
}
