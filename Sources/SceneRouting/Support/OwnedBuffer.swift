/// Memory for ``capacity`` values of `Element`, owned by this value and released when it ends.
///
/// A buffer cannot be copied, so its memory has exactly one owner and is released exactly
/// once: when the owner ends, or when the owner puts another buffer in its place (assigning
/// one, or `swap(&buffer, &replacement)` to keep the old memory until a rehash has read it).
/// What lives *in* the memory is the owner's business: values that need deinitializing
/// (references, strings, atomics) are deinitialized by the owner, which alone knows how many
/// are live, before the buffer ends. Buffers of plain values need nothing of the kind.
///
/// The memory comes from ``LargeAllocation``: huge pages when large, and ``grow(keeping:to:)``
/// moves a large region's pages instead of copying them. The subscript checks its index in
/// debug builds only, since routes read through it; loops that walk a buffer read ``base``.
///
/// A class that holds a buffer in a `var` marks it `@exclusivity(unchecked)` and orders its
/// writers itself (the table's lock, one thread per scratch): every read of a noncopyable
/// stored property is otherwise a dynamic exclusivity check, which nearly doubles the
/// instructions of a route. Buffers in a `let` need nothing.
struct OwnedBuffer<Element: ~Copyable>: ~Copyable {
    /// The first value's address; stable until the buffer grows or ends.
    private(set) var base: UnsafeMutablePointer<Element>
    /// How many values fit.
    private(set) var capacity: Int

    /// Uninitialized room for `capacity` values, aligned for them and to `alignment` bytes
    /// (a power of two) if that is more.
    init(uninitializedCapacity capacity: Int, alignment: Int = 1) {
        precondition(capacity >= 0, "a buffer's capacity is never negative")
        precondition(alignment > 0 && alignment & (alignment - 1) == 0, "alignment is a power of two")
        self.capacity = capacity
        base = LargeAllocation.allocate(Element.self, capacity: capacity, alignment: alignment)
    }

    /// Takes ownership of memory a buffer of the same `capacity` gave up
    /// (``relinquish()``): how a buffer crosses from one thread to another through an atomic
    /// address.
    init(adopting base: UnsafeMutablePointer<Element>, capacity: Int) {
        (self.base, self.capacity) = (base, capacity)
    }

    /// Ends the buffer without releasing its memory, and returns its address: whoever holds
    /// the address must adopt it (``init(adopting:capacity:)``) for the memory to be released.
    consuming func relinquish() -> UnsafeMutablePointer<Element> {
        let base = self.base
        discard self
        return base
    }

    deinit {
        LargeAllocation.deallocate(base, capacity: capacity)
    }

    /// Moves the first `count` values into room for `newCapacity` values (at least as many):
    /// the base address changes, the values do not (the new memory is aligned for `Element`
    /// only, whatever `alignment` the buffer was made with).
    mutating func grow(keeping count: Int, to newCapacity: Int) {
        precondition(count >= 0 && count <= capacity && newCapacity >= count, "buffer growth out of range")
        base = LargeAllocation.grow(base, count: count, from: capacity, to: newCapacity)
        capacity = newCapacity
    }

    /// Bytes reserved.
    var approximateBytes: Int { capacity * MemoryLayout<Element>.stride }
}

extension OwnedBuffer where Element: BitwiseCopyable {
    /// Room for `capacity` values, every byte zero (for types whose all-zero form is a valid
    /// value). Large regions come zeroed from the kernel, so untouched room costs nothing.
    init(zeroedCapacity capacity: Int) {
        precondition(capacity >= 0, "a buffer's capacity is never negative")
        self.capacity = capacity
        base = LargeAllocation.allocateZeroed(Element.self, capacity: capacity)
    }

    /// A buffer holding exactly `values`.
    init(copying values: some Collection<Element>) {
        self.init(uninitializedCapacity: values.count)
        _ = UnsafeMutableBufferPointer(start: base, count: capacity).initialize(from: values)
    }

    /// Every value, `capacity` of them: all initialized, as plain values always are once
    /// written.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: capacity) }
}

extension OwnedBuffer where Element: Copyable {
    /// Room for `capacity` values, each `value`, aligned as
    /// ``init(uninitializedCapacity:alignment:)`` says.
    init(repeating value: Element, capacity: Int, alignment: Int = 1) {
        self.init(uninitializedCapacity: capacity, alignment: alignment)
        base.initialize(repeating: value, count: capacity)
    }

    /// The value at `index`, read and written in place (the subscript is nonmutating, so an
    /// owner holding the buffer in a `let` writes through it).
    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            assert(index >= 0 && index < capacity, "OwnedBuffer index out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < capacity, "OwnedBuffer index out of range")
            return base + index
        }
    }
}
