internal import CMemoryHints
import CPCRE2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-thread PCRE2 state: one match data block, one match context carrying the match
/// budget, and one JIT stack. Created on a thread's first match and reused for every match
/// on that thread, so matching never allocates.
final class ThreadMatchScratch {
    let matchData: OpaquePointer
    let matchContext: OpaquePointer
    private let jitStack: OpaquePointer?
    // One thread uses it, so the per-use dynamic exclusivity check would buy nothing.
    @exclusivity(unchecked) private var byteBuffer = [UInt8](repeating: 0, count: 256)

    /// Runs `body` with the thread's byte buffer, at least `capacity` bytes (grown, never
    /// shrunk). `body` must not ask for the buffer again.
    func withBytes<Result>(capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Result) -> Result {
        if byteBuffer.count < capacity {
            byteBuffer = [UInt8](repeating: 0, count: max(capacity, byteBuffer.count * 2))
        }
        return byteBuffer.withUnsafeMutableBufferPointer { body($0) }
    }

    private init() {
        // One ovector pair is enough: callers only ask whether the whole subject matched.
        guard let data = pcre2_match_data_create_8(1, nil),
            let context = pcre2_match_context_create_8(nil)
        else {
            fatalError("PCRE2 could not allocate per-thread match state (out of memory)")
        }
        matchData = data
        matchContext = context
        pcre2_set_depth_limit_8(context, MatchBudget.depthLimit)
        pcre2_set_heap_limit_8(context, MatchBudget.heapLimitKiB)
        jitStack = pcre2_jit_stack_create_8(MatchBudget.jitStackStart, MatchBudget.jitStackMax, nil)
        if let jitStack {
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        }
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    private static let key = ThreadLocalKey<ThreadMatchScratch>(kind: SCENE_ROUTER_MATCH_SCRATCH)

    /// The calling thread's scratch, created on first use and released when the thread exits.
    static var current: ThreadMatchScratch {
        key.object { ThreadMatchScratch() }
    }

    /// Runs `body` with the calling thread's scratch, not retained (``ThreadLocalKey/withObject(orMake:_:)``).
    @inline(__always)
    static func with<Result>(_ body: (ThreadMatchScratch) -> Result) -> Result {
        key.withObject(orMake: { ThreadMatchScratch() }, body)
    }
}
