#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CMemoryHints
import Synchronization

/// A value that any number of readers use at once and writers change one at a time, where a
/// waiting writer goes first: readers that arrive after it wait until it is done, so churn
/// waits only for the routes already in progress, however many threads route.
///
/// glibc's default reader–writer lock lets readers in while a writer waits, so under a
/// steady stream of routes a writer could wait without bound. glibc's writer-preferring kind
/// fixes the order but parks every waiter in the kernel, and both hand-overs of a churn
/// operation then cost a wake-up, far longer than the operation. Routes and churn operations
/// take microseconds, so waiters here spin briefly, then yield, then sleep.
///
/// One atomic word: the readers inside in the low 32 bits, the writers waiting or inside
/// above. A reader enters only while no writer is announced; a writer announces itself and
/// waits for the readers inside to leave. Writers take turns through a mutex whose pthread
/// calls are all checked.
///
/// `@unchecked Sendable`: the value is only reached through ``read(_:)`` and ``write(_:)``,
/// which exclude each other as described.
final class WriterPreferringLock<Value>: @unchecked Sendable {
    private let value: Value
    private let state = Atomic<UInt64>(0)
    // Allocated, not stored inline: a pthread mutex must not move.
    private let writers: UnsafeMutablePointer<pthread_mutex_t>

    private static var oneWriter: UInt64 { 1 << 32 }
    private static var readerMask: UInt64 { (1 << 32) - 1 }

    init(_ value: Value) {
        self.value = value
        writers = .allocate(capacity: 1)
        writers.initialize(to: pthread_mutex_t())
        Self.check(pthread_mutex_init(writers, nil), "pthread_mutex_init")
    }

    deinit {
        Self.check(pthread_mutex_destroy(writers), "pthread_mutex_destroy")
        writers.deallocate()
    }

    @inline(__always)
    private static func check(_ status: Int32, _ call: StaticString) {
        precondition(status == 0, "\(call) failed with error \(status)")
    }

    /// Runs `body` while no writer is inside or waiting to enter.
    @inline(__always)
    func read<Result, Failure: Error>(_ body: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        var current = state.load(ordering: .relaxed)
        while true {
            if current & ~Self.readerMask == 0 {
                let (exchanged, original) = state.weakCompareExchange(
                    expected: current, desired: current + 1, successOrdering: .acquiring, failureOrdering: .relaxed)
                if exchanged { break }
                current = original
            } else {
                current = Self.waitUntil(state) { $0 & ~Self.readerMask == 0 }
            }
        }
        defer { state.subtract(1, ordering: .releasing) }
        return try body(value)
    }

    /// Runs `body` alone: after the reads in progress, before any read that started later.
    func write<Result, Failure: Error>(_ body: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        Self.check(pthread_mutex_lock(writers), "pthread_mutex_lock")
        defer { Self.check(pthread_mutex_unlock(writers), "pthread_mutex_unlock") }
        state.add(Self.oneWriter, ordering: .relaxed)
        _ = Self.waitUntil(state) { $0 & Self.readerMask == 0 }
        defer { state.subtract(Self.oneWriter, ordering: .releasing) }
        return try body(value)
    }

    /// Whether a writer is inside or waiting to enter: from then on no reader gets in until
    /// it is done. For tests that check that order.
    var writerIsAnnounced: Bool { state.load(ordering: .acquiring) & ~Self.readerMask != 0 }

    /// Waits until `ready` holds for the state: spinning for about as long as a route takes,
    /// then yielding the processor, then sleeping 50 µs at a time (a writer waiting for a
    /// long route, a reader for a long churn operation). Returns the state that satisfied it.
    private static func waitUntil(_ state: borrowing Atomic<UInt64>, _ ready: (UInt64) -> Bool) -> UInt64 {
        var attempt = 0
        while true {
            let current = state.load(ordering: .acquiring)
            if ready(current) { return current }
            attempt += 1
            if attempt < 2_000 {
                scene_router_spin_pause()
            } else if attempt < 2_100 {
                sched_yield()
            } else {
                usleep(50)
            }
        }
    }
}
