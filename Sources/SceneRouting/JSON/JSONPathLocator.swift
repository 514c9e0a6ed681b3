import PredicateSyntax

/// Where values stand in a JSON document, by their paths (`sessions[3].canActivate`): the
/// line and column that errors found after parsing point at. One pass over the bytes finds
/// every path asked for, so a manifest with thousands of errors is located in linear time.
///
/// The document must already have parsed (``JSONParser``): the walk trusts its structure.
enum JSONPathLocator {
    struct Place: Equatable, Sendable {
        /// 1-based.
        var line: Int
        /// 1-based, in Unicode scalars.
        var column: Int
    }

    /// The place of each path in `paths` that names a value of the document: an object
    /// member's key, an array element's first byte, `(top level)` the document's.
    static func locate(_ paths: Set<String>, in bytes: [UInt8]) -> [String: Place] {
        guard !paths.isEmpty else { return [:] }
        var walker = Walker(bytes: bytes, wanted: paths)
        walker.walk()
        return walker.found
    }

    /// `diagnostics` with the line and column of their JSON path filled in where they have a
    /// path and no line yet.
    static func locating(_ diagnostics: [Diagnostic], in bytes: [UInt8]) -> [Diagnostic] {
        let wanted = Set(diagnostics.compactMap { $0.line == nil ? $0.path : nil })
        let places = locate(wanted, in: bytes)
        return diagnostics.map { diagnostic in
            guard diagnostic.line == nil, let path = diagnostic.path, let place = places[path] else {
                return diagnostic
            }
            var located = diagnostic
            located.line = place.line
            located.column = place.column
            return located
        }
    }

    private struct Walker {
        struct Frame {
            var isObject: Bool
            var path: String
            var index = 0
        }

        let bytes: [UInt8]
        let wanted: Set<String>
        var found: [String: Place] = [:]
        var position = 0
        var line = 1
        var lineStart = 0
        var stack: [Frame] = []
        /// The path of the next value, set by a key or an array slot.
        var pending: String? = "(top level)"

        init(bytes: [UInt8], wanted: Set<String>) {
            self.bytes = bytes
            self.wanted = wanted
        }

        /// The column at `countedTo` on the current line: places are asked for in order, so
        /// counting resumes where it stopped and a whole document costs one count.
        var countedTo = 0
        var countedColumn = 1

        /// The place of byte `offset` on the current line (at or after the last one asked for).
        mutating func place(at offset: Int) -> Place {
            if countedTo < lineStart {
                countedTo = lineStart
                countedColumn = 1
            }
            // Columns count scalars: every byte that does not continue a UTF-8 sequence.
            while countedTo < offset {
                if bytes[countedTo] & 0xC0 != 0x80 { countedColumn += 1 }
                countedTo += 1
            }
            return Place(line: line, column: countedColumn)
        }

        mutating func record(_ path: String, at offset: Int) {
            if wanted.contains(path) && found[path] == nil { found[path] = place(at: offset) }
        }

        mutating func walk() {
            while position < bytes.count && found.count < wanted.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\n"):
                    position += 1
                    line += 1
                    lineStart = position
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ":"):
                    position += 1
                case UInt8(ascii: ","):
                    position += 1
                    if let last = stack.indices.last, !stack[last].isObject {
                        stack[last].index += 1
                        pending = stack[last].path + "[\(stack[last].index)]"
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let path = startValue()
                    position += 1
                    let isObject = byte == UInt8(ascii: "{")
                    stack.append(Frame(isObject: isObject, path: path))
                    pending = isObject ? nil : path + "[0]"
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    position += 1
                    stack.removeLast()
                    pending = nil
                case UInt8(ascii: "\""):
                    if let frame = stack.last, frame.isObject, pending == nil {
                        let keyStart = position
                        let key = readString()
                        let path = frame.path == "(top level)" ? key : frame.path + "." + key
                        record(path, at: keyStart)
                        pending = path
                    } else {
                        _ = startValue()
                        _ = readString()
                    }
                default:
                    // A number, true, false or null.
                    _ = startValue()
                    while position < bytes.count, !Self.ends(bytes[position]) { position += 1 }
                }
            }
        }

        /// Records the value about to start and returns its path.
        mutating func startValue() -> String {
            let path = pending ?? "(top level)"
            record(path, at: position)
            pending = nil
            return path
        }

        static func ends(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"),
                UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                true
            default: false
            }
        }

        /// Reads a string literal from its opening quote, decoding escapes.
        mutating func readString() -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll(keepingCapacity: true)
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") { break }
                guard byte == UInt8(ascii: "\\"), position < bytes.count else {
                    raw.append(byte)
                    continue
                }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "t"): raw.append(0x09)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                case UInt8(ascii: "u"):
                    flush()
                    var unit = hexUnit()
                    if (0xD800..<0xDC00).contains(unit), position + 1 < bytes.count,
                        bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = hexUnit()
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                default: raw.append(escape)
                }
            }
            flush()
            return String(scalars)
        }

        mutating func hexUnit() -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 where position < bytes.count {
                value = value << 4 + UInt32(HexDigit.value(bytes[position]) ?? 0)
                position += 1
            }
            return value
        }
    }
}
