import Foundation
import Synchronization
import Testing

@testable import SceneRouting

/// The lock routing and churn share: readers together, writers alone, and a waiting writer
/// before any reader that comes after it.
@Suite struct WriterPreferringLockTests {
    /// Two readers hand the lock to each other so that one of them is always inside: each
    /// enters, waits (up to 20 ms) for the other to enter too, and leaves, until the writer
    /// is done. A lock that lets readers in while a writer waits lets them take turn after
    /// turn, every entry finding the writer announced; with writer preference only the
    /// readers inside when the writer announced itself (at most one entry per reader) can
    /// find it so. Counting those entries does not depend on when the threads run.
    @Test func aWaitingWriterGoesBeforeLaterReaders() {
        let lock = WriterPreferringLock(0)
        let maximumRounds = 100_000
        let round = Atomic<Int>(0)
        let entriesFindingTheWriterAnnounced = Atomic<Int>(0)
        let writerDone = Atomic<Bool>(false)
        let entered = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let readersFinished = DispatchSemaphore(value: 0)
        let overlapping = DispatchSemaphore(value: 0)
        for reader in 0..<2 {
            Thread {
                var rounds = 0
                while !writerDone.load(ordering: .acquiring) && rounds < maximumRounds {
                    rounds += 1
                    lock.read { _ in
                        if lock.writerIsAnnounced { entriesFindingTheWriterAnnounced.add(1, ordering: .relaxed) }
                        if round.add(1, ordering: .relaxed).newValue == 4 { overlapping.signal() }
                        entered[reader].signal()
                        _ = entered[1 - reader].wait(timeout: .now() + .milliseconds(20))
                    }
                }
                readersFinished.signal()
            }.start()
        }
        // Let the readers overlap, then write.
        _ = overlapping.wait(timeout: .now() + .seconds(5))
        let writerRound = lock.write { _ in round.load(ordering: .relaxed) }
        writerDone.store(true, ordering: .releasing)
        readersFinished.wait()
        readersFinished.wait()
        #expect(writerRound < 2 * maximumRounds, "the writer got in only after the readers stopped")
        #expect(entriesFindingTheWriterAnnounced.load(ordering: .relaxed) <= 2)
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

    /// More reading threads than the lock has slots, so some share one: writes still wait for
    /// every reader.
    @Test func readersSharingASlotStillExcludeWriters() {
        final class Pair: @unchecked Sendable {
            var first = 0
            var second = 0
        }
        let lock = WriterPreferringLock(Pair())
        let torn = Atomic<Int>(0)
        let readers = WriterPreferringLock<Pair>.slotCount + 4
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<readers {
            Thread {
                for _ in 0..<2_000 {
                    lock.read { pair in if pair.first != pair.second { torn.add(1, ordering: .relaxed) } }
                }
                finished.signal()
            }.start()
        }
        for _ in 0..<2_000 {
            lock.write { pair in
                pair.first += 1
                pair.second += 1
            }
        }
        for _ in 0..<readers { finished.wait() }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(lock.read { $0.first } == 2_000)
    }
}
