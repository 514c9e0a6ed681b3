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

    /// A subject evaluated inside another's evaluation folds into a room of its own, so the
    /// outer subject's folds stay as they were; the rooms are lent again, last first.
    @Test func nestedSubjectsFoldInRoomsOfTheirOwn() {
        let expectedOuter = Subject.with("Éclair-Ä") { Array($0.keyFold(.caseInsensitive)) }
        let expectedInner = Subject.with(String(repeating: "Straße ", count: 300)) {
            Array($0.keyFold(.caseInsensitive))
        }
        Subject.with("Éclair-Ä") { outer in
            let before = Array(outer.keyFold(.caseInsensitive))
            let inner = Subject.with(String(repeating: "Straße ", count: 300)) {
                Array($0.keyFold(.caseInsensitive))
            }
            #expect(inner == expectedInner)
            #expect(before == expectedOuter)
            #expect(Array(outer.keyFold(.caseInsensitive)) == expectedOuter)
        }

        let scratch = RouteScratch.current
        let first = scratch.borrowFoldRoom(capacity: 16).takeUnretainedValue()
        let second = scratch.borrowFoldRoom(capacity: 5000).takeUnretainedValue()
        #expect(first !== second)
        #expect(second.bytes.capacity >= 5000)
        second.patternForms[1] = "form"
        scratch.giveBackFoldRoom()
        #expect(second.patternForms.isEmpty, "a room given back keeps no pattern form")
        #expect(scratch.borrowFoldRoom(capacity: 1).takeUnretainedValue() === second)
        scratch.giveBackFoldRoom()
        scratch.giveBackFoldRoom()
    }
}
