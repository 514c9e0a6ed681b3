import Foundation
import PredicateSyntax

/// A strict JSON (RFC 8259) parser over bytes: rejects invalid UTF-8, duplicate keys,
/// trailing commas, comments and trailing garbage, and reports line and column.
struct JSONParser {
    struct Failure: Error, Sendable {
        var message: String
        /// Byte offset of the problem.
        var offset: Int
        var line: Int
        var column: Int
    }

    private let bytes: [UInt8]
    /// Where reading continues: the manifest's direct decoder walks a document piece by piece
    /// and moves it past what it reads itself.
    var position = 0
    private var depth = 0
    /// Arrays and objects nest at most this deep: manifests need six levels, and the bound
    /// keeps this recursive parser (and the release of what it built) inside a 512 KiB
    /// secondary thread's stack in debug builds too.
    static let maximumDepth = 100

    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else {
            throw parser.failure("unexpected text after the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// A reader of `bytes` from `position`, inside `depth` arrays and objects (counted toward
    /// ``maximumDepth``).
    init(bytes: [UInt8], at position: Int, depth: Int) {
        self.bytes = bytes
        self.position = position
        self.depth = depth
    }

    /// The byte at `position`, nil at the end.
    var currentByte: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Steps over `byte` (after whitespace) when it comes next.
    mutating func skip(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The bytes of the string at `position` when it is printable ASCII without escapes (as
    /// object keys nearly always are), stepping past it; nil, not moving, otherwise.
    mutating func plainString() -> Range<Int>? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        var end = position + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let range = position + 1..<end
                position = end + 1
                return range
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        return nil
    }

    /// Whether `range` holds exactly `text`'s UTF-8.
    func bytes(in range: Range<Int>, equal text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in bytes(in: range, equal: utf8) }
    }

    /// Whether `range` holds exactly `text`'s UTF-8.
    func bytes(in range: Range<Int>, equal text: StaticString) -> Bool {
        bytes(in: range, equal: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Whether `range` holds exactly `expected`, with one `memcmp`: it runs for every key of
    /// every session, and a slice compared element by element goes through the generic
    /// sequence path.
    private func bytes(in range: Range<Int>, equal expected: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == expected.count, range.lowerBound >= 0, range.upperBound <= bytes.count else {
            return false
        }
        guard let wanted = expected.baseAddress, !range.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + range.lowerBound, wanted, range.count) == 0 }
    }

    /// An integer written as plain digits (at most 15, so a double holds it exactly) with an
    /// optional minus, stepping past it; nil, not moving, for any other number.
    mutating func plainInteger() -> Int? {
        var end = position
        let negative = end < bytes.count && bytes[end] == UInt8(ascii: "-")
        if negative { end += 1 }
        let digitsStart = end
        var value = 0
        while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39, end - digitsStart < 16 {
            value = value * 10 + Int(bytes[end] - 0x30)
            end += 1
        }
        let digits = end - digitsStart
        guard digits > 0, digits <= 15, digits == 1 || bytes[digitsStart] != 0x30 else { return nil }
        if end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), 0x30...0x39: return nil
            default: break
            }
        }
        position = end
        return negative ? -value : value
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// An integral number as digits (`9223372036854774784`, not `9.223372036854775e+18`),
    /// for messages about it.
    static func integerText(_ number: Double) -> String {
        String(format: "%.0f", number)
    }

    private func failure(_ message: String, at offset: Int? = nil) -> Failure {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters (UTF-8 lead bytes), 1-based.
        let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
        return Failure(message: message, offset: offset, line: line, column: column)
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func describeHere() -> String {
        guard position < bytes.count else { return "the end of the input" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func parseValue() throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw failure("expected a value, found the end of the input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseWord("true", .bool(true))
        case UInt8(ascii: "f"): return try parseWord("false", .bool(false))
        case UInt8(ascii: "n"): return try parseWord("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("expected a value, found \(describeHere())")
        }
    }

    private mutating func parseWord(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected
        else {
            throw failure("expected a value, found \(describeHere())")
        }
        position += expected.count
        return value
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a key in double quotes, found \(describeHere())")
            }
            let keyOffset = position
            let key = try parseString()
            guard seen.insert(key).inserted else { throw failure("duplicate key \"\(key)\"", at: keyOffset) }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key, found \(describeHere())")
            }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard position < bytes.count else { throw failure("expected ',' or '}', found the end of the input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            throw failure("expected ',' or '}', found \(describeHere())")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw failure("expected ',' or ']', found the end of the input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            throw failure("expected ',' or ']', found \(describeHere())")
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            return position - from
        }
        let integerStart = position
        guard digits() > 0 else { throw failure("invalid number", at: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
            throw failure("numbers cannot have leading zeros", at: start)
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw failure("expected digits after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw failure("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number", at: start) }
        return .number(value, isInteger: isInteger)
    }

    mutating func parseString() throws(Failure) -> String {
        let start = position
        position += 1
        // Most strings have no escapes: their bytes are the string's UTF-8, validated here
        // (so errors keep their positions) and copied once.
        var runStart = position
        var decoded: [UInt8] = []
        var escaped = false
        while true {
            guard position < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let text: String
                if escaped {
                    decoded.append(contentsOf: bytes[runStart..<position])
                    text = String(decoding: decoded, as: UTF8.self)
                } else {
                    // From the buffer, not a slice: a slice retains the array for every string.
                    let run = runStart..<position
                    text = bytes.withUnsafeBufferPointer {
                        String(decoding: UnsafeBufferPointer(rebasing: $0[run]), as: UTF8.self)
                    }
                }
                position += 1
                return text
            case UInt8(ascii: "\\"):
                if !escaped { decoded.reserveCapacity(position - runStart + 16) }
                escaped = true
                decoded.append(contentsOf: bytes[runStart..<position])
                position += 1
                try appendEscape(to: &decoded, stringStart: start)
                runStart = position
            case 0x00..<0x20:
                throw failure("control character in a string (escape it as \\u00XX)")
            case 0x00..<0x80:
                position += 1
            default:
                position += try decodeUTF8().1
            }
        }
    }

    /// Reads the escape after a backslash (at `position`) and appends its UTF-8.
    private mutating func appendEscape(to decoded: inout [UInt8], stringStart start: Int) throws(Failure) {
        guard position < bytes.count else { throw failure("unterminated string", at: start) }
        let escape = bytes[position]
        position += 1
        let scalar: Unicode.Scalar
        switch escape {
        case UInt8(ascii: "\""): scalar = "\""
        case UInt8(ascii: "\\"): scalar = "\\"
        case UInt8(ascii: "/"): scalar = "/"
        case UInt8(ascii: "b"): scalar = "\u{08}"
        case UInt8(ascii: "f"): scalar = "\u{0C}"
        case UInt8(ascii: "n"): scalar = "\n"
        case UInt8(ascii: "r"): scalar = "\r"
        case UInt8(ascii: "t"): scalar = "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw failure("unpaired surrogate \\u\(String(first, radix: 16))", at: position - 6) }
                position += 2
                let second = try parseHex4()
                guard (0xDC00..<0xE000).contains(second) else {
                    throw failure("unpaired surrogate \\u\(String(first, radix: 16))", at: position - 12)
                }
                scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            } else if let single = Unicode.Scalar(first) {
                scalar = single
            } else {
                throw failure("unpaired surrogate \\u\(String(first, radix: 16))", at: position - 6)
            }
        default:
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: position - 2)
        }
        decoded.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("expected four hexadecimal digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexDigit.value(bytes[position]) else {
                throw failure("expected four hexadecimal digits after \\u")
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }

    /// Decodes one multi-byte UTF-8 sequence at `position`, rejecting overlong forms,
    /// surrogates and truncation.
    private func decodeUTF8() throws(Failure) -> (Unicode.Scalar, Int) {
        let lead = bytes[position]
        let (length, minimum, initial): (Int, UInt32, UInt32) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (4, 0x10000, UInt32(lead & 0x07))
            default: (0, 0, 0)
            }
        guard length > 0, position + length <= bytes.count else { throw failure("invalid UTF-8") }
        var value = initial
        for index in 1..<length {
            let byte = bytes[position + index]
            guard byte & 0xC0 == 0x80 else { throw failure("invalid UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw failure("invalid UTF-8") }
        return (scalar, length)
    }
}
