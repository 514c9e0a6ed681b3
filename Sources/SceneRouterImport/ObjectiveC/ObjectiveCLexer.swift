/// Objective-C source as tokens, each at its line and column: identifiers, string literals
/// (`"…"` and `@"…"`, escapes resolved), numbers, and punctuation. Comments and preprocessor
/// lines are dropped. Enough to find the statements that set activation conditions and
/// target content identifiers; nothing is type-checked.
struct ObjectiveCToken: Equatable {
    enum Kind: Equatable {
        case identifier
        /// `@"text"` (an `NSString`) or `"text"` (a C string).
        case string(objectiveC: Bool)
        case number
        /// `@` before `[`, `{`, `(` or a keyword (`@implementation`, `@end`, `@[`).
        case punctuation
    }

    var kind: Kind
    /// The identifier, the string's value, the number or the punctuation as written.
    var text: String
    var line: Int
    var column: Int
}

enum ObjectiveCLexer {
    /// Tokens of `text`. Input that is not Objective-C still ends in tokens: an unterminated
    /// string or comment runs to the end of the file, an unknown byte is punctuation.
    static func tokens(_ text: String) -> [ObjectiveCToken] {
        let bytes = Array(text.utf8)
        var tokens: [ObjectiveCToken] = []
        var index = 0
        var line = 1
        var lineStart = 0
        var atLineStart = true

        // Columns in UTF-8 bytes, as compilers count them.
        func column(_ at: Int) -> Int { at - lineStart + 1 }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                index += 1
                line += 1
                lineStart = index
                atLineStart = true
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == 0x0C {
                index += 1
                continue
            }
            // Preprocessor lines (`#import`, `#define`, `#if`), with `\` continuations.
            if atLineStart && byte == UInt8(ascii: "#") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                        bytes[index + 1] == UInt8(ascii: "\n")
                    {
                        index += 2
                        line += 1
                        lineStart = index
                        continue
                    }
                    index += 1
                }
                continue
            }
            atLineStart = false
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                index = min(index + 2, bytes.count)
                continue
            }
            let startColumn = column(index)
            if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "@") && next == UInt8(ascii: "\"")) {
                let objectiveC = byte == UInt8(ascii: "@")
                index += objectiveC ? 2 : 1
                var value: [UInt8] = []
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        let escaped = bytes[index + 1]
                        switch escaped {
                        case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                        case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                        case UInt8(ascii: "r"): value.append(UInt8(ascii: "\r"))
                        case UInt8(ascii: "0"): value.append(0)
                        default: value.append(escaped)
                        }
                        index += 2
                        continue
                    }
                    value.append(bytes[index])
                    index += 1
                }
                if index < bytes.count && bytes[index] == UInt8(ascii: "\"") { index += 1 }
                // Adjacent literals are one string, as the compiler joins them.
                if let last = tokens.last, case .string = last.kind {
                    tokens[tokens.count - 1].text += String(decoding: value, as: UTF8.self)
                } else {
                    tokens.append(
                        ObjectiveCToken(
                            kind: .string(objectiveC: objectiveC), text: String(decoding: value, as: UTF8.self),
                            line: line, column: startColumn))
                }
                continue
            }
            if byte == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "'") && bytes[index] != UInt8(ascii: "\n") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(index + 1, bytes.count)
                tokens.append(ObjectiveCToken(kind: .number, text: "'", line: line, column: startColumn))
                continue
            }
            if isIdentifierStart(byte) {
                let start = index
                while index < bytes.count && (isIdentifierStart(bytes[index]) || isDigit(bytes[index])) { index += 1 }
                tokens.append(
                    ObjectiveCToken(
                        kind: .identifier, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line,
                        column: startColumn))
                continue
            }
            if isDigit(byte) {
                let start = index
                while index < bytes.count
                    && (isIdentifierStart(bytes[index]) || isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "."))
                { index += 1 }
                tokens.append(
                    ObjectiveCToken(
                        kind: .number, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line,
                        column: startColumn))
                continue
            }
            // `==`, `!=`, `<=`, `>=`, `->` stay one token so that `=` alone is an assignment.
            if (byte == UInt8(ascii: "=") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: ">")) && next == UInt8(ascii: "=")
                || (byte == UInt8(ascii: "-") && next == UInt8(ascii: ">"))
            {
                tokens.append(
                    ObjectiveCToken(
                        kind: .punctuation, text: String(decoding: bytes[index...index + 1], as: UTF8.self), line: line,
                        column: startColumn))
                index += 2
                continue
            }
            // One punctuation character, or one whole UTF-8 sequence outside identifiers.
            var end = index + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            tokens.append(
                ObjectiveCToken(
                    kind: .punctuation, text: String(decoding: bytes[index..<end], as: UTF8.self), line: line,
                    column: startColumn))
            index = end
        }
        return tokens
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
