import Foundation

/// The compiled predicates of a tier's groups kept as text that routes needed, by group:
/// compiled again from the group's format and arguments on the first route whose identifier
/// the group's program does not decide (a non-ASCII one), and kept for the next.
///
/// Routes read and fill it concurrently under the table's read lock; writers (releasing a
/// group) forget entries under the write lock. An `NSLock` (a pthread mutex, whose order
/// ThreadSanitizer sees) guards the dictionary; compiling happens outside it, and a thread
/// that loses the race to store a predicate takes the one stored first.
final class RootsOnDemand: @unchecked Sendable {
    private let lock = NSLock()
    private var roots: [Int32: CompiledNode] = [:]

    /// The predicate kept for `group`, if a route compiled it.
    func cached(_ group: Int32) -> CompiledNode? {
        lock.lock()
        defer { lock.unlock() }
        return roots[group]
    }

    /// The predicate kept for `group`, or the one `compile` makes (nil if it fails, which is
    /// not kept), kept from then on.
    func root(ofGroup group: Int32, compile: () -> CompiledNode?) -> CompiledNode? {
        if let known = cached(group) { return known }
        guard let compiled = compile() else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let first = roots[group] { return first }
        roots[group] = compiled
        return compiled
    }

    /// Drops what is kept for a released group.
    func forget(_ group: Int32) {
        lock.lock()
        defer { lock.unlock() }
        roots[group] = nil
    }

    /// How many predicates are kept.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return roots.count
    }
}
