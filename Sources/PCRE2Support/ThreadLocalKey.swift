internal import CMemoryHints

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One `Object` per thread, created on the thread's first use and released when the thread
/// ends: per-thread scratch memory that routes reuse without locking or allocating.
///
/// The package's one thread-local mechanism: a pthread key owns each thread's object (C's
/// thread-locals have no destructors), and the thread's C state (`CThreadState.h`) caches it
/// in the slot of its kind, so finding it is one thread-local load. Each kind has one key.
package final class ThreadLocalKey<Object: AnyObject>: Sendable {
    private let key: pthread_key_t
    private let kind: UInt32

    /// A key for objects of `kind`, one of the kinds `CThreadState.h` numbers.
    package init(kind: UInt32) {
        precondition(kind < SCENE_ROUTER_THREAD_OBJECT_KINDS, "no cache slot for thread object kind \(kind)")
        var key = pthread_key_t()
        // The destructor clears the thread's cache slots that hold the object, so none
        // outlives it, then releases it as AnyObject: it knows no type, and `install`
        // retained it.
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            scene_router_forget_thread_object(raw)
            Unmanaged<AnyObject>.fromOpaque(raw).release()
            #else
            guard let raw else { return }
            scene_router_forget_thread_object(raw)
            Unmanaged<AnyObject>.fromOpaque(raw).release()
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
        self.kind = kind
    }

    /// The calling thread's object of `kind`, if it has one.
    @inline(__always)
    private static func cached(kind: UInt32) -> Unmanaged<Object>? {
        scene_router_thread_object(kind).map { Unmanaged.fromOpaque($0) }
    }

    /// The calling thread's object, made by `make` on the thread's first call.
    @inline(__always)
    package func object(orMake make: () -> Object) -> Object {
        if let cached = Self.cached(kind: kind) { return cached.takeUnretainedValue() }
        return install(make())
    }

    /// Runs `body` with the calling thread's object (made as by ``object(orMake:)``) without
    /// retaining it: the key holds it until the thread ends, and a retain and release per
    /// match are a measurable share of a short one.
    @inline(__always)
    package func withObject<Result>(orMake make: () -> Object, _ body: (Object) -> Result) -> Result {
        if let cached = Self.cached(kind: kind) { return cached._withUnsafeGuaranteedRef(body) }
        return body(install(make()))
    }

    /// Hands `object` to the key (which releases it when the thread ends) and caches it.
    @inline(never)
    private func install(_ object: Object) -> Object {
        let raw = Unmanaged.passRetained(object).toOpaque()
        let status = pthread_setspecific(key, raw)
        precondition(status == 0, "pthread_setspecific failed: \(status)")
        scene_router_set_thread_object(kind, raw)
        return object
    }
}
