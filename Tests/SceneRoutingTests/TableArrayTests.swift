import Testing

@testable import SceneRouting

/// Buffers keep their elements as they grow, including past the size from which they are
/// mapped directly and grow by moving pages rather than copying.
@Suite struct TableArrayTests {
    @Test func growingPastTheMappedSizeKeepsEveryElement() {
        let buffer = TableArray<Int>(capacity: 16)
        let count = 1_500_000 // 12 MB: several doublings above 2 MiB
        for value in 0..<count { buffer.append(value &* 2_654_435_761) }
        #expect(buffer.count == count)
        #expect(buffer.capacity * MemoryLayout<Int>.stride >= 2 << 20)
        let intact = buffer.withElements { elements in
            elements.indices.allSatisfy { elements[$0] == $0 &* 2_654_435_761 }
        }
        #expect(intact)
    }

    /// Elements holding references move with their pages: nothing is retained twice or lost.
    @Test func referencesSurviveGrowth() {
        let buffer = TableArray<String>(capacity: 4)
        let count = 300_000 // 4.8 MB of strings
        for index in 0..<count { buffer.append("session-\(index)-" + String(repeating: "x", count: index % 20)) }
        buffer.reserveCapacity(buffer.capacity * 2)
        #expect(buffer[0] == "session-0-")
        #expect(buffer[count - 1] == "session-\(count - 1)-" + String(repeating: "x", count: (count - 1) % 20))
        #expect(buffer.elements.count == count)
        while buffer.count > 0 { _ = buffer.removeLast() }
        #expect(buffer.count == 0)
    }

    /// Appending in chunks on every core fills every element exactly once, however the count
    /// divides into the chunks, including fewer elements than chunks (a build compiling a
    /// handful of pattern sets concurrently).
    @Test(arguments: [1, 2, 5, 15, 16, 17, 31, 1_000, 4_097])
    func appendingConcurrentlyFillsEveryElement(_ count: Int) {
        let buffer = TableArray<Int>(capacity: 4)
        buffer.append(-1)
        buffer.append(count: count, concurrently: true) { $0 * 3 }
        #expect(buffer.count == count + 1)
        #expect(buffer.withElements { Array($0) } == [-1] + (0..<count).map { $0 * 3 })
    }
}
