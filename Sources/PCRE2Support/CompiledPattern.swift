import CPCRE2

/// A PCRE2 pattern compiled once (JIT when available) and matched many times.
///
/// Patterns are compiled in UTF mode with Unicode properties, `.` matching newlines and
/// multiline anchors, and are anchored at both ends: a match must span the whole subject,
/// as `uregex_matches` does for Apple's `MATCHES`. Matching uses per-thread match data and
/// never allocates; every match runs under ``MatchBudget``.
package final class CompiledPattern: @unchecked Sendable {
    // The compiled code is immutable after init and PCRE2 documents it as safe to share
    // between threads; per-thread state lives in ThreadMatchScratch.
    private let code: OpaquePointer
    /// Whether PCRE2 JIT compiled the pattern (false falls back to the interpreter).
    package let isJITCompiled: Bool
    /// The pattern text as compiled.
    package let pattern: String
    /// ASCII code units every match contains, as PCRE2 works them out (its first and last
    /// required code units), in the case the pattern spells them: a subject without them
    /// (in either case, should the pattern be caseless) cannot match.
    package let requiredASCII: [UInt8]
    /// The fewest and the most characters a match spans (PCRE2's own minimum; the maximum
    /// from ``PatternLengthBounds``, `Int.max` when unbounded).
    package let characterBounds: ClosedRange<Int>

    /// Compiles `pattern` for whole-subject matching.
    /// - Parameters:
    ///   - caseless: adds `PCRE2_CASELESS` (Unicode simple case folding).
    ///   - jit: whether to compile machine code too (over a kilobyte of executable memory
    ///     for the smallest pattern); without it PCRE2 interprets the pattern, several times
    ///     slower.
    /// - Throws: ``PCRE2CompileError`` with PCRE2's message and offset.
    package init(_ pattern: String, caseless: Bool = false, jit: Bool = true) throws(PCRE2CompileError) {
        var options: UInt32 =
            PCRE2_UTF | PCRE2_UCP | PCRE2_DOTALL | PCRE2_MULTILINE | PCRE2_ANCHORED | PCRE2_ENDANCHORED
        if caseless { options |= PCRE2_CASELESS }
        var errorCode: Int32 = 0
        var errorOffset = 0
        // A trailing NUL keeps the pointer non-null for an empty pattern; the length excludes it.
        let utf8 = Array(pattern.utf8) + [0]
        let compiled: OpaquePointer? = utf8.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(
                buffer.baseAddress, buffer.count - 1, options, &errorCode, &errorOffset, CompileContext.shared.pointer)
        }
        guard let compiled else {
            throw PCRE2CompileError(code: errorCode, message: Self.message(for: errorCode), offset: errorOffset)
        }
        code = compiled
        isJITCompiled = jit && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
        self.pattern = pattern
        requiredASCII = Self.requiredASCII(of: compiled)
        var minimum: UInt32 = 0
        if pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_MINLENGTH), &minimum) != 0 { minimum = 0 }
        let maximum = PatternLengthBounds.maximumCharacters(Array(pattern.utf8)) ?? .max
        characterBounds = min(Int(minimum), maximum)...maximum
    }

    /// Whether an ASCII subject of `length` bytes (as many characters) can match at all.
    @inline(__always)
    package func admitsASCII(length: Int) -> Bool { characterBounds.contains(length) }

    deinit {
        pcre2_code_free_8(code)
    }

    /// The settings every pattern is compiled with: ICU's line terminators (CR, LF, CRLF, VT,
    /// FF, NEL, LS and PS all end a line for `^`, `$` and `.` outside `(?s)`), which is
    /// PCRE2's `NEWLINE_ANY`.
    /// Created once and only read after, so threads share it (`@unchecked Sendable`).
    private final class CompileContext: @unchecked Sendable {
        static let shared = CompileContext()
        let pointer: OpaquePointer

        private init() {
            guard let context = pcre2_compile_context_create_8(nil) else {
                preconditionFailure("PCRE2 could not allocate a compile context")
            }
            let status = pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_ANY))
            precondition(status == 0, "pcre2_set_newline failed: \(status)")
            pointer = context
        }
    }

    private static func requiredASCII(of code: OpaquePointer) -> [UInt8] {
        var required: [UInt8] = []
        for (typeWhat, unitWhat) in [
            (UInt32(PCRE2_INFO_FIRSTCODETYPE), UInt32(PCRE2_INFO_FIRSTCODEUNIT)),
            (UInt32(PCRE2_INFO_LASTCODETYPE), UInt32(PCRE2_INFO_LASTCODEUNIT)),
        ] {
            var type: UInt32 = 0
            var unit: UInt32 = 0
            // Type 1: a particular code unit; 0 and 2 (start of line) say nothing.
            guard pcre2_pattern_info_8(code, typeWhat, &type) == 0, type == 1,
                pcre2_pattern_info_8(code, unitWhat, &unit) == 0, unit < 0x80
            else { continue }
            required.append(UInt8(unit))
        }
        return required
    }

    /// Matches the whole of `subject` (valid UTF-8).
    /// - Complexity: bounded by ``MatchBudget/matchLimit(forSubjectLength:)``; no allocation.
    package func matches(_ subject: UnsafeBufferPointer<UInt8>) -> MatchOutcome {
        ThreadMatchScratch.with { matches(subject, scratch: $0) }
    }

    private func matches(_ subject: UnsafeBufferPointer<UInt8>, scratch: ThreadMatchScratch) -> MatchOutcome {
        pcre2_set_match_limit_8(scratch.matchContext, MatchBudget.matchLimit(forSubjectLength: subject.count))
        // PCRE2 needs a non-null subject pointer even for an empty subject.
        var empty: UInt8 = 0
        let rc: Int32 = withUnsafeMutablePointer(to: &empty) { emptyPointer in
            let base = subject.baseAddress ?? UnsafePointer(emptyPointer)
            // Subjects come from Swift strings, which are always valid UTF-8.
            if isJITCompiled {
                return pcre2_jit_match_8(
                    code, base, subject.count, 0, 0, scratch.matchData, scratch.matchContext)
            }
            return pcre2_match_8(
                code, base, subject.count, 0, PCRE2_NO_UTF_CHECK, scratch.matchData, scratch.matchContext)
        }
        switch rc {
        case 0...: return .match
        case PCRE2_ERROR_NOMATCH: return .noMatch
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_JIT_STACKLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT:
            return .budgetExceeded
        default: return .failed(code: rc)
        }
    }

    /// Convenience for callers holding a `String`.
    package func matches(_ subject: String) -> MatchOutcome {
        var subject = subject
        return subject.withUTF8 { matches($0) }
    }

    /// PCRE2's text for an error code.
    package static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(errorCode, $0.baseAddress, $0.count)
        }
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

extension CompiledPattern {
    /// Matches `subject` (ASCII) lowercased, through a per-thread buffer: `[c]` folding of
    /// ASCII text without allocating.
    package func matchesLowercasingASCII(_ subject: UnsafeBufferPointer<UInt8>) -> MatchOutcome {
        ThreadMatchScratch.with { scratch in
            scratch.withBytes(capacity: subject.count) { buffer in
                for index in 0..<subject.count {
                    let byte = subject[index]
                    buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                return matches(UnsafeBufferPointer(start: buffer.baseAddress, count: subject.count), scratch: scratch)
            }
        }
    }
}
