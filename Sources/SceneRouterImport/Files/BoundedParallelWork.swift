import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a piece of work per index on a few threads of its own, each with a stack large
/// enough for the deepest tree a parser may build from an untrusted file. A piece of work
/// still running after its deadline is abandoned: a stand-in result takes its place, and a
/// new thread takes over the rest while the stuck one finishes in the background (a thread
/// cannot be stopped) or ends with the process. So one runaway file cannot stall the import.
enum BoundedParallelWork {
    /// Dispatch's worker threads have small stacks (512 KiB on Linux): a few thousand levels
    /// of recursion. This is address space reserved, not memory used.
    static let stackSize = 512 << 20

    static func run<Result: Sendable>(
        count: Int, width: Int = ProcessInfo.processInfo.activeProcessorCount, deadline: TimeInterval,
        work: @escaping @Sendable (Int) -> Result, timedOut: (Int) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let state = State<Result>(count: count)
        // Every worker but one abandoned at its deadline is joined before the call returns,
        // so that no thread of it (nor its thread-local state) outlives it.
        var joinable: [Int: WorkerThread] = [:]
        func startWorker() {
            let worker = state.addWorker()
            joinable[worker] = WorkerThread(stackSize: stackSize) {
                while let index = state.take(for: worker) {
                    state.finish(index, with: work(index), by: worker)
                }
            }
        }
        for _ in 0..<min(max(1, width), count) { startWorker() }
        let limit = UInt64(deadline * 1e9)
        while !state.allDone {
            _ = state.progress.wait(timeout: .now() + .milliseconds(50))
            for (worker, index) in state.overdue(after: limit) where state.abandon(index, with: timedOut(index)) {
                joinable.removeValue(forKey: worker)?.detach()
                startWorker()
            }
        }
        for thread in joinable.values { thread.join() }
        return state.results()
    }

    /// Indices handed out, results written, and what each worker is on, under a lock.
    private final class State<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private let count: Int
        private var next = 0
        private var finished = 0
        private var slots: [Result?]
        /// Per worker: the index it works on and since when; nil when idle or retired.
        private var current: [(index: Int, since: UInt64)?] = []
        private var retired: [Bool] = []
        /// Signalled whenever a piece of work finishes.
        let progress = DispatchSemaphore(value: 0)

        init(count: Int) {
            self.count = count
            slots = Array(repeating: nil, count: count)
        }

        func addWorker() -> Int {
            lock.lock()
            defer { lock.unlock() }
            current.append(nil)
            retired.append(false)
            return current.count - 1
        }

        /// The next index for `worker`; nil when there is none, or the worker was retired.
        func take(for worker: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard !retired[worker], next < count else {
                current[worker] = nil
                return nil
            }
            let index = next
            next += 1
            current[worker] = (index, DispatchTime.now().uptimeNanoseconds)
            return index
        }

        func finish(_ index: Int, with result: Result, by worker: Int) {
            lock.lock()
            if slots[index] == nil {
                slots[index] = result
                finished += 1
            }
            current[worker] = nil
            lock.unlock()
            progress.signal()
        }

        var allDone: Bool {
            lock.lock()
            defer { lock.unlock() }
            return finished == count
        }

        /// The workers that have been on an index for longer than `limit` nanoseconds.
        func overdue(after limit: UInt64) -> [(worker: Int, index: Int)] {
            let now = DispatchTime.now().uptimeNanoseconds
            lock.lock()
            defer { lock.unlock() }
            return current.enumerated().compactMap { worker, entry in
                // A worker may have taken its index after `now` was read.
                guard let entry, !retired[worker], now > entry.since, now - entry.since > limit else { return nil }
                return (worker, entry.index)
            }
        }

        /// Puts `result` in place of the overdue work on `index` and retires its worker;
        /// false when the work finished meanwhile.
        func abandon(_ index: Int, with result: Result) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard slots[index] == nil, let worker = current.firstIndex(where: { $0?.index == index }) else {
                return false
            }
            slots[index] = result
            finished += 1
            retired[worker] = true
            return true
        }

        func results() -> [Result] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}

/// A POSIX thread with a stack of a given size, running a closure; joined or detached.
private final class WorkerThread {
    private var thread = pthread_t()

    /// The closure, kept alive until the thread has run it.
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    init(stackSize: Int, _ body: @escaping () -> Void) {
        // Temporary memory rather than a local: the attribute type is opaque to Swift on some
        // systems.
        let status = withUnsafeTemporaryAllocation(of: pthread_attr_t.self, capacity: 1) { buffer in
            let attributes = buffer.baseAddress!
            pthread_attr_init(attributes)
            defer { pthread_attr_destroy(attributes) }
            pthread_attr_setstacksize(attributes, stackSize)
            let context = Unmanaged.passRetained(Body(body)).toOpaque()
            return pthread_create(
                &thread, attributes,
                { raw in
                    let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
                    body.run()
                    return nil
                }, context)
        }
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    func join() { pthread_join(thread, nil) }

    func detach() { pthread_detach(thread) }
}
