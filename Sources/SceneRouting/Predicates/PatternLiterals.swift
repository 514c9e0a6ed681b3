import PCRE2Support

/// The literal text a LIKE or MATCHES pattern requires, in the pattern's own (folded,
/// normalised) form: what the dispatch table indexes it by.
struct PatternLiterals: Sendable, Equatable {
    /// The whole pattern is this literal (LIKE without wildcards).
    var exact: [UInt8]?
    /// Every match starts with this.
    var prefix: [UInt8] = []
    /// Every match ends with this.
    var suffix: [UInt8] = []
    /// Every match contains this (the longest literal run).
    var inner: [UInt8] = []
    /// An ASCII LIKE pattern whose only wildcard is `*`: its literal runs in order, and whether
    /// the first must start the identifier and the last end it. Enough to decide the pattern
    /// on ASCII text without a regex (``ASCIIProgram``).
    var likeGlob: LikeGlob?

    struct LikeGlob: Sendable, Equatable {
        var runs: [[UInt8]]
        var anchoredStart: Bool
        var anchoredEnd: Bool

        /// Whether the ASCII `identifier` matches, lowercased when `caseless` (the runs are
        /// the folded pattern's): the first run at the start and the last at the end when
        /// anchored, each other run at its leftmost place after the one before, which is
        /// where a `*`-only pattern can always put it. The decision of the glob's program
        /// node (``ASCIIProgram``), over the runs themselves.
        func matches(_ identifier: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Bool {
            var low = 0
            var high = identifier.count
            var first = 0
            var last = runs.count
            if anchoredStart, first < last {
                let prefix = runs[first]
                guard prefix.withUnsafeBufferPointer({ ASCIIText.matchesAt(identifier, 0, $0, caseless: caseless) })
                else { return false }
                low = prefix.count
                first += 1
            }
            if anchoredEnd {
                guard first < last else { return low == high }
                let suffix = runs[last - 1]
                guard high - low >= suffix.count,
                    suffix.withUnsafeBufferPointer({
                        ASCIIText.matchesAt(identifier, high - suffix.count, $0, caseless: caseless)
                    })
                else { return false }
                high -= suffix.count
                last -= 1
            }
            for index in first..<last {
                let middle = runs[index]
                let window = UnsafeBufferPointer(rebasing: identifier[low..<high])
                guard
                    let found = middle.withUnsafeBufferPointer({
                        ASCIIText.firstIndex(of: $0, in: window, caseless: caseless)
                    })
                else { return false }
                low += found + middle.count
            }
            return true
        }
    }

    static let none = PatternLiterals()

    /// Literal runs of a LIKE pattern (`*`, `?` wildcards; `\` escapes the next character).
    static func like(_ pattern: String) -> PatternLiterals {
        var runs: [[UInt8]] = [[]]
        var startsWithWildcard = false
        var endsWithWildcard = false
        var hasSingleWildcard = false
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?") { hasSingleWildcard = true }
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") {
                if index == 0 { startsWithWildcard = true }
                if runs[runs.count - 1].isEmpty == false { runs.append([]) }
                endsWithWildcard = true
                index += 1
                continue
            }
            endsWithWildcard = false
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                index += 1
            }
            runs[runs.count - 1].append(bytes[index])
            index += 1
        }
        let literalRuns = runs.filter { !$0.isEmpty }
        var literals = PatternLiterals()
        if literalRuns.count == 1 && !startsWithWildcard && !endsWithWildcard && runs.count == 1 {
            literals.exact = literalRuns[0]
        }
        if !startsWithWildcard, let first = literalRuns.first { literals.prefix = first }
        if !endsWithWildcard, let last = literalRuns.last { literals.suffix = last }
        literals.inner = literalRuns.max { $0.count < $1.count } ?? []
        if !hasSingleWildcard, bytes.allSatisfy({ $0 < 0x80 }) {
            literals.likeGlob = LikeGlob(
                runs: literalRuns, anchoredStart: !startsWithWildcard, anchoredEnd: !endsWithWildcard)
        }
        return literals
    }

    /// A conservative literal prefix of an ICU regex: literal characters up to the first
    /// metacharacter, dropping one made optional by a quantifier. Any alternation anywhere
    /// gives no prefix.
    static func regex(_ pattern: String) -> PatternLiterals {
        let bytes = Array(pattern.utf8)
        guard !bytes.contains(UInt8(ascii: "|")) else { return .none }
        let metacharacters = Set("\\^$.[]|()?*+{}".utf8)
        var prefix: [UInt8] = []
        var index = 0
        if bytes.first == UInt8(ascii: "^") { index = 1 }
        while index < bytes.count {
            var literal: [UInt8]
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { break }
                let escaped = bytes[index + 1]
                // Only escaped punctuation is a plain literal; letters and digits are classes,
                // anchors or references.
                guard escaped < 0x80, !(escaped | 0x20 >= UInt8(ascii: "a") && escaped | 0x20 <= UInt8(ascii: "z")),
                    !(escaped >= 0x30 && escaped <= 0x39)
                else { break }
                literal = [escaped]
                index += 2
            } else if metacharacters.contains(byte) {
                break
            } else {
                // A whole UTF-8 sequence.
                literal = [byte]
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 {
                    literal.append(bytes[index])
                    index += 1
                }
            }
            if index < bytes.count {
                let next = bytes[index]
                if next == UInt8(ascii: "?") || next == UInt8(ascii: "*") || next == UInt8(ascii: "{") { break }
                if next == UInt8(ascii: "+") {
                    prefix += literal
                    break
                }
            }
            prefix += literal
        }
        var literals = PatternLiterals()
        literals.prefix = prefix
        literals.suffix = regexSuffix(bytes, metacharacters: metacharacters)
        // A run in the middle tells apart regexes that share both ends (`ticket-[0-9]+-42-[a-z]+`).
        // Shorter runs are left out: a key under four bytes is looked up at every position
        // of every identifier the tier routes.
        let middle = requiredRuns(bytes)?.filter { $0.count >= 4 && $0 != prefix && $0 != literals.suffix }
        if let longest = middle?.max(by: { $0.count < $1.count }) {
            literals.inner = longest
        } else {
            literals.inner = literals.suffix.count > prefix.count ? literals.suffix : prefix
        }
        return literals
    }

    /// The literal runs every match of an ICU regex without alternation contains, read left to
    /// right at the top level (text inside groups and sets is not counted), or nil for a
    /// pattern this reading does not follow: inline options, quoting, escapes that take an
    /// argument (`\p{…}`, `\x…`, `\N{…}`), references, nested sets. A quantifier takes back the
    /// character it applies to when it allows zero, and ends the run after it otherwise.
    static func requiredRuns(_ bytes: [UInt8]) -> [[UInt8]]? {
        var runs: [[UInt8]] = []
        var run: [UInt8] = []
        // Where the run's last character starts, for a quantifier to take it back.
        var lastStart: Int?
        func close() {
            if !run.isEmpty { runs.append(run) }
            (run, lastStart) = ([], nil)
        }
        // Escapes that stand for one character of a class, a control character or an assertion.
        let constructEscapes = Set("dDwWsShHvVRXbBAzZGtnrfae".utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "|"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                return nil
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                let escaped = bytes[index + 1]
                let isWord =
                    escaped >= 0x80 || escaped | 0x20 >= UInt8(ascii: "a") && escaped | 0x20 <= UInt8(ascii: "z")
                    || (escaped >= 0x30 && escaped <= 0x39)
                if !isWord {
                    lastStart = run.count
                    run.append(escaped)
                    index += 2
                    continue
                }
                guard constructEscapes.contains(escaped) else { return nil }
                close()
                index += 2
            case UInt8(ascii: "["):
                close()
                guard let end = PatternLengthBounds.setEnd(bytes, from: index, leadingBracketIsMember: false) else {
                    return nil
                }
                index = end
            case UInt8(ascii: "("):
                guard index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "?") else { return nil }
                close()
                guard let end = groupEnd(bytes, from: index) else { return nil }
                index = end
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"):
                close()
                index += 1
            case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"):
                guard let (minimum, end) = quantifier(bytes, at: index) else { return nil }
                if let start = lastStart, minimum == 0 { run.removeSubrange(start...) }
                close()
                index = end
                continue
            default:
                // A whole UTF-8 sequence.
                lastStart = run.count
                run.append(byte)
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 {
                    run.append(bytes[index])
                    index += 1
                }
                continue
            }
            // A construct's own quantifier changes nothing read here.
            if index < bytes.count, let (_, end) = quantifier(bytes, at: index) { index = end }
        }
        close()
        return runs
    }

    /// The quantifier at `index` (`?`, `*`, `+`, `{m}`, `{m,}`, `{m,n}`, each possibly lazy or
    /// possessive): the fewest repetitions it allows and where it ends; nil if none is there.
    private static func quantifier(_ bytes: [UInt8], at index: Int) -> (minimum: Int, end: Int)? {
        var end = index + 1
        let minimum: Int
        switch bytes[index] {
        case UInt8(ascii: "?"), UInt8(ascii: "*"): minimum = 0
        case UInt8(ascii: "+"): minimum = 1
        case UInt8(ascii: "{"):
            var digits = 0
            var value = 0
            while end < bytes.count, bytes[end] >= 0x30 && bytes[end] <= 0x39, digits < 9 {
                value = value * 10 + Int(bytes[end] - 0x30)
                digits += 1
                end += 1
            }
            guard digits > 0 else { return nil }
            while end < bytes.count, bytes[end] != UInt8(ascii: "}") {
                guard bytes[end] == UInt8(ascii: ",") || bytes[end] >= 0x30 && bytes[end] <= 0x39 else { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            end += 1
            minimum = value
        default:
            return nil
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "?") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        return (minimum, end)
    }

    /// Where the group opening at `index` ends (just past its `)`), stepping over escapes and
    /// sets; nil for a group that does not close or holds something ``requiredRuns(_:)``
    /// does not follow.
    private static func groupEnd(_ bytes: [UInt8], from index: Int) -> Int? {
        var depth = 0
        var position = index
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"):
                position += 2
            case UInt8(ascii: "["):
                guard let end = PatternLengthBounds.setEnd(bytes, from: position, leadingBracketIsMember: false) else {
                    return nil
                }
                position = end
            case UInt8(ascii: "("):
                guard position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "?") else { return nil }
                depth += 1
                position += 1
            case UInt8(ascii: ")"):
                depth -= 1
                position += 1
                if depth == 0 { return position }
            default:
                position += 1
            }
        }
        return nil
    }

    /// A conservative literal suffix of an ICU regex without alternation: the literal run
    /// after the last construct. Any metacharacter ends a run (so the text of a set or a
    /// counted quantifier never reaches the end of one); a quantifier takes back the character
    /// it applies to; after an escaped letter or digit (a class, anchor, reference or code
    /// point, whose argument may follow) nothing counts until the next metacharacter. Inline
    /// options, comments and lookarounds (`(?`) and quoting (`\Q`) give no suffix: they change
    /// what the text after them means.
    private static func regexSuffix(_ bytes: [UInt8], metacharacters: Set<UInt8>) -> [UInt8] {
        var run: [UInt8] = []
        // Where the run's last character starts: a `+` keeps only that.
        var lastStart: Int?
        var afterEscape = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "(") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "?") {
                return []
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { return [] }
                let escaped = bytes[index + 1]
                if escaped == UInt8(ascii: "Q") { return [] }
                let isWord =
                    escaped >= 0x80 || escaped | 0x20 >= UInt8(ascii: "a") && escaped | 0x20 <= UInt8(ascii: "z")
                    || (escaped >= 0x30 && escaped <= 0x39)
                if isWord {
                    (run, lastStart) = ([], nil)
                    afterEscape = true
                } else if !afterEscape {
                    lastStart = run.count
                    run.append(escaped)
                }
                index += 2
                continue
            }
            if metacharacters.contains(byte) {
                switch byte {
                case UInt8(ascii: "+"):
                    // The character it repeats still ends the match.
                    run = afterEscape ? [] : lastStart.map { Array(run[$0...]) } ?? []
                default:
                    run = []
                }
                lastStart = nil
                afterEscape = false
                index += 1
                continue
            }
            // A whole UTF-8 sequence.
            let start = index
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            if !afterEscape {
                lastStart = run.count
                run += bytes[start..<index]
            }
        }
        return afterEscape ? [] : run
    }
}
