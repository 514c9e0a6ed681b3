/// A look at a binary property list's object graph before Foundation reads it. Objects of
/// a binary plist refer to each other by index, so one object can be referred to many times;
/// Foundation builds a value per reference, and a few hundred bytes of arrays that share
/// their elements expand to billions of values. The check counts what the graph expands to,
/// without expanding it, and refuses a list that expands far beyond what real Info.plists
/// and projects hold, or that refers to itself.
///
/// The structure is checked on the way (the trailer, the offset table, each object's marker
/// and extent), so that a corrupt list gets a message that says what is wrong and at which
/// byte, where Foundation would only say it found no XML.
enum BinaryPropertyListCheck {
    /// Values a property list may expand to: real ones hold thousands.
    static let maximumValues = 1_000_000

    /// Why the list must not be read, or nil (also for text, which is not checked here).
    static func refusal(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("bplist".utf8)) else { return nil }
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            return
                "a binary property list of a version other than 00 (\(printable(bytes.prefix(8)))), which Foundation does not read"
        }
        guard bytes.count >= 8 + 1 + 32 else {
            return
                "a binary property list of \(bytes.count) bytes, too short for an object and its 32-byte trailer: truncated?"
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            return
                "a binary property list whose trailer (at byte \(trailer)) gives offsets of \(offsetSize) and references of "
                + "\(referenceSize) bytes (1 to 8 are possible): corrupt or truncated"
        }
        guard let objectCount = integer(bytes, at: trailer + 8, size: 8),
            let top = integer(bytes, at: trailer + 16, size: 8),
            let tableOffset = integer(bytes, at: trailer + 24, size: 8),
            objectCount > 0, objectCount <= bytes.count, top < objectCount,
            tableOffset >= 9, tableOffset <= trailer, objectCount <= (trailer - tableOffset) / offsetSize
        else {
            return
                "a binary property list whose trailer (at byte \(trailer)) does not fit the file: its object count, top object "
                + "or offset table lies outside it (corrupt or truncated)"
        }
        if let malformed = malformedObject(
            bytes, objectCount: objectCount, tableOffset: tableOffset, offsetSize: offsetSize)
        {
            return malformed
        }

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
                guard let reference = integer(bytes, at: position + index * referenceSize, size: referenceSize),
                    reference < objectCount
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
        guard let topChildren = children(of: top) else { return corrupt }
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
            guard let grandchildren = children(of: child) else { return corrupt }
            open[child] = true
            stack.append((child, grandchildren, 0, 1))
        }
        return nil
    }

    static let corrupt = "a binary property list whose objects are corrupt: not read"

    /// What is wrong with the first object that is malformed, or nil: an offset outside the
    /// objects, an unknown marker, an extent past the offset table, a reference to no object.
    private static func malformedObject(_ bytes: [UInt8], objectCount: Int, tableOffset: Int, offsetSize: Int)
        -> String?
    {
        let referenceSize = Int(bytes[bytes.count - 32 + 7])
        for object in 0..<objectCount {
            guard let start = integer(bytes, at: tableOffset + object * offsetSize, size: offsetSize), start >= 8,
                start < tableOffset
            else {
                return
                    "a binary property list whose offset table (at byte \(tableOffset)) puts object \(object) outside the "
                    + "objects (bytes 8 to \(tableOffset)): corrupt or truncated"
            }
            let marker = bytes[start]
            let low = Int(marker & 0x0F)
            func counted() -> (count: Int, headerEnd: Int)? {
                guard low == 0x0F else { return (low, start + 1) }
                // The count follows as an integer object: marker 0x1n, 2ⁿ bytes.
                guard start + 1 < tableOffset, bytes[start + 1] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(bytes[start + 1] & 0x0F)
                guard size <= 8, let value = integer(bytes, at: start + 2, size: size) else { return nil }
                return (value, start + 2 + size)
            }
            var end: Int?
            var references: (from: Int, count: Int)?
            let kind: String
            if marker >> 4 == 0xC {
                // Foundation on Linux crashes bridging a set (and no property list holds one).
                return
                    "a binary property list with a set (object \(object) at byte \(start)): sets are not property-list "
                    + "values, and no Info.plist or project holds one"
            }
            switch marker >> 4 {
            case 0x0:
                kind = "a constant"
                end = [0x0, 0x8, 0x9, 0xF].contains(low) ? start + 1 : nil
            case 0x1:
                kind = "an integer"
                end = low <= 4 ? start + 1 + (1 << low) : nil
            case 0x2:
                kind = "a real number"
                end = low == 2 || low == 3 ? start + 1 + (1 << low) : nil
            case 0x3:
                kind = "a date"
                end = low == 3 ? start + 9 : nil
            case 0x4, 0x5, 0x6:
                kind = marker >> 4 == 0x4 ? "data" : "a string"
                if let (count, headerEnd) = counted(), count >= 0, count <= bytes.count {
                    end = headerEnd + (marker >> 4 == 0x6 ? 2 * count : count)
                }
            case 0x8:
                kind = "a UID"
                end = start + 2 + low
            case 0xA, 0xC, 0xD:
                kind = marker >> 4 == 0xD ? "a dictionary" : "an array"
                if let (count, headerEnd) = counted(), count >= 0, count <= bytes.count {
                    let total = marker >> 4 == 0xD ? 2 * count : count
                    end = headerEnd + total * referenceSize
                    references = (headerEnd, total)
                }
            default:
                return "a binary property list with an unknown marker 0x\(String(marker, radix: 16)) at byte \(start) "
                    + "(object \(object)): corrupt"
            }
            guard let end else {
                return "a binary property list whose object \(object) at byte \(start) (\(kind), marker "
                    + "0x\(String(marker, radix: 16))) is malformed: corrupt"
            }
            guard end <= tableOffset else {
                return
                    "a binary property list whose object \(object) at byte \(start) (\(kind)) runs to byte \(end), past the "
                    + "objects' end at byte \(tableOffset): corrupt or truncated"
            }
            if let (from, count) = references {
                for index in 0..<count {
                    let reference = integer(bytes, at: from + index * referenceSize, size: referenceSize) ?? Int.max
                    guard reference < objectCount else {
                        return
                            "a binary property list whose object \(object) at byte \(start) (\(kind)) refers to object "
                            + "\(reference) of \(objectCount): corrupt"
                    }
                }
            }
        }
        return nil
    }

    /// Up to eight bytes of a header as text, others as `\\xNN`.
    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { (0x20..<0x7F).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
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
