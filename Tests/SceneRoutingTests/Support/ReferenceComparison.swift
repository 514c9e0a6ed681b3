import SceneRouterWorkloads

@testable import SceneRouting

/// Random apps routed by a router under test and by the reference router, side by side.
struct ReferenceComparison {
    var checked = 0
    /// The first few differences, described.
    var mismatches: [String] = []
    /// Apps the router under test could not be built for, described.
    var refused: [String] = []

    /// Builds a router for each of `apps` random apps with `makeRouter` and routes
    /// `eventsPerApp` events that mostly hit the app's windows through it and through the
    /// reference router.
    init(
        apps: Int, eventsPerApp: Int = 30, generator: inout RandomApps<DeterministicRandom>,
        makeRouter: (SceneApp) throws -> (String?) -> RoutingDecision
    ) {
        for appIndex in 0..<apps {
            let app = generator.app()
            let route: (String?) -> RoutingDecision
            do {
                route = try makeRouter(app)
            } catch {
                refused.append("app \(appIndex): \(error)")
                continue
            }
            for _ in 0..<eventsPerApp {
                let identifier = generator.event(hitting: app).targetContentIdentifier(for: app.framework)
                let expected = ReferenceRouter.route(identifier: identifier, in: app)
                let actual = route(identifier)
                checked += 1
                if !RandomApps<DeterministicRandom>.same(expected, actual), mismatches.count < 5 {
                    mismatches.append(
                        "app \(appIndex): \(identifier.debugDescription) expected \(expected) got \(actual)")
                }
            }
        }
    }
}
