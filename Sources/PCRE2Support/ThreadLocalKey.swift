#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread key holding one `Object` per thread, created on the thread's first use and
/// released when the thread ends: per-thread scratch memory that routes reuse without
/// locking or allocating.
package final class ThreadLocalKey<Object: AnyObject>: Sendable {
    private let key: pthread_key_t

    package init() {
        var key = pthread_key_t()
        // The destructor knows no type: it releases the object as AnyObject, which is what
        // `object(orMake:)` retained.
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(raw).release()
            #else
            if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
    }

    /// The calling thread's object, made by `make` on the thread's first call.
    @inline(__always)
    package func object(orMake make: () -> Object) -> Object {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
        }
        let object = make()
        let status = pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        precondition(status == 0, "pthread_setspecific failed: \(status)")
        return object
    }

    /// Runs `body` with the calling thread's object (made as by ``object(orMake:)``) without
    /// retaining it: the key holds it until the thread ends, and a retain and release per
    /// match are a measurable share of a short one.
    @inline(__always)
    package func withObject<Result>(orMake make: () -> Object, _ body: (Object) -> Result) -> Result {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Object>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
        }
        return body(object(orMake: make))
    }
}
