/// Splits a predicate format string into tokens.
///
/// Whitespace is skipped; keywords are recognised in any case; string literals are decoded
/// (both quote styles, backslash escapes); everything the SELF-only subset cannot express is
/// still tokenised where possible so the parser can explain *why* it is not supported.
package struct Lexer {
    private let source: String
    private let bytes: [UInt8]
    private var position = 0

    package init(_ source: String) {
        self.source = source
        self.bytes = Array(source.utf8)
    }

    /// All tokens, ending with `.end`.
    package static func tokenize(_ source: String) throws(Diagnostic) -> [Token] {
        var lexer = Lexer(source)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if case .end = token.kind { return tokens }
        }
    }

    private func error(_ code: Diagnostic.Code, _ message: String, at offset: Int, length: Int = 1) -> Diagnostic {
        Diagnostic(code: code, message: message, predicate: source, offset: offset, length: length)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    mutating func next() throws(Diagnostic) -> Token {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
            position += 1
        }
        let start = position
        guard let byte = peek() else { return Token(kind: .end, range: start..<start) }

        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            let literal = try lexString(quote: byte)
            return Token(kind: .string(literal), range: start..<position)
        }
        if isDigit(byte) || (byte == UInt8(ascii: "-") && peek(1).map(isDigit) == true)
            || (byte == UInt8(ascii: ".") && peek(1).map(isDigit) == true)
        {
            let value = try lexNumber()
            return Token(kind: .number(value), range: start..<position)
        }
        if isIdentifierStart(byte) {
            let word = lexWord()
            if let keyword = Keyword(word: word) {
                return Token(kind: .keyword(keyword), range: start..<position)
            }
            return Token(kind: .identifier(word), range: start..<position)
        }
        if byte == UInt8(ascii: "#") {
            position += 1
            let word = lexWord()
            throw error(
                .unsupported,
                "escaped key path '#\(word)' is not supported: predicates compare SELF (the target content identifier) only",
                at: start, length: position - start)
        }
        if byte == UInt8(ascii: "$") {
            position += 1
            let word = lexWord()
            throw error(
                .unsupported, "variables ('$\(word)') are not supported: write the value, or pass it as a %@ argument",
                at: start, length: position - start)
        }
        if byte == UInt8(ascii: "%") {
            return try lexFormatSpecifier(start: start)
        }
        if byte == UInt8(ascii: "@") {
            throw error(
                .unsupported, "'@' operators and collection keys are not supported: predicates compare SELF only",
                at: start)
        }
        return try lexSymbol(start: start)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
    }
    private func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private mutating func lexWord() -> String {
        let start = position
        while let byte = peek(), isIdentifierPart(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func lexNumber() throws(Diagnostic) -> Double {
        let start = position
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        if peek() == UInt8(ascii: "0"), let marker = peek(1), let radix = Self.radix(marker) {
            position += 2
            let digitsStart = position
            while let byte = peek(), isIdentifierPart(byte) { position += 1 }
            let digits = String(decoding: bytes[digitsStart..<position], as: UTF8.self)
            guard let value = UInt64(digits, radix: radix) else {
                throw error(.syntax, "invalid number '\(text(start..<position))'", at: start, length: position - start)
            }
            return negative ? -Double(value) : Double(value)
        }
        while let byte = peek(), isDigit(byte) { position += 1 }
        if peek() == UInt8(ascii: "."), peek(1).map(isDigit) == true {
            position += 1
            while let byte = peek(), isDigit(byte) { position += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var look = 1
            if let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { look = 2 }
            if peek(look).map(isDigit) == true {
                position += look
                while let byte = peek(), isDigit(byte) { position += 1 }
            }
        }
        if let byte = peek(), isIdentifierStart(byte) {
            while let byte = peek(), isIdentifierPart(byte) { position += 1 }
            throw error(.syntax, "invalid number '\(text(start..<position))'", at: start, length: position - start)
        }
        guard let value = Double(text(start..<position)) else {
            throw error(.syntax, "invalid number '\(text(start..<position))'", at: start, length: position - start)
        }
        return value
    }

    private static func radix(_ marker: UInt8) -> Int? {
        switch marker {
        case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
        case UInt8(ascii: "o"), UInt8(ascii: "O"): 8
        case UInt8(ascii: "b"), UInt8(ascii: "B"): 2
        default: nil
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Decodes a quoted literal. The other quote character is plain text inside; escapes are
    /// `\\ \' \" \a \b \f \n \r \t \v`, octal `\ooo`, `\xHH`, `\uHHHH` (Apportable's set).
    private mutating func lexString(quote: UInt8) throws(Diagnostic) -> StringLiteral {
        let start = position
        position += 1
        var value: [UInt8] = []
        var offsets: [Int] = []
        func append(_ scalar: Unicode.Scalar, from sourceOffset: Int) {
            for unit in UTF8.encode(scalar)! {
                value.append(unit)
                offsets.append(sourceOffset)
            }
        }
        while true {
            guard let byte = peek() else {
                let name = quote == UInt8(ascii: "'") ? "'" : "\""
                throw error(
                    .unterminatedString, "unterminated string: the \(name) opened here is never closed", at: start)
            }
            if byte == quote {
                position += 1
                offsets.append(position - 1)
                return StringLiteral(value: String(decoding: value, as: UTF8.self), sourceOffsets: offsets)
            }
            if byte != UInt8(ascii: "\\") {
                value.append(byte)
                offsets.append(position)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1
            guard let escaped = peek() else { continue } // reported as unterminated next round
            position += 1
            switch escaped {
            case UInt8(ascii: "a"): append("\u{07}", from: escapeStart)
            case UInt8(ascii: "b"): append("\u{08}", from: escapeStart)
            case UInt8(ascii: "f"): append("\u{0C}", from: escapeStart)
            case UInt8(ascii: "n"): append("\n", from: escapeStart)
            case UInt8(ascii: "r"): append("\r", from: escapeStart)
            case UInt8(ascii: "t"): append("\t", from: escapeStart)
            case UInt8(ascii: "v"): append("\u{0B}", from: escapeStart)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var code = UInt32(escaped - 0x30)
                var digits = 1
                while digits < 3, let next = peek(), next >= 0x30, next <= 0x37 {
                    code = code * 8 + UInt32(next - 0x30)
                    position += 1
                    digits += 1
                }
                append(Unicode.Scalar(code)!, from: escapeStart)
            case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let count = (escaped | 0x20) == UInt8(ascii: "x") ? 2 : 4
                let digitsStart = position
                var code: UInt32 = 0
                for _ in 0..<count {
                    guard let next = peek(), let digit = HexDigit.value(next) else {
                        throw error(
                            .syntax,
                            "escape '\\\(Character(Unicode.Scalar(escaped)))' needs \(count) hexadecimal digits",
                            at: escapeStart, length: position - escapeStart)
                    }
                    code = code * 16 + UInt32(digit)
                    position += 1
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw error(
                        .syntax,
                        "escape '\\\(text(escapeStart + 1..<position))' is not a Unicode scalar (a lone surrogate)",
                        at: escapeStart, length: position - escapeStart)
                }
                _ = digitsStart
                append(scalar, from: escapeStart)
            default:
                // `\\`, `\'`, `\"` and any other escaped character stand for that character.
                value.append(escaped)
                offsets.append(escapeStart)
                // Multi-byte characters after a backslash are copied whole.
                while let next = peek(), next & 0xC0 == 0x80 {
                    value.append(next)
                    offsets.append(escapeStart)
                    position += 1
                }
            }
        }
    }

    private mutating func lexFormatSpecifier(start: Int) throws(Diagnostic) -> Token {
        position += 1
        // Length modifiers (`%hi`, `%qi`, `%lld`) precede the conversion character.
        while let byte = peek(), "hlqLzjt".utf8.contains(byte) { position += 1 }
        guard let conversion = peek() else {
            throw error(.syntax, "'%' at the end of the predicate is not a format specifier", at: start)
        }
        position += 1
        let specifier = text(start..<position)
        switch conversion {
        case UInt8(ascii: "@"):
            return Token(kind: .formatSpecifier(specifier), range: start..<position)
        case UInt8(ascii: "K"):
            throw error(
                .unsupported, "%K key-path arguments are not supported: predicates compare SELF only",
                at: start, length: position - start)
        case UInt8(ascii: "%"):
            throw error(
                .syntax, "'%%' (a literal percent) is only meaningful inside a quoted string", at: start, length: 2)
        default:
            if "dDiuUxXoOfeEgGcCsSpaA".utf8.contains(conversion) {
                throw error(
                    .unsupported,
                    "printf-style '\(specifier)' arguments are not supported: write the value inline, or pass a string with %@",
                    at: start, length: position - start)
            }
            throw error(.syntax, "unknown format specifier '\(specifier)'", at: start, length: position - start)
        }
    }

    private mutating func lexSymbol(start: Int) throws(Diagnostic) -> Token {
        let byte = bytes[position]
        let next = peek(1)
        func two(_ symbol: Symbol) -> Token {
            position += 2
            return Token(kind: .symbol(symbol), range: start..<position)
        }
        func one(_ symbol: Symbol) -> Token {
            position += 1
            return Token(kind: .symbol(symbol), range: start..<position)
        }
        switch (byte, next) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")):
            if peek(2) == UInt8(ascii: "=") {
                throw error(.unknownOperator, "unknown operator '===' (did you mean ==?)", at: start, length: 3)
            }
            return two(.equal)
        case (UInt8(ascii: "="), UInt8(ascii: "<")): return two(.equalLess)
        case (UInt8(ascii: "="), UInt8(ascii: ">")): return two(.equalGreater)
        case (UInt8(ascii: "="), UInt8(ascii: "!")):
            throw error(.unknownOperator, "unknown operator '=!' (did you mean !=?)", at: start, length: 2)
        case (UInt8(ascii: "="), _): return one(.singleEqual)
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): return two(.notEqual)
        case (UInt8(ascii: "!"), _): return one(.bang)
        case (UInt8(ascii: "<"), UInt8(ascii: ">")): return two(.lessGreater)
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): return two(.lessEqual)
        case (UInt8(ascii: "<"), UInt8(ascii: "<")): throw arithmetic("<<", at: start)
        case (UInt8(ascii: "<"), _): return one(.less)
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): return two(.greaterEqual)
        case (UInt8(ascii: ">"), UInt8(ascii: ">")): throw arithmetic(">>", at: start)
        case (UInt8(ascii: ">"), _): return one(.greater)
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): return two(.andAnd)
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): return two(.orOr)
        case (UInt8(ascii: "&"), _):
            throw error(
                .syntax, "'&' is a bitwise operator, which is not supported (did you mean && or AND?)", at: start)
        case (UInt8(ascii: "|"), _):
            throw error(
                .syntax, "'|' is a bitwise operator, which is not supported (did you mean || or OR?)", at: start)
        case (UInt8(ascii: "("), _): return one(.openParen)
        case (UInt8(ascii: ")"), _): return one(.closeParen)
        case (UInt8(ascii: "{"), _): return one(.openBrace)
        case (UInt8(ascii: "}"), _): return one(.closeBrace)
        case (UInt8(ascii: "["), _): return one(.openBracket)
        case (UInt8(ascii: "]"), _): return one(.closeBracket)
        case (UInt8(ascii: ","), _): return one(.comma)
        case (UInt8(ascii: "?"), _):
            throw error(.syntax, "'?' is not a token in predicates (use %@ for an argument)", at: start)
        case (UInt8(ascii: ":"), UInt8(ascii: "=")): throw arithmetic(":=", at: start)
        case (UInt8(ascii: "*"), UInt8(ascii: "*")): throw arithmetic("**", at: start)
        case (UInt8(ascii: "+"), _), (UInt8(ascii: "-"), _), (UInt8(ascii: "*"), _), (UInt8(ascii: "/"), _),
            (UInt8(ascii: "^"), _), (UInt8(ascii: "~"), _):
            throw arithmetic(String(Character(Unicode.Scalar(byte))), at: start)
        case (UInt8(ascii: "."), _):
            var end = position + 1
            while end < bytes.count, isIdentifierPart(bytes[end]) { end += 1 }
            throw error(
                .unsupported,
                "key paths ('\(text(start..<end))') are not supported: predicates compare SELF itself",
                at: start, length: end - start)
        default:
            let scalarLength = Self.utf8Length(leadByte: byte)
            let end = min(bytes.count, position + scalarLength)
            throw error(.syntax, "unexpected character '\(text(start..<end))'", at: start, length: end - start)
        }
    }

    private func arithmetic(_ symbol: String, at offset: Int) -> Diagnostic {
        error(
            .unsupported,
            "arithmetic and bitwise expressions ('\(symbol)') are not supported: predicates compare SELF with values",
            at: offset, length: symbol.utf8.count)
    }

    private static func utf8Length(leadByte: UInt8) -> Int {
        switch leadByte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
