/// A string that holds values only a running window has: `app://open-scene/${persistentIdentifier}`.
///
/// `${name}` is the value `name` of the session the condition belongs to (bound in the
/// manifest's or timeline's `values`, or built in: `persistentIdentifier`, which defaults to
/// the session's id, and `bundleIdentifier`, the app's); `$$` is a dollar sign. A name is
/// letters, digits and underscores, not starting with a digit.
public struct ValueTemplate: Hashable, Sendable, CustomStringConvertible {
    /// A piece of the string: text as it is, or a value's name.
    public enum Piece: Hashable, Sendable {
        case text(String)
        case value(String)
    }

    /// In one form for each template, as parsing gives it: no empty text, no two texts in a
    /// row, and the empty template one empty text. Equal templates have equal pieces.
    public let pieces: [Piece]

    /// Parses `text`.
    /// - Throws: ``ValueTemplateError`` at the UTF-8 offset of an unclosed `${`, an empty or
    ///   malformed name, or a `$` that is neither.
    public init(parsing text: String) throws(ValueTemplateError) {
        var pieces: [Piece] = []
        var literal = ""
        let bytes = Array(text.utf8)
        var index = 0
        var runStart = 0
        func flushRun(to end: Int) {
            literal += String(decoding: bytes[runStart..<end], as: UTF8.self)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "$") else {
                index += 1
                continue
            }
            flushRun(to: index)
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "$") {
                literal += "$"
                index += 2
                runStart = index
                continue
            }
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") else {
                throw ValueTemplateError(
                    message: "'$' starts a value, ${name}; write $$ for a dollar sign", offset: index)
            }
            guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
                throw ValueTemplateError(message: "'${' without a closing '}'", offset: index)
            }
            let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
            guard Self.isValueName(name) else {
                throw ValueTemplateError(
                    message:
                        "'\(name)' is not a value name: letters, digits and underscores, not starting with a digit",
                    offset: index + 2)
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.value(name))
            index = close + 1
            runStart = index
        }
        flushRun(to: bytes.count)
        if !literal.isEmpty || pieces.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// A template of these pieces, brought to the form ``pieces`` has: `[.text("a"),
    /// .text(""), .text("b")]` is `[.text("ab")]`, and `[]` is `[.text("")]`.
    public init(pieces: [Piece]) {
        var normal: [Piece] = []
        normal.reserveCapacity(pieces.count)
        for piece in pieces {
            switch (piece, normal.last) {
            case (.text(""), _): continue
            case (.text(let text), .text(let before)?): normal[normal.count - 1] = .text(before + text)
            default: normal.append(piece)
            }
        }
        self.pieces = normal.isEmpty ? [.text("")] : normal
    }

    /// Whether `name` may name a value.
    public static func isValueName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_"
        }
    }

    /// The names it uses, in order of first use.
    public var valueNames: [String] {
        var seen: Set<String> = []
        return pieces.compactMap { piece in
            guard case .value(let name) = piece, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The string with `values` in place; nil when one it uses is not bound.
    public func resolved(_ values: [String: String]) -> String? {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .value(let name):
                guard let value = values[name] else { return nil }
                result += value
            }
        }
        return result
    }

    /// As written: `$` doubled, values as `${name}`.
    public var description: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text.split(separator: "$", omittingEmptySubsequences: false).joined(separator: "$$")
            case .value(let name): "${" + name + "}"
            }
        }.joined()
    }
}

/// A ``ValueTemplate`` that cannot be read, at a UTF-8 offset into its text.
public struct ValueTemplateError: Error, Sendable {
    public var message: String
    public var offset: Int
}
