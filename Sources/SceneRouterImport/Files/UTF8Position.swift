import PredicateSyntax

/// Where text stops being valid UTF-8, for an error that points at the place: the line and
/// column (in characters before it on its line, plus one) of the first byte that does not
/// begin or continue a well-formed sequence (RFC 3629: no overlong forms, no surrogates,
/// nothing past U+10FFFF).
struct UTF8Position: Equatable {
    var line: Int
    var column: Int
    /// The byte at fault, for the message (a byte, never text from the file).
    var byte: UInt8

    /// The first invalid place in `bytes`, or nil when they are all valid UTF-8.
    static func firstInvalid<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> UTF8Position?
    where Bytes.Index == Int {
        var line = 1
        var column = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowest = 0xA0
            case 0xED:
                length = 3
                highest = 0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0:
                length = 4
                lowest = 0x90
            case 0xF4:
                length = 4
                highest = 0x8F
            case 0xF1...0xF3: length = 4
            default: return UTF8Position(line: line, column: column, byte: lead)
            }
            for offset in 1..<length {
                guard index + offset < bytes.endIndex else {
                    return UTF8Position(line: line, column: column, byte: lead)
                }
                let continuation = bytes[index + offset]
                let range = offset == 1 ? lowest...highest : 0x80...0xBF
                guard range.contains(continuation) else { return UTF8Position(line: line, column: column, byte: lead) }
            }
            if lead == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }
}

extension Diagnostic {
    /// `file:line:column: not valid UTF-8 (byte 0xFF): <consequence>` for `bytes` that are not
    /// text.
    static func invalidUTF8(
        in bytes: [UInt8], file: String, severity: Severity = .error, consequence: String
    ) -> Diagnostic {
        let place = UTF8Position.firstInvalid(in: bytes)
        let byte = place.map { " (byte 0x" + String($0.byte, radix: 16, uppercase: true) + ")" } ?? ""
        return Diagnostic(
            severity: severity, message: "not valid UTF-8\(byte): \(consequence)", file: file, line: place?.line,
            column: place?.column)
    }
}
