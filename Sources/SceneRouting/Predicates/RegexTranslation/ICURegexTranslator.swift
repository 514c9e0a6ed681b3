import PredicateSyntax

/// Rewrites an ICU regular expression (what Apple's MATCHES speaks) into PCRE2 syntax with
/// the same meaning, or refuses with an error at the offending offset when PCRE2 has no
/// exact equivalent (or ICU itself refuses the pattern).
///
/// One pass over the pattern: escapes, sets and group openings are translated where they
/// stand; lookbehinds are read whole (``translateLookbehind()``), as is literal text under
/// `(?i)` where full case folding changes what it matches (``translateCaselessRun()``).
/// The predicate-language article lists every construct translated and refused.
struct ICURegexTranslator {
    /// How deeply character sets may nest (`[[[a]]]` is three levels): sets are translated
    /// recursively, and ICU itself refuses patterns far shallower than this.
    static let maximumSetDepth = 100

    let input: [UInt8]
    var index = 0
    var output = TranslatedPattern()
    var setDepth = 0
    /// How many more bytes spelling out lookbehinds and case-insensitive text may add: a
    /// fixed allowance plus sixteen per byte of pattern, so that long ordinary patterns pass and
    /// no pattern makes the translation do unbounded work.
    var spellingBudget: Int
    /// The flags in force where the translation has got to.
    var flags = Flags()
    /// The last search for a `}`: from where, and where it was found (nil: nowhere after).
    /// Remembered so that a pattern full of unclosed `\p{` is read once, not once per escape.
    private var braceSearch: (from: Int, found: Int?)?

    static func translate(_ pattern: String) throws(PatternTranslationError) -> TranslatedPattern {
        var translator = ICURegexTranslator(input: Array(pattern.utf8))
        try translator.run()
        return translator.output
    }

    /// Where the x flag (white space and `#` comments ignored) is on.
    enum ExtendedMode { case never, throughout, inPlaces }
    let extendedMode: ExtendedMode
    /// Whether anything in the pattern refers back to a group (`\\1`, `\\k<name>`).
    let hasBackReferences: Bool

    private init(input: [UInt8]) {
        self.input = input
        spellingBudget = 16 * 1024 + 16 * input.count
        var flagGroupsWithX = 0
        var setAtStart = false
        var references = false
        var position = 0
        while position + 1 < input.count {
            let byte = input[position]
            let next = input[position + 1]
            if byte == UInt8(ascii: "\\") {
                references = references || (0x31...0x39).contains(next) || next == UInt8(ascii: "k")
                position += 2
                continue
            }
            if byte == UInt8(ascii: "("), next == UInt8(ascii: "?") {
                var flag = position + 2
                var negated = false
                var setsX = false
                var mentionsX = false
                while flag < input.count,
                    input[flag] == UInt8(ascii: "-")
                        || (input[flag] | 0x20) >= UInt8(ascii: "a") && (input[flag] | 0x20) <= UInt8(ascii: "z")
                {
                    if input[flag] == UInt8(ascii: "-") { negated = true }
                    if input[flag] == UInt8(ascii: "x") {
                        mentionsX = true
                        setsX = !negated
                    }
                    flag += 1
                }
                if mentionsX {
                    flagGroupsWithX += 1
                    if position == 0 && setsX && flag < input.count && input[flag] == UInt8(ascii: ")") {
                        setAtStart = true
                    }
                }
            }
            position += 1
        }
        extendedMode = flagGroupsWithX == 0 ? .never : (setAtStart && flagGroupsWithX == 1 ? .throughout : .inPlaces)
        hasBackReferences = references
    }

    func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < input.count ? input[index + ahead] : nil
    }

    func fail(_ message: String, at offset: Int, length: Int = 1) -> PatternTranslationError {
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
    static let sharedEscapeLetters = Set("aAbBcdDeEfGhHknpPrRsStvVwWxXzZ".utf8)
    /// Escapes that are assertions outside a set, and that ICU reads as the letter inside one
    /// (`[\b]` is `b`; PCRE2 reads it as a backspace or refuses the others).
    static let assertionLetters = Set("bBAzZG".utf8)
    /// Escapes standing for a class of characters (a hyphen after one in a set is literal).
    static let classEscapeLetters = Set("dDsSwWhHvVpP".utf8)

    private mutating func run() throws(PatternTranslationError) {
        // For each open group: whether it is a lookahead (ICU refuses to repeat one), and
        // the flags before it.
        var openGroups: [(isLookahead: Bool, flags: Flags)] = []
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "("):
                let start = index
                let kind = peek(1) == UInt8(ascii: "?") ? peek(2) : nil
                let isLookbehind =
                    kind == UInt8(ascii: "<") && (peek(3) == UInt8(ascii: "=") || peek(3) == UInt8(ascii: "!"))
                let setsFlagsInline = isInlineFlagGroup(at: start)
                let opensGroup = kind != UInt8(ascii: "#") && !isLookbehind && !setsFlagsInline
                let before = flags
                let after = flags(afterFlagGroupAt: start)
                try translateGroupOpening()
                if isLookbehind { try refuseQuantifiedAssertion(openedAt: start) }
                if opensGroup { openGroups.append((kind == UInt8(ascii: "=") || kind == UInt8(ascii: "!"), before)) }
                flags = after
            case UInt8(ascii: ")"):
                output.append(try translateAtom())
                if let group = openGroups.popLast() {
                    flags = group.flags
                    if group.isLookahead { try refuseQuantifiedAssertion(openedAt: index - 1) }
                }
            case UInt8(ascii: "{") where closingBrace(from: index) != nil:
                // A counted quantifier, whose digits are not literal text.
                let close = closingBrace(from: index)!
                output.append(try translateAtom())
                output.emit(bytes: input[index...close], from: index)
                index = close + 1
            default:
                if flags.caseInsensitive, let piece = try translateCaselessRun() {
                    output.append(piece)
                } else {
                    output.append(try translateAtom())
                }
            }
        }
    }

    /// The flags in force after the group opening at `start`: changed by flags (`(?i)`,
    /// `(?-m:`), else as they were.
    func flags(afterFlagGroupAt start: Int) -> Flags {
        guard start + 1 < input.count, input[start + 1] == UInt8(ascii: "?") else { return flags }
        var position = start + 2
        var negated = false
        var result = flags
        while position < input.count {
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "-"): negated = true
            case UInt8(ascii: "i"): result.caseInsensitive = !negated
            case UInt8(ascii: "m"): result.multiline = !negated
            case UInt8(ascii: "s"): result.dotAll = !negated
            case UInt8(ascii: "d"): result.unixLines = !negated
            case UInt8(ascii: ")"), UInt8(ascii: ":"): return result
            default:
                guard (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") else { return flags }
            }
            position += 1
        }
        return flags
    }

    /// ICU refuses a quantifier after a lookaround (`(?=a)?`); PCRE2 would take it.
    func refuseQuantifiedAssertion(openedAt start: Int) throws(PatternTranslationError) {
        if isQuantifier(at: index) {
            throw fail("ICU refuses a quantifier after a lookahead or lookbehind", at: index)
        }
    }

    /// The element at `index` that does not open a group: an escape, a set, an anchor, or
    /// one character (a quantifier, `|` and `)` included, as both dialects spell them alike).
    mutating func translateAtom() throws(PatternTranslationError) -> TranslatedPattern {
        let byte = input[index]
        switch byte {
        case UInt8(ascii: "\\"):
            return try translateEscape(inClass: false)
        case UInt8(ascii: "[") where peek(1) == UInt8(ascii: ":"):
            // ICU reads `[:digit:]` on its own as a set; PCRE2 only inside brackets.
            guard let close = posixClassEnd(from: index) else { return try translateSet() }
            defer { index = close + 1 }
            return try posixClass(from: index, to: close, inSet: false)
        case UInt8(ascii: "["):
            return try translateSet()
        case UInt8(ascii: "$"), UInt8(ascii: "^"):
            defer { index += 1 }
            return try anchor(bytes: [byte], from: index, next: index + 1)
        case UInt8(ascii: ".") where dotSpelling != nil:
            var piece = TranslatedPattern()
            piece.emit(dotSpelling ?? ".", from: index)
            index += 1
            return piece
        case UInt8(ascii: "{"):
            if peek(1) == UInt8(ascii: ","), let end = closingBrace(from: index), end > index + 2 {
                throw fail("'{,n}' is not an ICU quantifier: write {0,n}", at: index, length: end - index + 1)
            }
            fallthrough
        default:
            // The whole character, so that a quantifier after it repeats all of it.
            var end = index + 1
            while end < input.count, input[end] & 0xC0 == 0x80 { end += 1 }
            var piece = TranslatedPattern()
            piece.emit(bytes: input[index..<end], from: index)
            index = end
            return piece
        }
    }

    /// The `}` ending a counted quantifier (`{2}`, `{2,}`, `{2,5}`) that opens at `start`.
    func closingBrace(from start: Int) -> Int? {
        var position = start + 1
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "}") { return position }
            if !(byte == UInt8(ascii: ",") || (byte >= 0x30 && byte <= 0x39)) { return nil }
            position += 1
        }
        return nil
    }

    mutating func translateGroupOpening() throws(PatternTranslationError) {
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
            throw fail(
                "Python-style groups (?P…) are not ICU syntax: write (?<name>…) and \\k<name>", at: start, length: 3)
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
        case UInt8(ascii: "<") where peek(3) != UInt8(ascii: "=") && peek(3) != UInt8(ascii: "!"):
            // A named group: ICU names are ASCII letters and digits, starting with a letter.
            var end = index + 3
            while end < input.count, input[end] != UInt8(ascii: ">") { end += 1 }
            let name = input[(index + 3)..<min(end, input.count)]
            let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            guard let first = name.first, isLetter(first),
                name.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) })
            else {
                throw fail(
                    "ICU group names are ASCII letters and digits, starting with a letter", at: start,
                    length: end - start + 1)
            }
            // The name whole: under (?i) it would otherwise be read as caseless text.
            output.emit(bytes: input[index...min(end, input.count - 1)], from: start)
            index = min(end + 1, input.count)
        case UInt8(ascii: "<"):
            output.append(try translateLookbehind())
        case UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: ">"):
            output.emit(bytes: input[index..<index + 3], from: start)
            index += 3
        default:
            try translateFlagGroup()
        }
    }

    /// `(?ims-x)` or `(?i:…)`. ICU knows i, m, s, x and w, and accepts d (Unix line endings)
    /// and u (Unicode case, which ICU always has). PCRE2 has no w; its `xx` is ICU's x (white
    /// space is ignored inside sets too); d is spelled out where it is on (``lineAnchorSpelling(_:)``).
    mutating func translateFlagGroup() throws(PatternTranslationError) {
        let start = index
        var position = index + 2
        var flags = ""
        var negating = false
        while position < input.count, input[position] != UInt8(ascii: ")"), input[position] != UInt8(ascii: ":") {
            let flag = input[position]
            switch flag {
            case UInt8(ascii: "w"):
                throw fail("the (?w) flag (ICU's Unicode word boundaries) has no PCRE2 equivalent", at: position)
            case UInt8(ascii: "-"):
                negating = true
                flags += "-"
            case UInt8(ascii: "i"), UInt8(ascii: "m"), UInt8(ascii: "s"):
                flags.unicodeScalars.append(Unicode.Scalar(flag))
            case UInt8(ascii: "x"):
                flags += negating ? "x" : "xx"
            case UInt8(ascii: "d"), UInt8(ascii: "u"):
                // Tracked in `flags` (d), or always so (u): nothing for PCRE2.
                break
            default:
                throw fail(
                    "unknown flag '\(Character(Unicode.Scalar(flag)))' in (?…): ICU knows i, m, s, x, w, d and u",
                    at: position)
            }
            position += 1
        }
        if flags.hasSuffix("-") { flags.removeLast() }
        let terminator = position < input.count ? input[position] : nil
        if flags.isEmpty && terminator == UInt8(ascii: ")") {
            // Nothing left to say (`(?u)`, `(?d)`).
        } else if flags.isEmpty && terminator == UInt8(ascii: ":") {
            output.emit("(?:", from: start)
        } else {
            output.emit("(?" + flags, from: start)
            if let terminator { output.emit(bytes: CollectionOfOne(terminator), from: position) }
        }
        index = min(input.count, position + 1)
    }

    /// Whether a quantifier (`*`, `+`, `?`, `{n…`) starts at `position`.
    func isQuantifier(at position: Int) -> Bool {
        guard position < input.count else { return false }
        switch input[position] {
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"): return true
        case UInt8(ascii: "{"):
            return position + 1 < input.count && input[position + 1] >= 0x30 && input[position + 1] <= 0x39
        default: return false
        }
    }

    /// An anchor (`$`, `^`, `\b`, …). ICU lets one repeat `^` and `$` (`a$*`), which PCRE2
    /// takes only of a group; it refuses a quantifier after the backslash assertions.
    func anchor(bytes: [UInt8], from start: Int, next: Int) throws(PatternTranslationError) -> TranslatedPattern {
        var piece = TranslatedPattern()
        let quantified = isQuantifier(at: next)
        if quantified && bytes.count > 1 {
            throw fail(
                "ICU refuses a quantifier after the assertion \\\(Character(Unicode.Scalar(bytes[1])))", at: next)
        }
        if quantified { piece.emit("(?:", from: start) }
        if let spelling = lineAnchorSpelling(bytes.last!)
            ?? (bytes.count == 2 ? Self.wordBoundarySpelling(bytes[1]) : nil)
        {
            piece.emit(spelling, from: start)
        } else {
            piece.emit(bytes: bytes, from: start)
        }
        if quantified { piece.emit(")", from: start) }
        return piece
    }

    // MARK: Escapes

    mutating func translateEscape(inClass: Bool) throws(PatternTranslationError) -> TranslatedPattern {
        var piece = TranslatedPattern()
        let start = index
        guard let letter = peek(1) else {
            piece.emit("\\", from: start) // PCRE2 reports "\ at end of pattern"
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
            var value = try hexEscape(letter: letter, at: start)
            if (0xD800...0xDBFF).contains(value), peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") {
                // An escaped surrogate pair is one character, as in UTF-16.
                let saved = index
                index += 2
                let low = try hexEscape(letter: UInt8(ascii: "u"), at: saved)
                if (0xDC00...0xDFFF).contains(low) {
                    value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                } else {
                    index = saved
                }
            }
            if (0xD800...0xDFFF).contains(value) {
                // UTF-8 text holds no lone surrogate: nothing matches it.
                guard !inClass else {
                    throw fail(
                        "a lone surrogate in a set matches nothing in UTF-8 text", at: start, length: index - start)
                }
                piece.emit("(?!)", from: start)
            } else {
                piece.emit("\\x{\(String(value, radix: 16))}", from: start)
            }
        case UInt8(ascii: "0"):
            // ICU: \0 followed by one to three octal digits, while the value stays below 0400.
            var value: UInt32 = 0
            var digits = 0
            while digits < 3, let digit = peek(), digit >= 0x30, digit <= 0x37,
                value * 8 + UInt32(digit - 0x30) <= 0o377
            {
                value = value * 8 + UInt32(digit - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0 else { throw fail("\\0 needs an octal digit (\\0ooo)", at: start, length: 2) }
            piece.emit("\\x{\(String(value, radix: 16))}", from: start)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            var number = Int(letter - 0x30)
            if !inClass {
                while let digit = peek(), digit >= 0x30, digit <= 0x39, number < 1000 {
                    number = number * 10 + Int(digit - 0x30)
                    index += 1
                }
                piece.emit("\\g{\(number)}", from: start)
                piece.hasCaselessBackReference = flags.caseInsensitive
            } else {
                piece.emit(bytes: input[start..<index], from: start)
            }
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            guard peek() == UInt8(ascii: "{"), let close = closingBrace(after: index) else {
                piece.emit(bytes: input[start..<index], from: start)
                return piece
            }
            let name = String(decoding: input[(index + 1)..<close], as: UTF8.self)
            index = close + 1
            piece = try property(
                name, negated: letter == UInt8(ascii: "P"), inClass: inClass, from: start, length: close - start + 1)
        case UInt8(ascii: "k") where !inClass:
            // `\\k<name>` whole: under (?i) the name would otherwise be read as caseless text.
            var end = index
            if peek() == UInt8(ascii: "<"), let close = input[index...].firstIndex(of: UInt8(ascii: ">")) {
                end = close + 1
            }
            piece.emit(bytes: input[start..<end], from: start)
            index = end
            piece.hasCaselessBackReference = flags.caseInsensitive
        case UInt8(ascii: "x"):
            piece.emit("\\x", from: start)
        case UInt8(ascii: "w"), UInt8(ascii: "W"):
            piece = try wordClass(negated: letter == UInt8(ascii: "W"), inClass: inClass, from: start)
        case _ where Self.assertionLetters.contains(letter):
            if inClass {
                piece.emit(bytes: CollectionOfOne(letter), from: start)
            } else {
                piece.append(try anchor(bytes: [UInt8(ascii: "\\"), letter], from: start, next: index))
            }
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

    /// The property `name` (`\\p{…}`, `[:…:]`) in PCRE2 terms: ICU's and Java's names mapped
    /// to PCRE2 properties or ranges (``ICUPropertyNames``), others left for PCRE2 to judge;
    /// under `(?i)`, with the case partners ICU adds (``CaseClosure``).
    /// `asSet`: written as a set of its own (`[:InGreek:]`), which ICU closes over case under
    /// `(?i)` even for a block, where it leaves `\\p{InGreek}` as it is.
    func property(
        _ name: String, negated: Bool, inClass: Bool, asSet: Bool = false, from start: Int, length: Int
    ) throws(PatternTranslationError) -> TranslatedPattern {
        var piece = TranslatedPattern()
        var members =
            ICUPropertyNames.members(of: name)
            ?? ICUPropertyNames.Members(text: "\\p{" + name + "}", isSingleProperty: true)
        if flags.caseInsensitive, members.closesOverCase,
            let additions = CaseClosure.additions(toClassWith: members.text),
            !additions.isEmpty
        {
            members = ICUPropertyNames.Members(
                text: members.text + CaseClosure.members(additions), isSingleProperty: false)
            if negated && inClass {
                throw fail(
                    "under (?i), \\P{\(name)} inside a set is not supported: ICU negates the property after closing it over case, "
                        + "which the members of a set cannot say (write it outside the brackets)", at: start,
                    length: length)
            }
        }
        if members.isSingleProperty {
            piece.emit(negated ? ICUPropertyNames.negated(members.text) : members.text, from: start)
        } else if !inClass {
            // PCRE2 would close a block's range over case under (?i); ICU does not.
            let keepsCase = flags.caseInsensitive && !members.closesOverCase && !asSet
            piece.emit(
                (keepsCase ? "(?-i:" : "") + (negated ? "[^" : "[") + members.text + "]" + (keepsCase ? ")" : ""),
                from: start)
        } else if !negated {
            piece.emit(members.text, from: start)
        } else {
            throw fail(
                "\\P{\(name)} inside a set is not supported (write it outside the brackets, or use a set difference)",
                at: start, length: length)
        }
        return piece
    }

    /// The value of the hex digits after `\\u` (4) or `\\U` (8), whose backslash is at `start`.
    private mutating func hexEscape(letter: UInt8, at start: Int) throws(PatternTranslationError) -> UInt32 {
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
        return value
    }
}
