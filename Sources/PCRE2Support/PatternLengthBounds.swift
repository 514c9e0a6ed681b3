/// How many characters a whole-subject match of a pattern can span, read from the pattern
/// (PCRE2 syntax, as ``CompiledPattern`` compiles it): subjects outside the bounds are
/// refused without running the match, which for a short regex is most of its cost when the
/// compiled code is not in cache.
package enum PatternLengthBounds {
    /// The most characters a match can span, or nil when this reading cannot bound it: an
    /// unbounded quantifier, a group, an alternation, a nested set, or an escape whose
    /// width or meaning it does not follow (`\X`, `\x{…}`, `\p{…}`, `\Q`, references).
    static func maximumCharacters(_ pattern: [UInt8]) -> Int? {
        var total = 0
        var index = 0
        while index < pattern.count {
            let atomWidth: Int
            let byte = pattern[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < pattern.count, let width = escapeWidth(pattern[index + 1]) else { return nil }
                atomWidth = width
                index += 2
            case UInt8(ascii: "["):
                guard let end = setEnd(pattern, from: index) else { return nil }
                atomWidth = 1
                index = end
            case UInt8(ascii: "^"), UInt8(ascii: "$"):
                atomWidth = 0
                index += 1
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "]"),
                UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                // Groups and alternation are not followed; a quantifier here has no atom.
                return nil
            default:
                // `.` or a literal character: one, whatever its UTF-8 length.
                atomWidth = 1
                index += 1
                while index < pattern.count, pattern[index] & 0xC0 == 0x80 { index += 1 }
            }
            guard let (most, end) = quantifierMaximum(pattern, at: index) else { return nil }
            total += atomWidth * most
            index = end
        }
        return total
    }

    /// The characters an escape matches, for escapes of fixed width; nil otherwise.
    private static func escapeWidth(_ escaped: UInt8) -> Int? {
        let isLetterOrDigit =
            escaped >= 0x80 || escaped | 0x20 >= UInt8(ascii: "a") && escaped | 0x20 <= UInt8(ascii: "z")
            || (escaped >= 0x30 && escaped <= 0x39)
        // Escaped punctuation is the character itself.
        if !isLetterOrDigit { return 1 }
        switch escaped {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "s"),
            UInt8(ascii: "S"), UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "v"), UInt8(ascii: "V"),
            UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "f"),
            UInt8(ascii: "e"), UInt8(ascii: "a"):
            return 1
        case UInt8(ascii: "R"):
            // CR LF is one line break of two characters.
            return 2
        case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "A"), UInt8(ascii: "z"), UInt8(ascii: "Z"),
            UInt8(ascii: "G"):
            return 0
        default:
            return nil
        }
    }

    /// The most repetitions the quantifier at `index` allows (1 without one) and where it
    /// ends; nil for an unbounded or unreadable one.
    private static func quantifierMaximum(_ pattern: [UInt8], at index: Int) -> (Int, Int)? {
        guard index < pattern.count else { return (1, index) }
        var end = index + 1
        let most: Int
        switch pattern[index] {
        case UInt8(ascii: "?"): most = 1
        case UInt8(ascii: "*"), UInt8(ascii: "+"): return nil
        case UInt8(ascii: "{"):
            var numbers: [Int] = [0]
            var digits = 0
            while end < pattern.count, pattern[end] != UInt8(ascii: "}") {
                let unit = pattern[end]
                if unit == UInt8(ascii: ","), numbers.count == 1, digits > 0 {
                    numbers.append(0)
                    digits = 0
                } else if unit >= 0x30 && unit <= 0x39, digits < 6 {
                    numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(unit - 0x30)
                    digits += 1
                } else {
                    return nil
                }
                end += 1
            }
            // `{m,}` is unbounded; a brace that does not close is not a quantifier this reads.
            guard end < pattern.count, digits > 0 else { return nil }
            end += 1
            most = numbers[numbers.count - 1]
        default:
            return (1, index)
        }
        if end < pattern.count, pattern[end] == UInt8(ascii: "?") || pattern[end] == UInt8(ascii: "+") { end += 1 }
        return (most, end)
    }

    /// Just past the `]` closing the set at `index`; nil for a nested set (`[[:digit:]]`) or
    /// one this reading does not see close. `leadingBracketIsMember`: whether a `]` first in
    /// the set is a member (PCRE2) or, read conservatively, makes the set unreadable.
    package static func setEnd(_ pattern: [UInt8], from index: Int, leadingBracketIsMember: Bool = true) -> Int? {
        var position = index + 1
        if position < pattern.count, pattern[position] == UInt8(ascii: "^") { position += 1 }
        if position < pattern.count, pattern[position] == UInt8(ascii: "]") {
            guard leadingBracketIsMember else { return nil }
            position += 1
        }
        while position < pattern.count {
            switch pattern[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"): return position + 1
            default: position += 1
            }
        }
        return nil
    }
}
