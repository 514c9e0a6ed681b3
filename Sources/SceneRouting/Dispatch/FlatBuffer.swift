/// A growable array in memory this object owns (``LargeAllocation``: huge pages when large).
/// Routing reads it through ``base`` — a plain pointer — so the hot path pays no reference
/// counting on the buffer, no uniqueness and no bounds checks; writers (under
/// ``SceneRouter``'s write lock) use the subscript.
final class FlatBuffer<Element>: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = LargeAllocation.allocate(Element.self, capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        LargeAllocation.deallocate(base, capacity: capacity)
    }

    /// In place: reading a field or mutating one copies nothing else of the element.
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "FlatBuffer index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            assert(index >= 0 && index < count, "FlatBuffer index out of range")
            return base + index
        }
    }

    func append(_ element: Element) {
        if count == capacity { reserveCapacity(capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    func append(contentsOf elements: [Element]) {
        guard !elements.isEmpty else { return }
        if count + elements.count > capacity { reserveCapacity(max(capacity * 2, count + elements.count)) }
        elements.withUnsafeBufferPointer { (base + count).initialize(from: $0.baseAddress!, count: $0.count) }
        count += elements.count
    }

    @discardableResult
    func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty FlatBuffer")
        count -= 1
        return (base + count).move()
    }

    /// The live elements in place, for routing loops (valid until the next write).
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    func reserveCapacity(_ minimum: Int) {
        guard minimum > capacity else { return }
        let grown = LargeAllocation.allocate(Element.self, capacity: minimum)
        grown.moveInitialize(from: base, count: count)
        LargeAllocation.deallocate(base, capacity: capacity)
        base = grown
        capacity = minimum
    }

    /// The elements, in order (a copy).
    var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Bytes reserved.
    var approximateBytes: Int { capacity * MemoryLayout<Element>.stride }
}
