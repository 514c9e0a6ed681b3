import SceneRouting
import SwiftParser
import SwiftSyntax

/// Values a scene delegate reads from its own window, which each window has its own of:
/// `scene.session.persistentIdentifier`, `session.userInfo?["windowUUID"] as? String`, a
/// stored property such as `itemID`, and the app's `Bundle.main.bundleIdentifier`. A condition
/// built from them is imported as a template (``ConditionTemplate``) that each session binds.
enum WindowValues {
    /// A value read from `expression`, or nil when it is not a plain read: calls other than a
    /// few conversions are computations the import does not follow.
    static func value(of expression: ExprSyntax) -> (name: String, expression: String)? {
        let text = expression.oneLine
        var names: [String] = []
        var key: String?
        var inSubscript = false
        for token in expression.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let name): names.append(name)
            case .stringSegment(let segment):
                // `userInfo["windowUUID"]` names the value; a default (`?? ""`) does not.
                if inSubscript && !segment.isEmpty { key = segment }
            case .leftSquare: inSubscript = true
            case .rightSquare: inSubscript = false
            case .leftParen, .rightParen:
                // A call: only the conversions a window id goes through.
                guard let last = names.last,
                    ["uuidString", "absoluteString", "description", "String", "string"].contains(last)
                else {
                    return nil
                }
            case .keyword(.self), .keyword(.as), .period, .postfixQuestionMark, .exclamationMark, .stringQuote,
                .infixQuestionMark,
                .binaryOperator("??"):
                continue
            default:
                return nil
            }
        }
        if names.last == "persistentIdentifier" { return ("persistentIdentifier", text) }
        if names.contains("Bundle") && names.last == "bundleIdentifier" { return ("bundleIdentifier", text) }
        let conversions: Set<String> = ["uuidString", "absoluteString", "description", "String", "string", "self"]
        guard let name = key ?? names.last(where: { !conversions.contains($0) }), !names.isEmpty else { return nil }
        let cleaned = String(
            name.unicodeScalars.filter {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            })
        guard ValueTemplate.isValueName(cleaned) else { return nil }
        return (cleaned, text)
    }

    /// A string expression as a template: a literal with interpolations of window values, or
    /// one window value. Nil when a piece is something else.
    static func template(of expression: ExprSyntax) -> (
        template: ValueTemplate, values: [(name: String, expression: ExprSyntax)]
    )? {
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            if let text = literal.representedLiteralValue { return (ValueTemplate(pieces: [.text(text)]), []) }
            guard literal.openingPounds == nil else { return nil }
            var pieces: [ValueTemplate.Piece] = []
            var values: [(String, ExprSyntax)] = []
            for segment in literal.segments {
                if let text = segment.as(StringSegmentSyntax.self) {
                    guard !text.content.text.contains("\\") else { return nil }
                    pieces.append(.text(text.content.text))
                } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                    interpolation.expressions.count == 1,
                    let inner = interpolation.expressions.first?.expression, let value = value(of: inner)
                {
                    pieces.append(.value(value.name))
                    values.append((value.name, inner))
                } else {
                    return nil
                }
            }
            return (ValueTemplate(pieces: pieces), values)
        }
        guard let value = value(of: expression) else { return nil }
        return (ValueTemplate(pieces: [.value(value.name)]), [(value.name, expression)])
    }

    /// `NSPredicate(format: "SELF == 'app://open-scene/\(scene.session.persistentIdentifier)'")`:
    /// the interpolated format, with each quoted string that holds an interpolation turned
    /// into a `%@` and its text into a template argument. Nil when an interpolation stands
    /// outside a quoted string, or is not a window value.
    static func interpolatedFormat(_ literal: StringLiteralExprSyntax)
        -> (
            format: String, arguments: [(position: Int, template: ValueTemplate)],
            values: [(name: String, expression: ExprSyntax)]
        )?
    {
        guard literal.openingPounds == nil else { return nil }
        // The format's text, with each interpolation as one marker character.
        let marker: Character = "\u{FFFC}"
        var text = ""
        var interpolated: [(name: String, expression: ExprSyntax)] = []
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                guard !plain.content.text.contains("\\"), !plain.content.text.contains(marker) else { return nil }
                text += plain.content.text
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                interpolation.expressions.count == 1,
                let inner = interpolation.expressions.first?.expression, let value = value(of: inner)
            {
                text.append(marker)
                interpolated.append((value.name, inner))
            } else {
                return nil
            }
        }
        var format = ""
        var arguments: [(Int, ValueTemplate)] = []
        var placeholders = 0
        var next = 0
        var characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "%", index + 1 < characters.count, characters[index + 1] == "@" {
                placeholders += 1
                format += "%@"
                index += 2
                continue
            }
            if character == marker { return nil } // outside quotes
            guard character == "'" || character == "\"" else {
                format.append(character)
                index += 1
                continue
            }
            guard let close = characters[(index + 1)...].firstIndex(of: character) else { return nil }
            let inside = characters[(index + 1)..<close]
            if !inside.contains(marker) {
                format += String(characters[index...close])
            } else {
                var pieces: [ValueTemplate.Piece] = []
                var run = ""
                for element in inside {
                    if element == marker {
                        if !run.isEmpty { pieces.append(.text(run)) }
                        run = ""
                        pieces.append(.value(interpolated[next].name))
                        next += 1
                    } else {
                        run.append(element)
                    }
                }
                if !run.isEmpty { pieces.append(.text(run)) }
                arguments.append((placeholders, ValueTemplate(pieces: pieces)))
                placeholders += 1
                format += "%@"
            }
            index = close + 1
        }
        characters.removeAll()
        return (format, arguments, interpolated)
    }

    /// The arguments with each value named once per expression: `a.id` and `b.id` are both
    /// read as `id`; the second becomes `id2`. `values` are in the order their pieces occur.
    static func distinctlyNamed(
        _ arguments: [ConditionTemplate.Argument], values: [(name: String, expression: ExprSyntax)]
    ) -> ([ConditionTemplate.Argument], [(name: String, expression: ExprSyntax)]) {
        var names: [String: String] = [:] // expression text → name
        var taken: [String: String] = [:] // name → expression text
        var renamed: [(name: String, expression: ExprSyntax)] = []
        for (name, expression) in values {
            let text = expression.oneLine
            if let known = names[text] {
                renamed.append((known, expression))
                continue
            }
            var unique = name
            var number = 2
            while let other = taken[unique], other != text {
                unique = name + String(number)
                number += 1
            }
            names[text] = unique
            taken[unique] = text
            renamed.append((unique, expression))
        }
        var next = 0
        func rename(_ template: ValueTemplate) -> ValueTemplate {
            ValueTemplate(
                pieces: template.pieces.map { piece in
                    guard case .value = piece, next < renamed.count else { return piece }
                    defer { next += 1 }
                    return .value(renamed[next].name)
                })
        }
        let arguments = arguments.map { argument -> ConditionTemplate.Argument in
            switch argument {
            case .string(let template): .string(rename(template))
            case .strings(let members): .strings(members.map(rename))
            }
        }
        return (arguments, renamed)
    }
}
