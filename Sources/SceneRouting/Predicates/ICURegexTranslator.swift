import PredicateSyntax

/// Rewrites an ICU regular expression (what Apple's MATCHES speaks) into PCRE2 syntax with
/// the same meaning, or refuses with a clear error when PCRE2 has no equivalent.
///
/// Translated: set algebra (`[[a-z]&&[aeiou]]`, `[[a-z]--[aeiou]]`, `[[a-z]-[aeiou]]`,
/// nested unions) into lookaround classes; `\N{NAME}`, `\uhhhh`, `\Uhhhhhhhh` and ICU's
/// `\0ooo` octal into `\x{…}`; unknown letter escapes (`\y`, `\K`, …) into the letter;
/// `\p{IsX}` into `\p{X}`; numbered back-references into `\g{n}`.
/// Rejected: `(?w)`, `\p{InBlock}`, `{,n}`, and PCRE2-only constructs ICU refuses
/// (`(?P<…>`, recursion, conditionals, `(*VERB)`, branch reset).
struct ICURegexTranslator {
    /// How deeply character sets may nest (`[[[a]]]` is three levels): sets are translated
    /// recursively, and ICU itself refuses patterns far shallower than this.
    static let maximumSetDepth = 100

    private let input: [UInt8]
    private var index = 0
    private var output = TranslatedPattern()
    private var setDepth = 0
    /// The last search for a `}`: from where, and where it was found (nil: nowhere after).
    /// Remembered so that a pattern full of unclosed `\p{` is read once, not once per escape.
    private var braceSearch: (from: Int, found: Int?)?

    static func translate(_ pattern: String) throws(PatternTranslationError) -> TranslatedPattern {
        var translator = ICURegexTranslator(input: Array(pattern.utf8))
        try translator.run()
        return translator.output
    }

    private init(input: [UInt8]) { self.input = input }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < input.count ? input[index + ahead] : nil
    }

    private func fail(_ message: String, at offset: Int, length: Int = 1) -> PatternTranslationError {
        PatternTranslationError(message: message, offset: offset, length: length)
    }

    /// The first `}` at or after `start`.
    private mutating func closingBrace(after start: Int) -> Int? {
        if let cached = braceSearch, cached.from <= start, cached.found.map({ $0 >= start }) ?? true {
            return cached.found
        }
        let found = input[start...].firstIndex(of: UInt8(ascii: "}"))
        braceSearch = (start, found)
        return found
    }

    /// Escapes both dialects read the same way (`\d`, `\p{…}`, `\b`, …).
    private static let sharedEscapeLetters = Set("aAbBcdDeEfGhHknpPrRsStvVwWxXzZ".utf8)

    private mutating func run() throws(PatternTranslationError) {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\\"):
                output.append(try translateEscape(inClass: false))
            case UInt8(ascii: "["):
                output.append(try translateSet())
            case UInt8(ascii: "("):
                try translateGroupOpening()
            case UInt8(ascii: "{"):
                if peek(1) == UInt8(ascii: ","), let end = closingBrace(from: index), end > index + 2 {
                    throw fail("'{,n}' is not an ICU quantifier: write {0,n}", at: index, length: end - index + 1)
                }
                output.emit("{", from: index)
                index += 1
            default:
                output.emit(bytes: CollectionOfOne(byte), from: index)
                index += 1
            }
        }
    }

    private func closingBrace(from start: Int) -> Int? {
        var position = start + 1
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "}") { return position }
            if !(byte == UInt8(ascii: ",") || (byte >= 0x30 && byte <= 0x39)) { return nil }
            position += 1
        }
        return nil
    }

    private mutating func translateGroupOpening() throws(PatternTranslationError) {
        let start = index
        if peek(1) == UInt8(ascii: "*") {
            throw fail("backtracking verbs such as (*SKIP) are PCRE2 syntax, not ICU", at: start, length: 2)
        }
        guard peek(1) == UInt8(ascii: "?"), let kind = peek(2) else {
            output.emit("(", from: start)
            index += 1
            return
        }
        switch kind {
        case UInt8(ascii: "P"):
            throw fail("Python-style groups (?P…) are not ICU syntax: write (?<name>…) and \\k<name>", at: start, length: 3)
        case UInt8(ascii: "R"), UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            throw fail("recursion and subroutine calls are not ICU syntax", at: start, length: 3)
        case UInt8(ascii: "-") where peek(3).map { $0 >= 0x30 && $0 <= 0x39 } == true:
            throw fail("recursion and subroutine calls are not ICU syntax", at: start, length: 3)
        case UInt8(ascii: "("):
            throw fail("conditional groups (?(…)…) are not ICU syntax", at: start, length: 3)
        case UInt8(ascii: "|"):
            throw fail("branch-reset groups (?|…) are not ICU syntax", at: start, length: 3)
        case UInt8(ascii: "#"):
            // A comment: copied through to its closing parenthesis, as both dialects skip it.
            var end = index
            while end < input.count, input[end] != UInt8(ascii: ")") { end += 1 }
            output.emit(bytes: input[index..<min(input.count, end + 1)], from: start)
            index = min(input.count, end + 1)
        case UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: ">"), UInt8(ascii: "<"):
            output.emit(bytes: input[index..<index + 3], from: start)
            index += 3
        default:
            // Flag groups: (?ims-x) or (?i:…). ICU knows i m s x w; PCRE2 has no w.
            var position = index + 2
            while position < input.count, input[position] != UInt8(ascii: ")"), input[position] != UInt8(ascii: ":") {
                let flag = input[position]
                if flag == UInt8(ascii: "w") {
                    throw fail(
                        "the (?w) flag (ICU's Unicode word boundaries) has no PCRE2 equivalent", at: position)
                }
                if !"imsx-".utf8.contains(flag) {
                    throw fail("unknown flag '\(Character(Unicode.Scalar(flag)))' in (?…): ICU knows i, m, s, x and w", at: position)
                }
                position += 1
            }
            output.emit("(?", from: start)
            index += 2
        }
    }

    // MARK: Escapes

    private mutating func translateEscape(inClass: Bool) throws(PatternTranslationError) -> TranslatedPattern {
        var piece = TranslatedPattern()
        let start = index
        guard let letter = peek(1) else {
            piece.emit("\\", from: start)  // PCRE2 reports "\ at end of pattern"
            index += 1
            return piece
        }
        index += 2
        switch letter {
        case UInt8(ascii: "Q"):
            // Quoted text is copied verbatim up to and including \E.
            var end = index
            while end + 1 < input.count, !(input[end] == UInt8(ascii: "\\") && input[end + 1] == UInt8(ascii: "E")) {
                end += 1
            }
            let stop = end + 1 < input.count ? end + 2 : input.count
            piece.emit(bytes: input[start..<stop], from: start)
            index = stop
        case UInt8(ascii: "N"):
            guard peek() == UInt8(ascii: "{") else {
                piece.emit("N", from: start)
                return piece
            }
            guard let close = closingBrace(after: index) else {
                throw fail("\\N{ needs a closing }", at: start, length: 2)
            }
            let name = String(decoding: input[(index + 1)..<close], as: UTF8.self)
            guard let scalar = UnicodeNames.scalar(named: name) else {
                throw fail("unknown Unicode character name '\(name)' in \\N{…}", at: start, length: close - start + 1)
            }
            index = close + 1
            piece.emit("\\x{\(String(scalar.value, radix: 16))}", from: start)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            for offset in 0..<count {
                guard let digit = peek(offset), let hex = HexDigit.value(digit) else {
                    throw fail(
                        "\\\(Character(Unicode.Scalar(letter))) needs \(count) hexadecimal digits", at: start,
                        length: 2 + offset)
                }
                value = value &* 16 &+ UInt32(hex)
            }
            index += count
            guard Unicode.Scalar(value) != nil || (0xD800...0xDFFF).contains(value) else {
                throw fail("\\\(Character(Unicode.Scalar(letter))) escape beyond U+10FFFF", at: start, length: 2 + count)
            }
            piece.emit("\\x{\(String(value, radix: 16))}", from: start)
        case UInt8(ascii: "0"):
            // ICU: \0 followed by up to three octal digits.
            var value: UInt32 = 0
            var digits = 0
            while digits < 3, let digit = peek(), digit >= 0x30, digit <= 0x37 {
                value = value * 8 + UInt32(digit - 0x30)
                index += 1
                digits += 1
            }
            piece.emit("\\x{\(String(value, radix: 16))}", from: start)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            var number = Int(letter - 0x30)
            if !inClass {
                while let digit = peek(), digit >= 0x30, digit <= 0x39, number < 1000 {
                    number = number * 10 + Int(digit - 0x30)
                    index += 1
                }
                piece.emit("\\g{\(number)}", from: start)
            } else {
                piece.emit(bytes: input[start..<index], from: start)
            }
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            piece.emit(bytes: input[start..<index], from: start)
            guard peek() == UInt8(ascii: "{"), let close = closingBrace(after: index) else {
                return piece
            }
            var name = String(decoding: input[(index + 1)..<close], as: UTF8.self)
            if name.hasPrefix("In") {
                throw fail(
                    "Unicode block properties (\\p{\(name)}) are not supported by PCRE2", at: start, length: close - start + 1)
            }
            if name.hasPrefix("Is"), name.count > 2 { name.removeFirst(2) }
            piece.emit("{\(name)}", from: index)
            index = close + 1
        case UInt8(ascii: "x"):
            piece.emit("\\x", from: start)
        default:
            let isLetter = (letter | 0x20) >= UInt8(ascii: "a") && (letter | 0x20) <= UInt8(ascii: "z")
            if isLetter && !Self.sharedEscapeLetters.contains(letter) {
                // ICU reads an unknown letter escape as the letter itself.
                piece.emit(bytes: CollectionOfOne(letter), from: start)
            } else {
                piece.emit(bytes: input[start..<index], from: start)
                // Copy the rest of a multi-byte character after the backslash.
                while let next = peek(), next & 0xC0 == 0x80 {
                    piece.emit(bytes: CollectionOfOne(next), from: index)
                    index += 1
                }
            }
        }
        return piece
    }

    // MARK: Sets

    private enum SetOperator { case intersection, difference }

    /// Translates a bracketed set starting at `index`. Plain sets are copied; sets with
    /// nested sets or operators become lookaround expressions matching one character.
    private mutating func translateSet() throws(PatternTranslationError) -> TranslatedPattern {
        let start = index
        setDepth += 1
        defer { setDepth -= 1 }
        if setDepth > Self.maximumSetDepth {
            throw fail("character sets nest deeper than \(Self.maximumSetDepth) levels", at: start)
        }
        index += 1
        var negated = false
        if peek() == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var isPlain = true
        var run = TranslatedPattern()  // plain members collected since the last piece
        var pieces: [TranslatedPattern] = []  // the union making up the current operand
        // The first operand, and one lookahead per later operand (`(?=…)` to intersect,
        // `(?!…)` to subtract), kept apart so each operator costs its operand, not a copy of
        // everything before it.
        var firstOperand: TranslatedPattern?
        var lookaheads: [TranslatedPattern] = []
        var pendingOperator: SetOperator?
        var first = true

        func flushRun() {
            if !run.bytes.isEmpty {
                var piece = TranslatedPattern()
                piece.emit("[", from: start)
                piece.append(run)
                piece.emit("]", from: start)
                pieces.append(piece)
                run = TranslatedPattern()
            }
        }
        func closeOperand() throws(PatternTranslationError) {
            flushRun()
            guard !pieces.isEmpty else {
                throw fail("empty operand in a set operation", at: index)
            }
            var operand = TranslatedPattern()
            if pieces.count == 1 {
                operand = pieces[0]
            } else {
                operand.emit("(?:", from: start)
                for (position, piece) in pieces.enumerated() {
                    if position > 0 { operand.emit("|", from: start) }
                    operand.append(piece)
                }
                operand.emit(")", from: start)
            }
            pieces = []
            if firstOperand != nil, let pendingOperator {
                var lookahead = TranslatedPattern()
                lookahead.emit(pendingOperator == .intersection ? "(?=" : "(?!", from: start)
                lookahead.append(operand)
                lookahead.emit(")", from: start)
                lookaheads.append(lookahead)
            } else {
                firstOperand = operand
            }
            pendingOperator = nil
        }

        while true {
            guard let byte = peek() else {
                throw fail("missing ']' to close this set", at: start)
            }
            if byte == UInt8(ascii: "]") && !first {
                index += 1
                break
            }
            defer { first = false }
            switch byte {
            case UInt8(ascii: "["):
                if peek(1) == UInt8(ascii: ":"), let close = posixClassEnd(from: index) {
                    run.emit(bytes: input[index...close], from: index)
                    index = close + 1
                } else {
                    isPlain = false
                    flushRun()
                    pieces.append(try translateSet())
                }
            case UInt8(ascii: "&") where peek(1) == UInt8(ascii: "&") && !first:
                isPlain = false
                try closeOperand()
                pendingOperator = .intersection
                index += 2
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-") && !first:
                isPlain = false
                try closeOperand()
                pendingOperator = .difference
                index += 2
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: "[") && !first && peek(2) != UInt8(ascii: ":"):
                isPlain = false
                try closeOperand()
                pendingOperator = .difference
                index += 1
            case UInt8(ascii: "\\"):
                run.append(try translateEscape(inClass: true))
            default:
                run.emit(bytes: CollectionOfOne(byte), from: index)
                index += 1
            }
        }

        if isPlain {
            var piece = TranslatedPattern()
            piece.emit(negated ? "[^" : "[", from: start)
            piece.append(run)
            piece.emit("]", from: start)
            return piece
        }
        if pendingOperator != nil || !run.bytes.isEmpty || !pieces.isEmpty || firstOperand == nil {
            try closeOperand()
        }
        // The latest operator's lookahead first, as the operators read right to left.
        var combined = TranslatedPattern()
        for lookahead in lookaheads.reversed() { combined.append(lookahead) }
        combined.append(firstOperand!)
        var expression = TranslatedPattern()
        if negated {
            expression.emit("(?!", from: start)
            expression.append(combined)
            expression.emit(")(?s:.)", from: start)
        } else {
            expression.emit("(?:", from: start)
            expression.append(combined)
            expression.emit(")", from: start)
        }
        return expression
    }

    private func posixClassEnd(from start: Int) -> Int? {
        var position = start + 2
        while position + 1 < input.count {
            if input[position] == UInt8(ascii: ":") && input[position + 1] == UInt8(ascii: "]") { return position + 1 }
            let byte = input[position] | 0x20
            if !(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) && input[position] != UInt8(ascii: "^") {
                return nil
            }
            position += 1
        }
        return nil
    }
}
