internal import CHyperscan
internal import CMemoryHints
internal import PCRE2Support
import Synchronization

/// Per-thread Hyperscan scratch: a scan needs scratch space sized for its database, one
/// scratch per concurrent caller. Every compiled database first grows a shared prototype;
/// a thread whose scratch predates the latest growth clones the prototype before its next
/// scan. So scans never allocate, except on a thread's first scan after a new database.
final class PatternSetScratch {
    private var scratch: OpaquePointer?
    private var generation = -1

    private init() {}

    deinit {
        if let scratch { hs_free_scratch(scratch) }
    }

    /// The scratch every thread's is cloned from, large enough for every database compiled so
    /// far, and how many times it has grown.
    private struct Prototype: @unchecked Sendable {
        var scratch: OpaquePointer?
        var generation = 0
    }

    private static let prototype = Mutex(Prototype())
    /// The prototype's generation, read by every scan without taking the lock.
    private static let latestGeneration = Atomic<Int>(0)
    private static let key = ThreadLocalKey<PatternSetScratch>(kind: SCENE_ROUTER_PATTERN_SET_SCRATCH)

    /// Makes the prototype large enough for `database`; before the database is handed to
    /// any scanning thread.
    static func grow(toScan database: OpaquePointer) {
        prototype.withLock { prototype in
            guard hs_alloc_scratch(database, &prototype.scratch) == HS_SUCCESS else {
                fatalError("Hyperscan could not allocate scratch space (out of memory)")
            }
            prototype.generation += 1
            latestGeneration.store(prototype.generation, ordering: .releasing)
        }
    }

    /// Runs `body` with the calling thread's scratch, current for every database compiled
    /// before the call.
    @inline(__always)
    static func withCurrent<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        key.withObject(orMake: PatternSetScratch.init) { thread in
            if thread.generation != latestGeneration.load(ordering: .acquiring) { thread.refresh() }
            return body(thread.scratch!)
        }
    }

    private func refresh() {
        Self.prototype.withLock { prototype in
            if let scratch { hs_free_scratch(scratch) }
            scratch = nil
            guard let source = prototype.scratch, hs_clone_scratch(source, &scratch) == HS_SUCCESS else {
                fatalError("Hyperscan could not clone scratch space (out of memory)")
            }
            generation = prototype.generation
        }
    }
}
