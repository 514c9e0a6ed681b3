#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the table's large arrays. At a million sessions routing touches a few entries
/// of arrays tens of megabytes long, and with 4 KiB pages nearly every such touch also misses
/// the TLB; regions of 2 MiB and more are therefore aligned to 2 MiB and advised as huge pages
/// (Linux transparent huge pages in `madvise` mode, the Debian default). README: Performance
/// has the measured effect.
enum LargeAllocation {
    static let hugePageBytes = 2 << 20

    /// Uninitialized memory for `capacity` values; release it with ``deallocate(_:)``.
    static func allocate<Element>(_: Element.Type, capacity: Int) -> UnsafeMutablePointer<Element> {
        let bytes = max(1, capacity) * MemoryLayout<Element>.stride
        var raw: UnsafeMutableRawPointer?
        if bytes >= hugePageBytes {
            let rounded = (bytes + hugePageBytes - 1) / hugePageBytes * hugePageBytes
            guard posix_memalign(&raw, hugePageBytes, rounded) == 0, let raw else { fatalError("out of memory") }
            #if os(Linux)
            // Advice only: without transparent huge pages the call fails and pages stay small.
            _ = madvise(raw, rounded, MADV_HUGEPAGE)
            #endif
            return raw.bindMemory(to: Element.self, capacity: capacity)
        }
        let alignment = max(MemoryLayout<Element>.alignment, MemoryLayout<Int>.stride)
        guard posix_memalign(&raw, alignment, bytes) == 0, let raw else { fatalError("out of memory") }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }

    static func deallocate<Element>(_ pointer: UnsafeMutablePointer<Element>) {
        free(pointer)
    }
}
