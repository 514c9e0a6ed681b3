internal import CMemoryHints

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the table's large arrays.
///
/// - At a million sessions routing touches a few entries of arrays tens of megabytes long,
///   and with 4 KiB pages nearly every such touch also misses the TLB; regions of 2 MiB and
///   more are therefore aligned to 2 MiB and advised as huge pages (Linux transparent huge
///   pages in `madvise` mode, the Debian default).
/// - Those regions are mapped directly, not taken from malloc: arrays grow by doubling, and
///   malloc's adaptive threshold keeps freed blocks of a few megabytes in its heap, where the
///   pages of every outgrown buffer stay resident. An unmapped region returns its pages at
///   once.
/// - A mapped region grows by moving its pages into a larger mapping (``grow(_:count:from:to:)``),
///   so growing a large array copies nothing: the churn operation that doubles the session
///   array of a large table (under the write lock, with routes waiting) does not pay for
///   copying and first-touching it all.
enum LargeAllocation {
    static let hugePageBytes = 2 << 20

    private static func mappedBytes(_ bytes: Int) -> Int {
        (bytes + hugePageBytes - 1) / hugePageBytes * hugePageBytes
    }

    /// Uninitialized memory for `capacity` values, aligned for them and to `alignment` bytes
    /// (a power of two) if that is more; release it with ``deallocate(_:capacity:)`` and the
    /// same capacity.
    static func allocate<Element: ~Copyable>(_: Element.Type, capacity: Int, alignment: Int = 1)
        -> UnsafeMutablePointer<Element>
    {
        let bytes = max(1, capacity) * MemoryLayout<Element>.stride
        if bytes >= hugePageBytes {
            let rounded = mappedBytes(bytes)
            // Map one huge page more than needed and trim both ends to a 2 MiB boundary.
            let span = rounded + hugePageBytes
            guard let mapped = mmap(nil, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                mapped != MAP_FAILED
            else { fatalError("out of memory mapping \(span) bytes") }
            let address = UInt(bitPattern: mapped)
            let aligned = (address + UInt(hugePageBytes) - 1) & ~(UInt(hugePageBytes) - 1)
            let head = Int(aligned - address)
            if head > 0 { munmap(mapped, head) }
            let tail = span - head - rounded
            let start = UnsafeMutableRawPointer(bitPattern: aligned)!
            if tail > 0 { munmap(start + rounded, tail) }
            #if os(Linux)
            // Advice only: without transparent huge pages the call fails and pages stay small.
            _ = madvise(start, rounded, MADV_HUGEPAGE)
            #endif
            return start.bindMemory(to: Element.self, capacity: capacity)
        }
        var raw: UnsafeMutableRawPointer?
        let alignment = max(MemoryLayout<Element>.alignment, MemoryLayout<Int>.stride, alignment)
        guard posix_memalign(&raw, alignment, bytes) == 0, let raw else { fatalError("out of memory") }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }

    /// Pages of their own for at least `bytes` bytes, zeroed, off the malloc heap (whose
    /// pages a short-lived neighbour would keep resident), and how many bytes they are:
    /// `bytes` rounded up to whole pages. Regions of 2 MiB and more are huge-page aligned
    /// as ``allocate(_:capacity:alignment:)``'s are. Release with ``unmapPages(_:bytes:)``.
    static func mapPages(_ bytes: Int) -> (start: UnsafeMutableRawPointer, bytes: Int) {
        if bytes >= hugePageBytes {
            let rounded = mappedBytes(bytes)
            return (UnsafeMutableRawPointer(allocate(UInt8.self, capacity: rounded)), rounded)
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let rounded = (max(1, bytes) + page - 1) / page * page
        guard let mapped = mmap(nil, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { fatalError("out of memory mapping \(rounded) bytes") }
        return (mapped, rounded)
    }

    /// Releases pages from ``mapPages(_:)``; `bytes` is the size it returned.
    static func unmapPages(_ start: UnsafeMutableRawPointer, bytes: Int) {
        munmap(start, bytes >= hugePageBytes ? mappedBytes(bytes) : bytes)
    }

    /// Moves the first `count` values of a region from ``allocate(_:capacity:)`` with
    /// `oldCapacity` into a new region for `newCapacity` values, releases the old region and
    /// returns the new one. Mapped regions move by remapping their pages (Swift values may be
    /// moved bitwise); others, or where remapping fails, are copied.
    static func grow<Element: ~Copyable>(
        _ pointer: UnsafeMutablePointer<Element>, count: Int, from oldCapacity: Int, to newCapacity: Int
    ) -> UnsafeMutablePointer<Element> {
        let grown = allocate(Element.self, capacity: newCapacity)
        let oldBytes = max(1, oldCapacity) * MemoryLayout<Element>.stride
        if oldBytes >= hugePageBytes,
            scene_router_move_pages(
                UnsafeMutableRawPointer(pointer), mappedBytes(oldBytes), UnsafeMutableRawPointer(grown))
                == UnsafeMutableRawPointer(grown)
        {
            // The old range is unmapped by the move; its pages now back the new region.
            return grown
        }
        grown.moveInitialize(from: pointer, count: count)
        deallocate(pointer, capacity: oldCapacity)
        return grown
    }

    /// Memory for `capacity` values, every byte zero (for types whose all-zero form is a valid
    /// value). Large regions come zeroed from the kernel, so untouched room costs nothing.
    static func allocateZeroed<Element: BitwiseCopyable>(_: Element.Type, capacity: Int) -> UnsafeMutablePointer<
        Element
    > {
        let pointer = allocate(Element.self, capacity: capacity)
        let bytes = max(1, capacity) * MemoryLayout<Element>.stride
        if bytes < hugePageBytes {
            UnsafeMutableRawPointer(pointer).initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        }
        return pointer
    }

    /// Releases memory from ``allocate(_:capacity:)``; `capacity` must be the one it was
    /// allocated with.
    static func deallocate<Element: ~Copyable>(_ pointer: UnsafeMutablePointer<Element>, capacity: Int) {
        let bytes = max(1, capacity) * MemoryLayout<Element>.stride
        if bytes >= hugePageBytes {
            munmap(UnsafeMutableRawPointer(pointer), mappedBytes(bytes))
        } else {
            free(pointer)
        }
    }
}
