import Synchronization

/// Values that live until the process exits. A command's manifest and dispatch table are
/// used until its last answer; freeing a million sessions object by object then takes
/// longer than loading them did, while the operating system reclaims the memory at once.
enum ProcessLifetime {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value` alive until the process exits, and returns it.
    @discardableResult
    static func keep<Value: Sendable>(_ value: Value) -> Value {
        kept.withLock { $0.append(value) }
        return value
    }
}
