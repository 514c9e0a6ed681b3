@testable import SceneRouting
import SceneRouterWorkloads
import Testing

/// The linear scan `bench --engines linear` measures decides as the reference router does:
/// the same rules, one reading of the identifier for every window, no index.
@Suite struct LinearScanRouterTests {
    @Test(arguments: [false, true])
    func decidesAsTheReferenceDoes(nonASCII: Bool) {
        let alphabet = nonASCII ? RandomText.nonASCII : RandomText.mostlyASCII
        let seed: UInt64 = nonASCII ? 20_261_129 : 20_261_128
        var generator = RandomApps(random: DeterministicRandom(seed: seed), alphabet: alphabet)
        var mismatches: [String] = []
        var checked = 0
        for appIndex in 0..<TestTier.size(quick: 200, full: 800) {
            let app = generator.app()
            let scan = LinearScanRouter(app: app)
            for _ in 0..<30 {
                let identifier = generator.event(hitting: app).targetContentIdentifier(for: app.framework)
                let expected = ReferenceRouter.route(identifier: identifier, in: app)
                let actual = scan.route(identifier: identifier)
                checked += 1
                if !RandomApps<DeterministicRandom>.same(expected, actual), mismatches.count < 5 {
                    mismatches.append("app \(appIndex): \(identifier.debugDescription) expected \(expected) got \(actual)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(checked >= 6_000)
    }
}
