/// A look at a binary property list's object graph before Foundation reads it. Objects of
/// a binary plist refer to each other by index, so one object can be referred to many times;
/// Foundation builds a value per reference, and a few hundred bytes of arrays that share
/// their elements expand to billions of values. The check counts what the graph expands to, without expanding it, and refuses
/// a list that expands far beyond what real Info.plists and projects hold, or that refers
/// to itself.
///
/// Only the parts needed to count are read (the trailer, the offset table, the markers and
/// references of arrays, sets and dictionaries); anything malformed is left for Foundation
/// to reject with its own error.
enum BinaryPropertyListCheck {
    /// Values a property list may expand to: real ones hold thousands.
    static let maximumValues = 1_000_000

    /// Why the list must not be read, or nil.
    static func refusal(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let objectCount = integer(bytes, at: trailer + 8, size: 8), let top = integer(bytes, at: trailer + 16, size: 8),
            let tableOffset = integer(bytes, at: trailer + 24, size: 8),
            objectCount > 0, objectCount <= bytes.count, top < objectCount,
            tableOffset >= 8, tableOffset <= trailer, objectCount <= (trailer - tableOffset) / offsetSize
        else { return nil }

        func offset(of object: Int) -> Int? {
            integer(bytes, at: tableOffset + object * offsetSize, size: offsetSize)
        }
        /// The objects an array, set or dictionary refers to; empty for other objects; nil
        /// when malformed.
        func children(of object: Int) -> [Int]? {
            guard let start = offset(of: object), start < trailer else { return nil }
            let marker = bytes[start]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var count = Int(marker & 0x0F)
            var position = start + 1
            if count == 0x0F {
                // The count follows as an integer object: marker 0x1n, 2ⁿ bytes.
                guard position < trailer, bytes[position] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(bytes[position] & 0x0F)
                guard size <= 8, let value = integer(bytes, at: position + 1, size: size) else { return nil }
                count = value
                position += 1 + size
            }
            let references = kind == 0xD ? count * 2 : count
            guard count >= 0, references <= (trailer - position) / referenceSize else { return nil }
            var result: [Int] = []
            result.reserveCapacity(references)
            for index in 0..<references {
                guard let reference = integer(bytes, at: position + index * referenceSize, size: referenceSize), reference < objectCount
                else { return nil }
                result.append(reference)
            }
            return result
        }

        // Values each object expands to, computed after its children (an explicit stack:
        // the graph may be deep); an object met again while open is a cycle.
        var expanded = [Int](repeating: -1, count: objectCount)
        var open = [Bool](repeating: false, count: objectCount)
        var stack: [(object: Int, children: [Int], next: Int, total: Int)] = []
        guard let topChildren = children(of: top) else { return nil }
        stack.append((top, topChildren, 0, 1))
        open[top] = true
        while !stack.isEmpty {
            let last = stack.count - 1
            if stack[last].next == stack[last].children.count {
                let done = stack.removeLast()
                expanded[done.object] = done.total
                open[done.object] = false
                if let parent = stack.indices.last {
                    stack[parent].total = min(maximumValues + 1, stack[parent].total + done.total)
                    if stack[parent].total > maximumValues { return tooLarge }
                }
                continue
            }
            let child = stack[last].children[stack[last].next]
            stack[last].next += 1
            if open[child] { return "a binary property list whose objects contain themselves: not read" }
            if expanded[child] >= 0 {
                stack[last].total = min(maximumValues + 1, stack[last].total + expanded[child])
                if stack[last].total > maximumValues { return tooLarge }
                continue
            }
            guard let grandchildren = children(of: child) else { return nil }
            open[child] = true
            stack.append((child, grandchildren, 0, 1))
        }
        return nil
    }

    static let tooLarge =
        "a binary property list whose shared objects expand to more than \(maximumValues) values (far more than any app's): not read"

    /// A big-endian unsigned integer of `size` bytes at `offset`, or nil past the end or
    /// beyond `Int`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size >= 1, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }
}
