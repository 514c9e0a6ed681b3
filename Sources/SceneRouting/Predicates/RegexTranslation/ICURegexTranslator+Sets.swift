/// Bracketed sets. Plain ones are copied; ICU's set algebra (nested sets, `&&`, `--`) has no
/// PCRE2 class syntax and becomes lookarounds that test one character.
extension ICURegexTranslator {
    enum SetOperator { case intersection, difference }

    /// Translates a bracketed set starting at `index`. Plain sets are copied; sets with
    /// nested sets or operators become lookaround expressions matching one character.
    mutating func translateSet() throws(PatternTranslationError) -> TranslatedPattern {
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
        var run = TranslatedPattern() // plain members collected since the last piece
        var pieces: [TranslatedPattern] = [] // the union making up the current operand
        // The first operand, and one lookahead per later operand (`(?=…)` to intersect,
        // `(?!…)` to subtract), kept apart so each operator costs its operand, not a copy of
        // everything before it.
        var firstOperand: TranslatedPattern?
        var lookaheads: [TranslatedPattern] = []
        var pendingOperator: SetOperator?
        var first = true
        // A hyphen right after a class escape (`[\w-b]`) is literal in ICU; PCRE2 refuses the range.
        var afterClassEscape = false

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
            let escapedClass = afterClassEscape
            afterClassEscape = false
            if (byte == UInt8(ascii: "&") && peek(1) == UInt8(ascii: "&"))
                || (byte == UInt8(ascii: "-") && peek(1) == UInt8(ascii: "-")),
                run.bytes.isEmpty && pieces.isEmpty && firstOperand == nil && (first || pendingOperator != nil)
            {
                throw fail("a set operator needs a set before it", at: index, length: 2)
            }
            switch byte {
            case UInt8(ascii: "["):
                if peek(1) == UInt8(ascii: ":"), let close = posixClassEnd(from: index) {
                    run.append(try posixClass(from: index, to: close, inSet: true))
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
                afterClassEscape = peek(1).map(Self.classEscapeLetters.contains) ?? false
                run.append(try translateEscape(inClass: true))
            case UInt8(ascii: "-") where escapedClass && peek(1) != UInt8(ascii: "]"):
                run.emit("\\-", from: index)
                index += 1
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

    /// `[:name:]` (or `[:^name:]`) from `start` to `close`: the property of that name as ICU
    /// reads it (`[:alpha:]`, `[:Greek:]`), in or out of brackets. Even the POSIX names go
    /// through ICU's: PCRE2's `[:alpha:]` is letters, ICU's is Alphabetic.
    func posixClass(from start: Int, to close: Int, inSet: Bool) throws(PatternTranslationError) -> TranslatedPattern {
        var name = String(decoding: input[(start + 2)..<(close - 1)], as: UTF8.self)
        let negated = name.hasPrefix("^")
        if negated { name.removeFirst() }
        return try property(name, negated: negated, inClass: inSet, asSet: true, from: start, length: close - start + 1)
    }

    func posixClassEnd(from start: Int) -> Int? {
        var position = start + 2
        while position + 1 < input.count {
            if input[position] == UInt8(ascii: ":") && input[position + 1] == UInt8(ascii: "]") { return position + 1 }
            // Letters, and what a loose property name may hold (`[:InBasic Latin:]`, `[:gc=Lu:]`).
            let byte = input[position] | 0x20
            let isNameByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (0x30...0x39).contains(input[position])
                || " _-=^".utf8.contains(input[position])
            if !isNameByte { return nil }
            position += 1
        }
        return nil
    }
}
