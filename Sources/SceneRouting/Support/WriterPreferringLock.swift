internal import CMemoryHints
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
/// Readers count themselves in one of ``slotCount`` slots (one per thread, taken in turn; a
/// cache-line pair each), not in one shared word, which every route on one core would take
/// from the other. A reader counts itself in, then looks at the writer flag and, finding it
/// raised, counts itself out and waits. A writer raises the flag, then waits for every slot
/// to empty. Both orders are sequentially consistent, so either the reader sees the flag or
/// the writer sees the reader. Writers take turns through a `Mutex`.
///
/// `@unchecked Sendable`: the value is only reached through ``read(_:)`` and ``write(_:)``,
/// which exclude each other as described.
final class WriterPreferringLock<Value>: @unchecked Sendable {
    private let value: Value
    /// Writers inside or about to enter (0 or 1: writers take turns before raising it).
    private let writerFlag = Atomic<Int>(0)
    private let slots: OwnedBuffer<scene_router_reader_slot>
    /// Writers take turns through it.
    private let writers = Mutex<Void>(())

    /// Enough slots that threads on different cores rarely share one; a writer checks each.
    static var slotCount: Int { 16 }

    init(_ value: Value) {
        self.value = value
        // A cache-line pair boundary (``scene_router_reader_slot``).
        slots = OwnedBuffer(repeating: scene_router_reader_slot(), capacity: Self.slotCount, alignment: 128)
    }

    /// This thread's slot, kept for the thread's life.
    @inline(__always)
    private var mySlot: UnsafeMutablePointer<scene_router_reader_slot> {
        slots.base + Int(scene_router_reader_slot_index(UInt32(Self.slotCount)))
    }

    /// Runs `body` while no writer is inside or waiting to enter. `body` must not read again:
    /// a writer arriving in between would wait for the outer read, and the inner one for it.
    @inline(__always)
    func read<Result, Failure: Error>(_ body: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        let slot = mySlot
        while true {
            scene_router_reader_enter(slot)
            if writerFlag.load(ordering: .sequentiallyConsistent) == 0 { break }
            scene_router_reader_leave(slot)
            Self.waitUntil { writerFlag.load(ordering: .acquiring) == 0 }
        }
        defer { scene_router_reader_leave(slot) }
        return try body(value)
    }

    /// Runs `body` alone: after the reads in progress, before any read that started later.
    func write<Result, Failure: Error>(_ body: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try writers.withLock { _ throws(Failure) -> Result in
            writerFlag.add(1, ordering: .sequentiallyConsistent)
            for index in 0..<Self.slotCount {
                Self.waitUntil { scene_router_reader_count(slots.base + index) == 0 }
            }
            defer { writerFlag.subtract(1, ordering: .releasing) }
            return try body(value)
        }
    }

    /// Whether a writer is inside or waiting to enter: from then on no reader gets in until
    /// it is done. For tests that check that order.
    var writerIsAnnounced: Bool { writerFlag.load(ordering: .acquiring) != 0 }

    /// Waits until `ready` holds: spinning for 2,000 pause instructions (tens of microseconds
    /// on current x86 cores, longer than a churn operation and than most routes), then yielding
    /// the processor, then sleeping 50 µs at a time (a writer waiting for a long route, a
    /// reader for a long churn operation).
    private static func waitUntil(_ ready: () -> Bool) {
        var attempt = 0
        while !ready() {
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
