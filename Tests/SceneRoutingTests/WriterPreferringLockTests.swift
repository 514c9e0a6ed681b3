import Foundation
@testable import SceneRouting
import Synchronization
import Testing

/// The lock routing and churn share: readers together, writers alone, and a waiting writer
/// before any reader that comes after it.
@Suite struct WriterPreferringLockTests {
    /// Two readers hand the lock to each other so that one of them is always inside: each
    /// enters, waits (up to 20 ms) for the other to enter too, and leaves. A lock that lets
    /// readers in while a writer waits never lets the writer in until they stop (after 100
    /// rounds); with writer preference the next reader waits, the one inside leaves, and the
    /// writer gets in within a round or two.
    @Test func aWaitingWriterGoesBeforeLaterReaders() {
        let lock = WriterPreferringLock(0)
        let rounds = 100
        let round = Atomic<Int>(0)
        let writerRound = Atomic<Int>(-1)
        let entered = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let finished = DispatchSemaphore(value: 0)
        let overlapping = DispatchSemaphore(value: 0)
        for reader in 0..<2 {
            Thread {
                for _ in 0..<rounds {
                    lock.read { _ in
                        if round.add(1, ordering: .relaxed).newValue == 4 { overlapping.signal() }
                        entered[reader].signal()
                        _ = entered[1 - reader].wait(timeout: .now() + .milliseconds(20))
                    }
                }
                finished.signal()
            }.start()
        }
        // Let the readers overlap, then ask to write.
        _ = overlapping.wait(timeout: .now() + .seconds(5))
        lock.write { _ in writerRound.store(round.load(ordering: .relaxed), ordering: .relaxed) }
        finished.wait()
        finished.wait()
        #expect(writerRound.load(ordering: .relaxed) >= 0)
        #expect(writerRound.load(ordering: .relaxed) < 10, "the writer waited for most of the readers' rounds")
    }

    /// Readers never see a write half done, and every write happens.
    @Test func writesAreExclusiveAndComplete() {
        final class Pair: @unchecked Sendable {
            var first = 0
            var second = 0
        }
        let lock = WriterPreferringLock(Pair())
        let torn = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for _ in 0..<20_000 {
                if worker == 0 {
                    lock.write { pair in
                        pair.first += 1
                        pair.second += 1
                    }
                } else {
                    lock.read { pair in if pair.first != pair.second { torn.add(1, ordering: .relaxed) } }
                }
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(lock.read { $0.first } == 20_000)
    }
}
