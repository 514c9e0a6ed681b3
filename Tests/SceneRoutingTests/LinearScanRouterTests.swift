import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The linear scan `bench --engines linear` measures decides as the reference router does:
/// the same rules, one reading of the identifier for every window, no index.
@Suite struct LinearScanRouterTests {
    @Test(arguments: [false, true])
    func decidesAsTheReferenceDoes(nonASCII: Bool) {
        let alphabet = nonASCII ? RandomText.nonASCII : RandomText.mostlyASCII
        let seed: UInt64 = nonASCII ? 20_261_129 : 20_261_128
        var generator = RandomApps(random: DeterministicRandom(seed: seed), alphabet: alphabet)
        let comparison = ReferenceComparison(apps: TestTier.size(quick: 200, full: 800), generator: &generator) {
            LinearScanRouter(app: $0).route(identifier:)
        }
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatches.joined(separator: "\n"))")
        #expect(comparison.checked >= 6_000)
    }
}
