#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-ASCII identifier folded for the key families a route probes (``KeyFold``), each
/// fold computed at most once per route, into memory the calling thread reuses from route to
/// route: routing a non-ASCII identifier allocates nothing for its folds.
struct FoldedIdentifier {
    private let source: UnsafeBufferPointer<UInt8>
    /// Room for one fold per family, `stride` bytes apart; owned by the thread's
    /// ``RouteScratch``, which outlives the route.
    private let storage: UnsafeMutablePointer<UInt8>
    private let stride: Int
    private var lengths: (Int, Int, Int) = (-1, -1, -1)

    /// Valid while the calling thread routes this identifier (`source` is borrowed).
    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
        stride = max(1, source.count * KeyFold.shared.maximumExpansion)
        storage = RouteScratch.current.bytes(capacity: stride * KeyFamily.allCases.count)
    }

    /// The identifier folded for `family`.
    mutating func form(_ family: KeyFamily) -> UnsafeBufferPointer<UInt8> {
        let start = storage + stride * family.rawValue
        var length: Int
        switch family {
        case .caseSensitive: length = lengths.0
        case .caseInsensitive: length = lengths.1
        case .caseAndDiacriticInsensitive: length = lengths.2
        }
        if length < 0 {
            length = KeyFold.shared.fold(source, family, into: start)
            switch family {
            case .caseSensitive: lengths.0 = length
            case .caseInsensitive: lengths.1 = length
            case .caseAndDiacriticInsensitive: lengths.2 = length
            }
        }
        return UnsafeBufferPointer(start: start, count: length)
    }
}

/// Per-thread memory for a route's temporary bytes, grown on demand and kept for the
/// thread's next route; released when the thread ends.
final class RouteScratch {
    private var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 10)

    deinit { buffer.deallocate() }

    /// At least `capacity` bytes, valid until this thread asks again.
    func bytes(capacity: Int) -> UnsafeMutablePointer<UInt8> {
        if buffer.count < capacity {
            buffer.deallocate()
            buffer = .allocate(capacity: max(capacity, buffer.count * 2))
        }
        return buffer.baseAddress!
    }

    /// The calling thread's scratch, created on first use.
    static var current: RouteScratch {
        let key = RouteScratchKey.shared.key
        if let raw = pthread_getspecific(key) {
            return Unmanaged<RouteScratch>.fromOpaque(raw).takeUnretainedValue()
        }
        let scratch = RouteScratch()
        let status = pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        precondition(status == 0, "pthread_setspecific failed: \(status)")
        return scratch
    }
}

/// Owns the pthread key; its destructor releases a thread's scratch when the thread ends.
private final class RouteScratchKey: Sendable {
    static let shared = RouteScratchKey()
    let key: pthread_key_t

    private init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            Unmanaged<RouteScratch>.fromOpaque(raw).release()
            #else
            if let raw { Unmanaged<RouteScratch>.fromOpaque(raw).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
    }
}
