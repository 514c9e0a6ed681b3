import Foundation

/// Finds where the elements of a JSON array start with one quick pass that follows strings
/// and nesting but validates nothing: the manifest's sessions are then decoded in parallel,
/// each decoder starting at an element and checking that its element ends where the next
/// begins, so a wrong split (in an invalid document) is caught there, not trusted.
enum JSONArrayScan {
    /// The offset of each element of the array whose `[` is at `open`, and the offset just
    /// past its `]`; nil when the input ends first.
    static func elements(of bytes: [UInt8], arrayAt open: Int) -> (starts: [Int], end: Int)? {
        bytes.withUnsafeBufferPointer { buffer -> (starts: [Int], end: Int)? in
            guard open < buffer.count, buffer[open] == UInt8(ascii: "[") else { return nil }
            var starts: [Int] = []
            var depth = 0
            var position = open + 1
            var expectingElement = true
            while position < buffer.count {
                let byte = buffer[position]
                if expectingElement {
                    switch byte {
                    case 0x20, 0x09, 0x0A, 0x0D:
                        position += 1
                        continue
                    case UInt8(ascii: "]") where starts.isEmpty:
                        return (starts, position + 1)
                    default:
                        starts.append(position)
                        expectingElement = false
                    }
                }
                switch byte {
                case UInt8(ascii: "\""):
                    position = closingQuote(in: buffer, stringFrom: position + 1)
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { return (starts, position + 1) }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { expectingElement = true }
                default:
                    break
                }
                position += 1
            }
            return nil
        }
    }

    /// The offset of the `"` that closes the string whose text starts at `start` (a quote
    /// preceded by an even run of backslashes), or the buffer's count if none does. Quotes
    /// are found with `memchr`: this pass reads the whole manifest on one thread before
    /// decoding can start on all of them.
    private static func closingQuote(in buffer: UnsafeBufferPointer<UInt8>, stringFrom start: Int) -> Int {
        guard let base = buffer.baseAddress else { return buffer.count }
        var search = start
        while search < buffer.count {
            guard let found = memchr(base + search, Int32(UInt8(ascii: "\"")), buffer.count - search) else { break }
            let quote = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while quote - backslashes - 1 >= start, buffer[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return quote }
            search = quote + 1
        }
        return buffer.count
    }
}
