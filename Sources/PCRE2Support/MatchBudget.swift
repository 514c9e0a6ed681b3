/// Limits applied to every PCRE2 match.
package enum MatchBudget {
    /// `pcre2_set_match_limit`: the number of internal match-function calls (JIT and
    /// interpreter). A million keeps catastrophic patterns to about a millisecond on a 5,000
    /// byte subject while leaving ordinary patterns on megabyte identifiers untouched.
    package static let matchLimit: UInt32 = 1_000_000
    /// `pcre2_set_depth_limit` for the interpreter fallback (JIT ignores it).
    package static let depthLimit: UInt32 = 10_000
    /// `pcre2_set_heap_limit` in KiB for the interpreter fallback.
    package static let heapLimitKiB: UInt32 = 20_000
    /// JIT stack bounds in bytes, allocated once per thread.
    package static let jitStackStart = 32 * 1024
    package static let jitStackMax = 1024 * 1024
}
