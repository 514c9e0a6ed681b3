/// Limits applied to every PCRE2 match.
package enum MatchBudget {
    /// `pcre2_set_match_limit`, the number of internal match-function calls (JIT and
    /// interpreter), for a subject of `length` bytes: a fixed base that cuts catastrophic
    /// backtracking off within tens of microseconds (a route must stay fast), plus an allowance per byte so that a
    /// linear pattern such as `.*y.*` always finishes on a megabyte identifier.
    @inline(__always)
    package static func matchLimit(forSubjectLength length: Int) -> UInt32 {
        UInt32(clamping: baseMatchLimit + perByteMatchLimit * length)
    }

    package static let baseMatchLimit = 10_000
    package static let perByteMatchLimit = 32
    /// `pcre2_set_depth_limit` for the interpreter fallback (JIT ignores it).
    package static let depthLimit: UInt32 = 10_000
    /// `pcre2_set_heap_limit` in KiB for the interpreter fallback.
    package static let heapLimitKiB: UInt32 = 20_000
    /// JIT stack bounds in bytes, allocated once per thread.
    package static let jitStackStart = 32 * 1024
    package static let jitStackMax = 1024 * 1024
}
