/// A look at a Swift file's nesting before swift-syntax parses it. The parser and the tree's
/// visitors recurse once per level of nesting, and the parser's lookahead over nested `[`
/// takes time that doubles with each level, so a small file written to be deep can hang the
/// import or overflow its stack. Real apps nest far less than these limits; a file beyond
/// one is refused with an error at the place it goes too deep, and is not parsed.
///
/// The scan is lexical: comments, string literals (with interpolations, raw and multi-line
/// ones) and `#if` lines are told apart; nothing else of the grammar is needed to count.
enum SwiftNestingScan {
    /// How deep real code goes, with room to spare.
    enum Limit {
        /// `[` inside `[`: the parser's array-or-dictionary lookahead doubles per level. The
        /// `[`s of a string literal inside an interpolation count too, on top of the code's:
        /// in `"\(n"[[[…` the lookahead reads the nested string's text as brackets.
        static let squareBrackets = 16
        /// `(`, `[`, `{` and string interpolations together.
        static let brackets = 256
        /// `<` of generic arguments inside each other (`Array<Array<…>>`).
        static let genericArguments = 64
        /// `#if` inside `#if`.
        static let conditionalBlocks = 64
        /// `try` and `await` in a row.
        static let effectKeywords = 64
        /// Postfix steps in one chain: members, calls, subscripts (`a.b(c)[d].e`…).
        static let postfixSteps = 1_000
    }

    /// Where a file goes deeper than a limit, and why; nil when it stays within them all.
    struct Refusal: Equatable {
        /// The byte offset of the token that goes too deep.
        var offset: Int
        var message: String
    }

    private enum Open: Equatable {
        case paren, square, brace
        /// `\(` in a string literal: its `)` returns to the string.
        case interpolation(StringForm)
    }

    private struct StringForm: Equatable {
        var pounds: Int
        var multiline: Bool
    }

    /// Counters of one bracket level: generic arguments and postfix steps restart inside
    /// brackets and resume after them.
    private struct Level {
        var open: Open?
        var angles = 0
        var steps = 0
    }

    static func check(_ text: String) -> Refusal? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var levels = [Level()]
        var squares = 0
        var conditionals = 0
        var effects = 0
        var atLineStart = true

        init(bytes: [UInt8]) { self.bytes = bytes }

        func byte(_ offset: Int) -> UInt8 { offset >= 0 && offset < bytes.count ? bytes[offset] : 0 }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        mutating func run() -> Refusal? {
            while index < bytes.count {
                if let refusal = step() { return refusal }
            }
            return nil
        }

        /// Reads one token (or one piece of a string literal) and updates the counters.
        mutating func step() -> Refusal? {
            let current = byte(index)
            let next = byte(index + 1)
            if current == UInt8(ascii: "\n") {
                index += 1
                atLineStart = true
                // A chain goes on on the next line only when that line starts with `.`.
                var lookahead = index
                while byte(lookahead) == UInt8(ascii: " ") || byte(lookahead) == UInt8(ascii: "\t") { lookahead += 1 }
                if byte(lookahead) != UInt8(ascii: ".") { levels[levels.count - 1].steps = 0 }
                levels[levels.count - 1].angles = 0
                return nil
            }
            if current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") || current == UInt8(ascii: "\r") {
                index += 1
                return nil
            }
            let lineStart = atLineStart
            atLineStart = false
            if current == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                while index < bytes.count && byte(index) != UInt8(ascii: "\n") { index += 1 }
                atLineStart = lineStart
                return nil
            }
            if current == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                skipBlockComment()
                atLineStart = lineStart
                return nil
            }
            if current == UInt8(ascii: "#") || current == UInt8(ascii: "\"") {
                var pounds = 0
                while byte(index + pounds) == UInt8(ascii: "#") { pounds += 1 }
                if byte(index + pounds) == UInt8(ascii: "\"") {
                    let start = index
                    let multiline =
                        byte(index + pounds + 1) == UInt8(ascii: "\"") && byte(index + pounds + 2) == UInt8(ascii: "\"")
                    index += pounds + (multiline ? 3 : 1)
                    return stringBody(StringForm(pounds: pounds, multiline: multiline), start: start)
                }
                if lineStart { return directive() }
            }
            if Self.isIdentifier(current) {
                let start = index
                while index < bytes.count && Self.isIdentifier(byte(index)) { index += 1 }
                let word = bytes[start..<index]
                if word.elementsEqual("try".utf8) || word.elementsEqual("await".utf8) {
                    effects += 1
                    if effects > Limit.effectKeywords {
                        return Refusal(
                            offset: start, message: "more than \(Limit.effectKeywords) 'try' and 'await' in a row")
                    }
                } else {
                    effects = 0
                    if !(start > 0 && bytes[start - 1] == UInt8(ascii: ".")) { levels[levels.count - 1].steps = 0 }
                }
                return nil
            }
            effects = current == UInt8(ascii: "?") || current == UInt8(ascii: "!") ? effects : 0
            index += 1
            switch current {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                let open: Open = current == UInt8(ascii: "(") ? .paren : current == UInt8(ascii: "[") ? .square : .brace
                // A call or subscript right after an expression is a postfix step.
                if open != .brace, index >= 2,
                    Self.isIdentifier(bytes[index - 2]) || bytes[index - 2] == UInt8(ascii: ")")
                        || bytes[index - 2] == UInt8(ascii: "]")
                {
                    if let refusal = postfixStep(at: index - 1) { return refusal }
                }
                return push(open, at: index - 1)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                return pop()
            case UInt8(ascii: "."):
                if Self.isIdentifier(byte(index)) && byte(index - 2) != UInt8(ascii: ".") {
                    return postfixStep(at: index - 1)
                }
                return nil
            case UInt8(ascii: "<"):
                if index >= 2, Self.isIdentifier(bytes[index - 2]),
                    Self.isIdentifier(byte(index)) || byte(index) == UInt8(ascii: "[")
                        || byte(index) == UInt8(ascii: "(")
                {
                    levels[levels.count - 1].angles += 1
                    if levels[levels.count - 1].angles > Limit.genericArguments {
                        return Refusal(
                            offset: index - 1,
                            message: "generic arguments nested more than \(Limit.genericArguments) deep")
                    }
                } else {
                    levels[levels.count - 1].steps = 0
                }
                return nil
            case UInt8(ascii: ">"):
                if levels[levels.count - 1].angles > 0 { levels[levels.count - 1].angles -= 1 }
                levels[levels.count - 1].steps = 0
                return nil
            case UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: ":"):
                levels[levels.count - 1].steps = 0
                levels[levels.count - 1].angles = 0
                return nil
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
                UInt8(ascii: "&"),
                UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"):
                // A binary operator ends the chain on its left.
                levels[levels.count - 1].steps = 0
                return nil
            default:
                return nil
            }
        }

        mutating func postfixStep(at offset: Int) -> Refusal? {
            levels[levels.count - 1].steps += 1
            guard levels[levels.count - 1].steps <= Limit.postfixSteps else {
                return Refusal(
                    offset: offset, message: "a chain of more than \(Limit.postfixSteps) members, calls and subscripts")
            }
            return nil
        }

        mutating func push(_ open: Open, at offset: Int) -> Refusal? {
            if open == .square {
                squares += 1
                if squares > Limit.squareBrackets {
                    return Refusal(offset: offset, message: "'[' nested more than \(Limit.squareBrackets) deep")
                }
            }
            // The level below keeps its counters: what follows the closing bracket continues
            // the chain the bracket interrupted.
            levels.append(Level(open: open))
            if levels.count - 1 > Limit.brackets {
                return Refusal(
                    offset: offset,
                    message: "brackets and string interpolations nested more than \(Limit.brackets) deep")
            }
            return nil
        }

        /// Closes the innermost bracket; the `)` of an interpolation goes back into its string.
        mutating func pop() -> Refusal? {
            guard levels.count > 1, let open = levels.popLast()?.open else { return nil }
            effects = 0
            switch open {
            case .square: squares -= 1
            case .interpolation(let form): return stringBody(form, start: index - 1)
            case .paren, .brace: break
            }
            return nil
        }

        /// `#if` opens a block and `#endif` closes one; other directives are skipped.
        mutating func directive() -> Refusal? {
            let start = index
            index += 1
            while index < bytes.count && Self.isIdentifier(byte(index)) { index += 1 }
            let word = bytes[(start + 1)..<index]
            if word.elementsEqual("if".utf8) {
                conditionals += 1
                if conditionals > Limit.conditionalBlocks {
                    return Refusal(offset: start, message: "#if nested more than \(Limit.conditionalBlocks) deep")
                }
            } else if word.elementsEqual("endif".utf8) {
                conditionals = max(0, conditionals - 1)
            }
            return nil
        }

        mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if byte(index) == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if byte(index) == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        /// Reads a string literal's text up to its end or to an interpolation, which opens a
        /// bracket level of its own.
        mutating func stringBody(_ form: StringForm, start: Int) -> Refusal? {
            var textSquares = 0
            let inInterpolation = levels.contains { if case .interpolation = $0.open { true } else { false } }
            while index < bytes.count {
                let current = byte(index)
                if current == UInt8(ascii: "["), inInterpolation {
                    textSquares += 1
                    if squares + textSquares > Limit.squareBrackets {
                        return Refusal(
                            offset: index,
                            message:
                                "'[' nested more than \(Limit.squareBrackets) deep (in a string inside an interpolation)"
                        )
                    }
                } else if current == UInt8(ascii: "]") {
                    textSquares = max(0, textSquares - 1)
                }
                if current == UInt8(ascii: "\\") {
                    var pounds = 0
                    while byte(index + 1 + pounds) == UInt8(ascii: "#") { pounds += 1 }
                    if pounds == form.pounds {
                        if byte(index + 1 + pounds) == UInt8(ascii: "(") {
                            index += pounds + 2
                            return push(.interpolation(form), at: index - 1)
                        }
                        index += pounds + 2
                        continue
                    }
                    index += 1
                    continue
                }
                if current == UInt8(ascii: "\n") && !form.multiline { return nil }
                if current == UInt8(ascii: "\"") {
                    let quotes = form.multiline ? 3 : 1
                    var closes = true
                    for offset in 0..<quotes where byte(index + offset) != UInt8(ascii: "\"") { closes = false }
                    for offset in 0..<form.pounds where byte(index + quotes + offset) != UInt8(ascii: "#") {
                        closes = false
                    }
                    if closes {
                        index += quotes + form.pounds
                        return nil
                    }
                }
                index += 1
            }
            return nil
        }
    }
}
