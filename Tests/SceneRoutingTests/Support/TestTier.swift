import Foundation
import Testing

extension Tag {
    /// Exhaustive or long checks that run only in the full tier.
    @Tag static var slow: Self
}

/// How much a test run covers. By default, exhaustive checks run on a deterministic sample
/// and differential tests on fewer random apps, so that `swift test` stays quick; with
/// `SCENE_ROUTER_FULL_TESTS=1` they run in full and the tests tagged `slow` run too. CI runs
/// both tiers.
enum TestTier {
    static let isFull = ProcessInfo.processInfo.environment["SCENE_ROUTER_FULL_TESTS"] == "1"

    /// `full` in the full tier, else `quick`.
    static func size(quick: Int, full: Int) -> Int { isFull ? full : quick }
}
