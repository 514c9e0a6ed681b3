internal import CHyperscan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Up to ``capacity`` regular expressions compiled into one Hyperscan database, so that one
/// pass over a subject tells which of them can match the whole subject: what a crowded
/// bucket of regexes costs a route instead of one PCRE2 match per regex.
///
/// Compiled in prefilter mode: a scan may report an expression that does not match (the
/// caller verifies every report with PCRE2), but never misses one that does, for the
/// constructs callers hand over (see `PatternSetSyntax` in SceneRouting). Each expression is
/// anchored at both ends, read as UTF-8 with `.` matching newlines, and reported at most once.
///
/// Immutable once compiled; Hyperscan documents databases as safe to scan from any number
/// of threads at once, each with its own scratch (``PatternSetScratch``).
package final class PatternSetDatabase: @unchecked Sendable {
    /// The most expressions one database holds (a scan reports them in a 512-bit mask).
    /// Compile time grows with the expressions, while a scan costs about the same whatever
    /// their number: a few large sets beat many small ones.
    package static let capacity = PatternSetMatches.capacity

    /// Whether this machine can run Hyperscan (it needs SSSE3). Where it cannot, callers
    /// keep matching one regex at a time.
    package static let isSupported: Bool = hs_valid_platform() == HS_SUCCESS

    private let database: OpaquePointer

    /// Compiles `expressions` (Hyperscan syntax, without anchors: each must match a whole
    /// subject), which report as their positions in the array.
    /// - Throws: the first expression Hyperscan refuses, by position.
    package init(expressions: [String]) throws(PatternSetCompileError) {
        precondition(
            (1...Self.capacity).contains(expressions.count), "a pattern set holds 1 to \(Self.capacity) expressions")
        let anchored = expressions.map { strdup("\\A(?:" + $0 + ")\\z") }
        defer { for expression in anchored { free(expression) } }
        let flags = [UInt32](
            repeating: UInt32(
                HS_FLAG_UTF8 | HS_FLAG_DOTALL | HS_FLAG_SINGLEMATCH | HS_FLAG_ALLOWEMPTY | HS_FLAG_PREFILTER),
            count: expressions.count)
        let ids = Array(0..<UInt32(expressions.count))
        var compiled: OpaquePointer?
        var error: UnsafeMutablePointer<hs_compile_error_t>?
        let status = anchored.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            hs_compile_multi(
                pointers.baseAddress, flags, ids, UInt32(expressions.count), UInt32(HS_MODE_BLOCK), nil, &compiled,
                &error)
        }
        guard status == HS_SUCCESS, let compiled else {
            let failure = PatternSetCompileError(
                expression: error.map { Int($0.pointee.expression) } ?? -1,
                message: error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "error \(status)")
            if let error { hs_free_compile_error(error) }
            throw failure
        }
        database = compiled
        PatternSetScratch.grow(toScan: compiled)
    }

    deinit {
        hs_free_database(database)
    }

    /// The expressions that may match all of `subject` (valid UTF-8), or nil if the scan
    /// failed (the caller must then treat every expression as a candidate).
    /// - Complexity: one pass over `subject`; allocation-free once the thread's scratch
    ///   covers this database.
    package func scan(_ subject: UnsafeBufferPointer<UInt8>) -> PatternSetMatches? {
        var matches = PatternSetMatches()
        // An empty subject has no base address; Hyperscan reads nothing from this one.
        var empty: CChar = 0
        let status = PatternSetScratch.withCurrent { scratch in
            withUnsafeMutablePointer(to: &matches) { context in
                withUnsafePointer(to: &empty) { empty in
                    hs_scan(
                        database,
                        subject.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? empty,
                        UInt32(subject.count), 0, scratch,
                        { id, _, _, _, context in
                            context!.assumingMemoryBound(to: PatternSetMatches.self).pointee.insert(Int(id))
                            return 0
                        }, context)
                }
            }
        }
        return status == HS_SUCCESS ? matches : nil
    }

    /// Bytes the compiled database holds.
    package var approximateBytes: Int {
        var size = 0
        hs_database_size(database, &size)
        return size
    }
}

/// Why Hyperscan refused a pattern set: the position of the expression (-1 for the set as a
/// whole) and Hyperscan's message.
package struct PatternSetCompileError: Error {
    package let expression: Int
    package let message: String
}

/// Which expressions of a ``PatternSetDatabase`` a scan reported, as a 512-bit mask.
package struct PatternSetMatches: Sequence, IteratorProtocol {
    static let capacity = 512
    private var words = SIMD8<UInt64>(repeating: 0)
    private var word = 0

    package init() {}

    mutating func insert(_ position: Int) {
        words[position >> 6] |= 1 << UInt64(position & 63)
    }

    /// The next reported position, ascending, removing it.
    package mutating func next() -> Int? {
        while word < 8 {
            let bits = words[word]
            if bits != 0 {
                words[word] = bits & (bits &- 1)
                return word << 6 | bits.trailingZeroBitCount
            }
            word += 1
        }
        return nil
    }
}
