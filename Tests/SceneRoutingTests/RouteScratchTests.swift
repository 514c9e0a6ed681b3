import Foundation
import Synchronization
import Testing

@testable import SceneRouting

/// Each thread routes with scratch memory of its own, found again on its next route and
/// released when the thread ends; a thread started later gets scratch of its own.
@Suite struct RouteScratchTests {
    private static func address() -> UInt { UInt(bitPattern: RouteScratch.currentUnmanaged.toOpaque()) }

    /// The scratch address seen by a new thread, which routes a non-ASCII identifier (folding
    /// it in that scratch) before it ends.
    private static func onNewThread(_ router: SceneRouter) -> (scratch: UInt, decision: RoutingDecision?) {
        let result = Mutex<(UInt, RoutingDecision?)>((0, nil))
        let done = DispatchSemaphore(value: 0)
        Thread {
            let first = address()
            let decision = router.route(identifier: "Café-7/fenêtre")
            result.withLock { $0 = (first == address() ? first : 0, decision) }
            done.signal()
        }.start()
        done.wait()
        return result.withLock { $0 }
    }

    @Test func eachThreadKeepsItsOwnScratch() throws {
        let session = SceneSession(
            id: "w", declaration: "Main",
            conditions: ActivationConditions(
                canActivate: .alwaysFalse,
                prefersToActivate: try ActivationPredicate(format: "SELF BEGINSWITH[c] 'café-7/'")))
        let router = SceneRouter(app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: [session]))
        let here = Self.address()
        #expect(here == Self.address())
        for _ in 0..<4 {
            let (scratch, decision) = Self.onNewThread(router)
            #expect(scratch != 0, "a thread found a different scratch on its second look")
            #expect(scratch != here)
            #expect(decision?.action == .activate(sessionID: "w"))
        }
        #expect(here == Self.address())
    }
}
