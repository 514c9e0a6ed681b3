/// Binary heap operations over an array of slots, reporting every element that moves so the
/// caller can keep each element's position (for O(log n) removal and re-ranking).
enum IndexedHeap {
    /// Adds `element`; returns the heap's first element after.
    @discardableResult
    static func push(
        _ element: Int32, into heap: inout [Int32], before: (Int32, Int32) -> Bool, moved: (Int32, Int32) -> Void
    ) -> Int32 {
        heap.append(element)
        siftUp(element, from: heap.count - 1, in: &heap, before: before, moved: moved)
        return heap[0]
    }

    /// Removes the element at `index`.
    static func remove(
        at index: Int, from heap: inout [Int32], before: (Int32, Int32) -> Bool, moved: (Int32, Int32) -> Void
    ) {
        let last = heap.removeLast()
        guard index < heap.count else { return }
        restore(last, at: index, in: &heap, before: before, moved: moved)
    }

    /// Puts `element` (now at `index`, or to be placed there) where the order requires, after
    /// its rank changed; returns the heap's first element after.
    @discardableResult
    static func restore(
        _ element: Int32, at index: Int, in heap: inout [Int32], before: (Int32, Int32) -> Bool,
        moved: (Int32, Int32) -> Void
    ) -> Int32 {
        let raised = siftUp(element, from: index, in: &heap, before: before, moved: moved)
        if raised == index { siftDown(element, from: index, in: &heap, before: before, moved: moved) }
        return heap[0]
    }

    /// Moves the hole at `index` up while `element` ranks before its parent; returns where
    /// `element` lands.
    @discardableResult
    private static func siftUp(
        _ element: Int32, from start: Int, in heap: inout [Int32], before: (Int32, Int32) -> Bool,
        moved: (Int32, Int32) -> Void
    ) -> Int {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard before(element, heap[parent]) else { break }
            heap[index] = heap[parent]
            moved(heap[index], Int32(index))
            index = parent
        }
        heap[index] = element
        moved(element, Int32(index))
        return index
    }

    private static func siftDown(
        _ element: Int32, from start: Int, in heap: inout [Int32], before: (Int32, Int32) -> Bool,
        moved: (Int32, Int32) -> Void
    ) {
        var index = start
        let count = heap.count
        while true {
            let left = 2 * index + 1
            guard left < count else { break }
            var child = left
            if left + 1 < count, before(heap[left + 1], heap[left]) { child = left + 1 }
            guard before(heap[child], element) else { break }
            heap[index] = heap[child]
            moved(heap[index], Int32(index))
            index = child
        }
        heap[index] = element
        moved(element, Int32(index))
    }
}
