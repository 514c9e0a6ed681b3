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

    static let none = PatternLiterals()

    /// Literal runs of a LIKE pattern (`*`, `?` wildcards; `\` escapes the next character).
    static func like(_ pattern: String) -> PatternLiterals {
        var runs: [[UInt8]] = [[]]
        var startsWithWildcard = false
        var endsWithWildcard = false
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
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
        literals.inner = prefix
        return literals
    }
}
