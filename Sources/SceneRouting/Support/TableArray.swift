import Dispatch

/// A growable array in memory this object owns (an ``OwnedBuffer``: huge pages when large).
/// Routing reads it inside ``withElements(_:)`` through a plain pointer, so the hot path
/// pays no reference counting on the buffer and no uniqueness checks; writers (under
/// ``SceneRouter``'s write lock) use the bounds-checked subscript.
final class TableArray<Element> {
    /// Holds the first `count` elements initialized; the rest is room.
    @exclusivity(unchecked) private var storage: OwnedBuffer<Element>
    /// `storage`'s base address, kept beside it (set wherever `storage` changes): routes read
    /// it as one plain load, which reading it through the noncopyable buffer is not.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    var capacity: Int { storage.capacity }

    init(capacity: Int = 16) {
        storage = OwnedBuffer(uninitializedCapacity: max(1, capacity))
        base = storage.base
    }

    deinit {
        base.deinitialize(count: count)
    }

    /// In place: reading a field or mutating one copies nothing else of the element.
    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "TableArray index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "TableArray index out of range")
            return base + index
        }
    }

    /// Runs `body` with the live elements in place. The buffer must not be used after `body`
    /// returns, nor while anything writes to this object (callers hold the table's lock).
    @inline(__always)
    func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    func append(_ element: Element) {
        if count == capacity { reserveCapacity(capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `newCount` elements, the i-th of them `element(i)`, made in chunks on every
    /// core when `concurrently`: filling a million large elements is page faults and copies
    /// that parallelise well.
    func append(count newCount: Int, concurrently: Bool, _ element: @Sendable (Int) -> Element) {
        guard newCount > 0 else { return }
        if count + newCount > capacity { reserveCapacity(max(capacity * 2, count + newCount)) }
        nonisolated(unsafe) let start = base + count
        let chunks = concurrently ? 16 : 1
        let chunkSize = (newCount + chunks - 1) / chunks
        withoutActuallyEscaping(element) { element in
            let fill: @Sendable (Int) -> Void = { chunk in
                // Fewer elements than chunks leave the last chunks empty.
                let first = min(newCount, chunk * chunkSize)
                for index in first..<min(newCount, first + chunkSize) {
                    (start + index).initialize(to: element(index))
                }
            }
            if concurrently {
                DispatchQueue.concurrentPerform(iterations: chunks, execute: fill)
            } else {
                fill(0)
            }
        }
        count += newCount
    }

    func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard !elements.isEmpty else { return }
        if count + elements.count > capacity { reserveCapacity(max(capacity * 2, count + elements.count)) }
        (base + count).initialize(from: elements.baseAddress!, count: elements.count)
        count += elements.count
    }

    func append(contentsOf elements: [Element]) {
        elements.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Overwrites `elements.count` elements from `offset`, all of them live.
    func update(from offset: Int, with elements: UnsafeBufferPointer<Element>) {
        precondition(offset >= 0 && offset + elements.count <= count, "TableArray update out of range")
        guard !elements.isEmpty else { return }
        (base + offset).update(from: elements.baseAddress!, count: elements.count)
    }

    @discardableResult
    /// Stores `element` at a position taken from `free` (positions of released elements),
    /// else appends it; returns the position.
    func store(_ element: Element, reusing free: inout [Int32]) -> Int32 {
        guard let position = free.popLast() else {
            append(element)
            return Int32(count - 1)
        }
        self[Int(position)] = element
        return position
    }

    func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty TableArray")
        count -= 1
        return (base + count).move()
    }

    /// Drops every element and starts over in a fresh buffer of `capacity`, so the old
    /// buffer's pages go back; the object stays the same, which lets owners hold it in a
    /// `let` that routing reads without retaining it.
    func removeAll(reservingCapacity newCapacity: Int) {
        base.deinitialize(count: count)
        count = 0
        storage = OwnedBuffer(uninitializedCapacity: max(1, newCapacity))
        base = storage.base
    }

    func reserveCapacity(_ minimum: Int) {
        guard minimum > capacity else { return }
        storage.grow(keeping: count, to: minimum)
        base = storage.base
    }

    /// The elements, in order (a copy).
    var elements: [Element] { withElements(Array.init) }

    /// Bytes reserved.
    var approximateBytes: Int { capacity * MemoryLayout<Element>.stride }
}
