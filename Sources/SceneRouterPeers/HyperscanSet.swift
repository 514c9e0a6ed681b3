#if Hyperscan
internal import CHyperscan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Expressions compiled into one Hyperscan block-mode database, each anchored at both ends,
/// read as UTF-8 with `.` matching newlines, and reported at most once per scan.
final class HyperscanSet: RegexSetEngine {
    private let database: OpaquePointer
    private var scratch: OpaquePointer?

    /// Whether this machine can run Hyperscan (it needs SSSE3).
    static var isSupported: Bool { hs_valid_platform() == HS_SUCCESS }

    init(expressions: [String]) throws(PeerCompileError) {
        let anchored = expressions.map { strdup("\\A(?:" + $0 + ")\\z") }
        defer { for expression in anchored { free(expression) } }
        let flags = [UInt32](
            repeating: UInt32(HS_FLAG_UTF8 | HS_FLAG_DOTALL | HS_FLAG_SINGLEMATCH | HS_FLAG_ALLOWEMPTY),
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
            let position = error.map { Int($0.pointee.expression) } ?? -1
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "error \(status)"
            if let error { hs_free_compile_error(error) }
            throw PeerCompileError(
                engine: "hyperscan",
                expression: position >= 0 && position < expressions.count ? expressions[position] : nil,
                message: message)
        }
        database = compiled
        guard hs_alloc_scratch(compiled, &scratch) == HS_SUCCESS else {
            hs_free_database(compiled)
            throw PeerCompileError(engine: "hyperscan", expression: nil, message: "could not allocate scratch space")
        }
    }

    deinit {
        hs_free_scratch(scratch)
        hs_free_database(database)
    }

    func scan(_ subject: UnsafeBufferPointer<UInt8>, into matches: inout [Int32]) -> Int? {
        // Moved in and out rather than copied: a second reference to the buffer would make
        // every write in the callback copy it.
        var found = Found(matches: [])
        swap(&found.matches, &matches)
        defer { swap(&found.matches, &matches) }
        var empty: CChar = 0
        let status = withUnsafeMutablePointer(to: &found) { context in
            withUnsafePointer(to: &empty) { empty in
                hs_scan(
                    database,
                    subject.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? empty,
                    UInt32(subject.count), 0, scratch,
                    { id, _, _, _, context in
                        let found = context!.assumingMemoryBound(to: Found.self)
                        if found.pointee.count == found.pointee.matches.count { found.pointee.matches.append(0) }
                        found.pointee.matches[found.pointee.count] = Int32(id)
                        found.pointee.count += 1
                        return 0
                    }, context)
            }
        }
        return status == HS_SUCCESS ? found.count : nil
    }

    var compiledBytes: Int? {
        var size = 0
        return hs_database_size(database, &size) == HS_SUCCESS ? size : nil
    }

    /// The scan's callback state: the caller's buffer, moved in and out so it keeps its
    /// capacity between scans.
    private struct Found {
        var matches: [Int32]
        var count = 0
    }
}
#endif
