import PredicateSyntax

/// Lookbehinds. ICU takes one of any bounded length (`(?<=ab?c{1,3})`); PCRE2 10.42 wants
/// each top-level branch of one to match a single number of characters. Every lookbehind is
/// read into its fixed-length spellings and written back as one branch per length
/// (`(?<=ac|abc)` for `(?<=ab?c)`), within a size limit; one that has a single length
/// anyway comes back as written, up to how repeats are spelled.
extension ICURegexTranslator {
    /// The longest lookbehind PCRE2 compiles, in characters.
    static let maximumLookbehindLength = 65535
    /// How deeply groups may nest inside a lookbehind (they are read recursively).
    static let maximumLookbehindDepth = 100

    /// A part of a lookbehind, by its fixed-length spellings.
    struct LookbehindPart {
        var spellings = FixedLengthSpellings.empty
        /// Why the part cannot be spelled out exactly, found while reading it.
        var obstacle: PatternTranslationError?
        /// Where a capturing group is kept (a back reference may read it), if one is.
        var capture: PatternTranslationError?
        /// Whether the spellings hold some piece more than once.
        var copies = false

        /// `other` after this part; false when the spellings would grow past the limit.
        mutating func append(
            _ other: LookbehindPart, spelledAs spellings: FixedLengthSpellings? = nil, at offset: Int, limit: Int
        ) -> Bool {
            let tail = spellings ?? other.spellings
            obstacle = obstacle ?? other.obstacle
            capture = capture ?? other.capture
            copies = copies || other.copies || self.spellings.byLength.count > 1 || tail.byLength.count > 1
            return self.spellings.append(tail, at: offset, limit: limit)
        }

        /// The error that stops this part being spelled out, if any: a capture copied into
        /// several branches would renumber the groups a back reference reads.
        var refusal: PatternTranslationError? {
            obstacle ?? (copies ? capture : nil)
        }
    }

    /// `(?<=…)` or `(?<!…)` at `index`, through its closing parenthesis.
    mutating func translateLookbehind() throws(PatternTranslationError) -> TranslatedPattern {
        let start = index
        let opening = input[index..<index + 4]
        index += 4
        let flagsOutside = flags
        let branches = try lookbehindBranches(openedAt: start, depth: 1)
        flags = flagsOutside
        if let refusal = branches.lazy.compactMap(\.refusal).first { throw refusal }
        var piece = TranslatedPattern()
        piece.emit(bytes: opening, from: start)
        for (position, alternative) in branches.flatMap(\.spellings.alternatives).enumerated() {
            if position > 0 { piece.emit("|", from: start) }
            piece.append(alternative)
        }
        piece.emit(")", from: start)
        guard piece.bytes.count <= spellingBudget else { throw tooLarge(at: start) }
        spellingBudget -= piece.bytes.count
        return piece
    }

    private func tooLarge(at start: Int, length: Int = 4) -> PatternTranslationError {
        fail(
            "this lookbehind has too many lengths to spell out for PCRE2: make its optional parts fewer", at: start,
            length: length)
    }

    /// The branches of a group inside a lookbehind, consuming its closing parenthesis.
    private mutating func lookbehindBranches(openedAt start: Int, depth: Int) throws(PatternTranslationError)
        -> [LookbehindPart]
    {
        guard depth <= Self.maximumLookbehindDepth else {
            throw fail("groups nest deeper than \(Self.maximumLookbehindDepth) levels inside a lookbehind", at: start)
        }
        var branches: [LookbehindPart] = []
        // Flags set inline (`(?i)`) reach to the end of the group, later branches included.
        var carriedFlags: [TranslatedPattern] = []
        while true {
            var (branch, flags) = try lookbehindSequence(groupStart: start, depth: depth)
            for opening in carriedFlags.reversed() {
                branch.spellings = branch.spellings.wrapped(in: opening, at: start)
            }
            carriedFlags += flags
            branches.append(branch)
            guard let byte = peek() else { throw fail("missing ')' to close this group", at: start) }
            index += 1
            if byte == UInt8(ascii: ")") { return branches }
        }
    }

    /// One branch, up to the `|` or `)` after it; also the openings (`(?i:`) of the flags it
    /// sets inline, for the branches after it.
    private mutating func lookbehindSequence(
        groupStart: Int, depth: Int
    ) throws(PatternTranslationError) -> (LookbehindPart, [TranslatedPattern]) {
        guard depth <= Self.maximumLookbehindDepth else {
            throw fail(
                "groups and flags nest deeper than \(Self.maximumLookbehindDepth) levels inside a lookbehind", at: index
            )
        }
        var sequence = LookbehindPart()
        var last: LookbehindPart? // what a quantifier would repeat
        func settle(_ last: inout LookbehindPart?) throws(PatternTranslationError) {
            guard let item = last else { return }
            guard sequence.append(item, at: groupStart, limit: spellingBudget) else { throw tooLarge(at: groupStart) }
            try checkLength(of: sequence.spellings, at: groupStart)
            last = nil
        }
        while true {
            try skipExtendedWhiteSpace()
            guard let byte = peek(), byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") else { break }
            switch byte {
            case UInt8(ascii: "(") where isInlineFlagGroup(at: index):
                try settle(&last)
                let flagStart = index
                let flagsAfter = flags(afterFlagGroupAt: flagStart)
                let flagGroup = try capturingOutput { (translator: inout Self) throws(PatternTranslationError) in
                    try translator.translateGroupOpening()
                }
                flags = flagsAfter
                guard !flagGroup.bytes.isEmpty else { continue } // `(?u)`, `(?d)`: nothing for PCRE2 to scope
                // The rest of the branch, in a group with those flags.
                var opening = TranslatedPattern()
                opening.emit(bytes: flagGroup.bytes.dropLast(), from: flagStart)
                opening.emit(":", from: flagStart)
                let (rest, laterFlags) = try lookbehindSequence(groupStart: groupStart, depth: depth + 1)
                let scoped = rest.spellings.wrapped(in: opening, at: flagStart)
                guard sequence.append(rest, spelledAs: scoped, at: groupStart, limit: spellingBudget) else {
                    throw tooLarge(at: groupStart)
                }
                try checkLength(of: sequence.spellings, at: groupStart)
                return (sequence, [opening] + laterFlags)
            case UInt8(ascii: "("):
                try settle(&last)
                last = try lookbehindGroup(depth: depth + 1)
            case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                last = try quantified(last)
            case UInt8(ascii: "{") where closingBrace(from: index) != nil && peek(1) != UInt8(ascii: ","):
                last = try quantified(last)
            default:
                try settle(&last)
                let caseless = flags.caseInsensitive ? try caselessLookbehindParts() : []
                for part in caseless.dropLast() {
                    last = part
                    try settle(&last)
                }
                if let final = caseless.last {
                    last = final
                } else {
                    last = try lookbehindAtom()
                }
            }
        }
        try settle(&last)
        return (sequence, [])
    }

    /// A group inside a lookbehind, from its `(` through its `)`.
    private mutating func lookbehindGroup(depth: Int) throws(PatternTranslationError) -> LookbehindPart {
        let start = index
        var part = LookbehindPart()
        let kind = peek(1) == UInt8(ascii: "?") ? peek(2) : nil
        let isLookbehind = kind == UInt8(ascii: "<") && (peek(3) == UInt8(ascii: "=") || peek(3) == UInt8(ascii: "!"))
        if kind == UInt8(ascii: "#") {
            _ = try capturingOutput { (translator: inout Self) throws(PatternTranslationError) in
                try translator.translateGroupOpening()
            }
            return part
        }
        if isLookbehind {
            part.spellings = FixedLengthSpellings(single: try translateLookbehind(), length: 0)
            try refuseQuantifiedAssertion(openedAt: start)
            return part
        }
        let isCapturing = kind == nil || kind == UInt8(ascii: "<")
        let flagsOutside = flags
        let flagsInside = flags(afterFlagGroupAt: start)
        var opening = try capturingOutput { (translator: inout Self) throws(PatternTranslationError) in
            try translator.translateGroupOpening()
        }
        if isCapturing {
            if hasBackReferences {
                part.capture = fail(
                    "a capturing group in a lookbehind of varying length cannot be spelled out for PCRE2 when the pattern "
                        + "has back references: write (?:…)", at: start, length: index - start)
            } else {
                // Nothing reads the capture when nothing refers back to it.
                opening = TranslatedPattern()
                opening.emit("(?:", from: start)
            }
        }
        var contents = FixedLengthSpellings.impossible
        flags = flagsInside
        let branches = try lookbehindBranches(openedAt: start, depth: depth)
        flags = flagsOutside
        for branch in branches {
            contents.formUnion(branch.spellings)
            part.obstacle = part.obstacle ?? branch.obstacle
            part.capture = part.capture ?? branch.capture
            part.copies = part.copies || branch.copies
        }
        guard contents.byteCount <= spellingBudget else { throw tooLarge(at: start) }
        if kind == UInt8(ascii: "=") || kind == UInt8(ascii: "!") {
            // A lookahead matches nothing itself; inside it, any length will do.
            var lookahead = opening
            for (position, alternative) in contents.alternatives.enumerated() {
                if position > 0 { lookahead.emit("|", from: start) }
                lookahead.append(alternative)
            }
            lookahead.emit(")", from: index - 1)
            part.spellings = FixedLengthSpellings(single: lookahead, length: 0)
            try refuseQuantifiedAssertion(openedAt: start)
            return part
        }
        if kind == UInt8(ascii: ">") && !contents.hasOneLength {
            part.obstacle =
                part.obstacle
                ?? fail(
                    "an atomic group of varying length in a lookbehind cannot be spelled out for PCRE2", at: start,
                    length: 3)
        }
        part.spellings = contents.wrapped(in: opening, at: start)
        return part
    }

    /// One element inside a lookbehind that is neither a group nor a quantifier.
    private mutating func lookbehindAtom() throws(PatternTranslationError) -> LookbehindPart {
        let start = index
        var piece = TranslatedPattern()
        var length = 1
        if input[start] == UInt8(ascii: "\\"), let letter = peek(1) {
            switch letter {
            case UInt8(ascii: "1")...UInt8(ascii: "9"), UInt8(ascii: "k"):
                throw fail(
                    "a back reference has no bounded length, so it cannot be inside a lookbehind", at: start, length: 2)
            case UInt8(ascii: "X"):
                throw fail(
                    "\\X (a grapheme cluster) has no bounded length, so it cannot be inside a lookbehind", at: start,
                    length: 2)
            case UInt8(ascii: "R"):
                // A line break: CR LF, or any one line-ending character.
                index += 2
                var one = TranslatedPattern()
                one.emit("[\\n\\x0b\\f\\r\\x{85}\\x{2028}\\x{2029}]", from: start)
                var two = TranslatedPattern()
                two.emit("\\r\\n", from: start)
                var part = LookbehindPart(spellings: FixedLengthSpellings(single: one, length: 1))
                part.spellings.formUnion(FixedLengthSpellings(single: two, length: 2))
                return part
            case UInt8(ascii: "Q"):
                piece = try translateEscape(inClass: false)
                let quoted = input[start..<index].dropFirst(2)
                let text = quoted.count >= 2 && quoted.suffix(2).elementsEqual("\\E".utf8) ? quoted.dropLast(2) : quoted
                length = text.lazy.filter { $0 & 0xC0 != 0x80 }.count
                if isQuantifier(at: index) {
                    throw fail(
                        "inside a lookbehind, write the character a quantifier repeats outside \\Q…\\E", at: index)
                }
            case UInt8(ascii: "c"), UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: "x"):
                piece = try translateEscape(inClass: false)
                // `\cX`, `\pL`, `\x41` and `\x{41}` go on past what the escape itself emits.
                if letter == UInt8(ascii: "x") {
                    if peek() == UInt8(ascii: "{") {
                        let end = input[index...].firstIndex(of: UInt8(ascii: "}")).map { $0 + 1 } ?? input.count
                        piece.emit(bytes: input[index..<end], from: index)
                        index = end
                    } else {
                        var digits = 0
                        while digits < 2, let digit = peek(), HexDigit.value(digit) != nil {
                            piece.emit(bytes: CollectionOfOne(digit), from: index)
                            index += 1
                            digits += 1
                        }
                    }
                } else if index == start + 2, index < input.count {
                    piece.append(try translateAtom())
                }
            case _ where Self.assertionLetters.contains(letter):
                piece = try translateEscape(inClass: false)
                length = 0
            default:
                piece = try translateEscape(inClass: false)
            }
        } else {
            if input[start] == UInt8(ascii: "$") || input[start] == UInt8(ascii: "^") { length = 0 }
            piece = try translateAtom()
        }
        return LookbehindPart(spellings: FixedLengthSpellings(single: piece, length: length))
    }

    /// `item` under the quantifier at `index` (`?`, `{2}`, `{1,3}`, with `?` or `+` after).
    private mutating func quantified(_ item: LookbehindPart?) throws(PatternTranslationError) -> LookbehindPart {
        let start = index
        guard var part = item else { throw fail("a quantifier needs something before it to repeat", at: start) }
        var minimum = 0
        var maximum: Int?
        switch input[index] {
        case UInt8(ascii: "?"):
            maximum = 1
            index += 1
        case UInt8(ascii: "{"):
            let close = closingBrace(from: index)!
            let bounds = input[(index + 1)..<close].split(
                separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            func number(_ digits: ArraySlice<UInt8>) -> Int {
                digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), 1_000_000) }
            }
            guard bounds.count <= 2, !bounds[0].isEmpty else {
                throw fail("a counted quantifier is {n}, {n,} or {n,m}", at: start, length: close - start + 1)
            }
            minimum = number(bounds[0])
            maximum = bounds.count == 1 ? minimum : bounds[1].isEmpty ? nil : number(bounds[1])
            index = close + 1
            if let maximum, maximum < minimum {
                throw fail("the quantifier's maximum is less than its minimum", at: start, length: close - start + 1)
            }
        default:
            index += 1 // `*` or `+`
        }
        guard let maximum else {
            throw fail(
                "a lookbehind needs a bounded length: write {m,n} instead of *, + or {n,}", at: start,
                length: index - start)
        }
        let modifier = peek()
        if modifier == UInt8(ascii: "?") && input[start] == UInt8(ascii: "?") {
            throw fail("ICU refuses the lazy quantifier ?? inside a lookbehind", at: start, length: 2)
        }
        if modifier == UInt8(ascii: "?") || modifier == UInt8(ascii: "+") { index += 1 }
        if modifier == UInt8(ascii: "+") && minimum != maximum {
            // Possessive repeats give up less than ICU's lookbehind tries; spelling them out as
            // plain branches would find matches ICU does not.
            part.obstacle =
                part.obstacle
                ?? fail(
                    "a possessive quantifier in a lookbehind of varying length cannot be spelled out for PCRE2",
                    at: start,
                    length: index - start)
        }
        part.copies = part.copies || maximum > minimum || (!part.spellings.hasOneLength && maximum > 1)
        part.spellings = try repeated(
            part.spellings, minimum: minimum, maximum: maximum, at: start, span: index - start)
        return part
    }

    /// `spellings` matched `minimum` through `maximum` times in a row (the quantifier is at
    /// `start`, `span` bytes long).
    private func repeated(
        _ spellings: FixedLengthSpellings, minimum: Int, maximum: Int, at start: Int, span: Int
    ) throws(PatternTranslationError) -> FixedLengthSpellings {
        var result = FixedLengthSpellings.impossible
        if spellings.hasOneLength, let length = spellings.byLength.keys.first {
            let piece = spellings.joined(length: length, at: start)
            if length == 0 {
                // An assertion repeated: checked once, or not at all when it may be skipped.
                return minimum == 0 ? .empty : FixedLengthSpellings(single: piece, length: 0)
            }
            guard maximum <= Self.maximumLookbehindLength / length else { throw tooLong(at: start) }
            for count in minimum...maximum {
                var repetition = TranslatedPattern()
                switch count {
                case 0: break
                case 1: repetition = piece
                case _ where Self.isSingleAtom(piece.bytes):
                    // PCRE2 compiles a group repeated n times as n copies, one character
                    // repeated as one instruction: `(?<=a {1,100}|b {1,100})` fits either way.
                    repetition = piece
                    repetition.emit("{\(count)}", from: start)
                default:
                    repetition.emit("(?:", from: start)
                    repetition.append(piece)
                    repetition.emit("){\(count)}", from: start)
                }
                result.formUnion(FixedLengthSpellings(single: repetition, length: count * length))
                guard result.byteCount <= spellingBudget else { throw tooLarge(at: start, length: span) }
            }
            return result
        }
        var power = FixedLengthSpellings.empty
        for count in 0...maximum {
            if count >= minimum { result.formUnion(power) }
            guard result.byteCount <= spellingBudget else { throw tooLarge(at: start, length: span) }
            if count == maximum { break }
            guard let next = power.followed(by: spellings, at: start, limit: spellingBudget) else {
                throw tooLarge(at: start, length: span)
            }
            try checkLength(of: next, at: start)
            power = next
        }
        return result
    }

    /// Whether `bytes` are one PCRE2 atom a quantifier can follow directly: one character, a
    /// two-byte escape (`\.`, `\d`) or a `\x{…}`.
    private static func isSingleAtom(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        if first != UInt8(ascii: "\\") {
            let scalarLength = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
            return bytes.count == scalarLength && !"()[]{}|^$.*+?".utf8.contains(first)
        }
        if bytes.count == 2 { return !(0x30...0x39).contains(bytes[1]) }
        return bytes.count > 4 && bytes[1] == UInt8(ascii: "x") && bytes[2] == UInt8(ascii: "{")
            && bytes.last == UInt8(ascii: "}")
            && bytes[3..<(bytes.count - 1)].allSatisfy { HexDigit.value($0) != nil }
    }

    private func checkLength(of spellings: FixedLengthSpellings, at start: Int) throws(PatternTranslationError) {
        if let longest = spellings.byLength.keys.max(), longest > Self.maximumLookbehindLength {
            throw tooLong(at: start)
        }
    }

    private func tooLong(at start: Int) -> PatternTranslationError {
        fail("a lookbehind may match at most \(Self.maximumLookbehindLength) characters", at: start)
    }

    /// Whether the group at `start` only sets flags for what follows (`(?i)`, `(?-m)`).
    func isInlineFlagGroup(at start: Int) -> Bool {
        guard start + 2 < input.count, input[start + 1] == UInt8(ascii: "?") else { return false }
        var position = start + 2
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: ")") { return position > start + 2 }
            guard (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "-")
            else {
                return false
            }
            position += 1
        }
        return false
    }

    /// White space and `#` comments mean nothing under `(?x)`: skipped when the whole pattern
    /// is in that mode, refused when only part of it is (which part this one is in is not
    /// tracked).
    private mutating func skipExtendedWhiteSpace() throws(PatternTranslationError) {
        guard extendedMode != .never else { return }
        while let byte = peek() {
            let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
            guard isSpace || byte == UInt8(ascii: "#") else { return }
            guard extendedMode == .throughout else {
                throw fail(
                    "white space or # in a lookbehind, in a pattern that sets (?x) for only part of it, is not supported: "
                        + "set (?x) at the very start, or escape the character", at: index)
            }
            if isSpace {
                index += 1
            } else {
                while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
            }
        }
    }

    /// What `body` emits, instead of adding it to the translation.
    private mutating func capturingOutput(
        _ body: (inout Self) throws(PatternTranslationError) -> Void
    ) throws(PatternTranslationError) -> TranslatedPattern {
        let saved = output
        output = TranslatedPattern()
        defer { output = saved }
        try body(&self)
        return output
    }
}
