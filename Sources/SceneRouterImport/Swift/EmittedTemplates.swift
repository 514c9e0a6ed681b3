import SceneRouting
import SwiftSyntax

/// Emitted identifiers built from text and values, read as templates that keep every literal
/// piece: `"\(activityType)/\(itemID)"` is `${activityType}/${itemID}`, not "anything".
/// Each value is named as a condition's window value is (``WindowValues``), so a value the
/// emitting window also binds (`persistentIdentifier`, a stored `itemID`) is recognised as
/// that window's own; any other value is named after the last name in its expression.
enum EmittedTemplates {
    /// The template of an interpolated literal, a `+` concatenation, or the window's
    /// `persistentIdentifier` alone; nil for anything else (a raw string, an escape in the text, a call that is not a value).
    static func template(of expression: ExprSyntax) -> ValueTemplate? {
        var pieces: [ValueTemplate.Piece] = []
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            guard literal.openingPounds == nil else { return nil }
            for segment in literal.segments {
                if let text = segment.as(StringSegmentSyntax.self) {
                    guard !text.content.text.contains("\\") else { return nil }
                    pieces.append(.text(text.content.text))
                } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                    interpolation.expressions.count == 1,
                    let inner = interpolation.expressions.first?.expression
                {
                    pieces.append(.value(name(of: inner)))
                } else {
                    return nil
                }
            }
        } else if let sequence = expression.as(SequenceExprSyntax.self) {
            for (index, element) in sequence.elements.enumerated() {
                if index % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
                } else if case .literal(let text) = SourceString(element) {
                    pieces.append(.text(text))
                } else {
                    pieces.append(.value(name(of: element)))
                }
            }
        } else if let value = WindowValues.value(of: expression), value.name == "persistentIdentifier" {
            pieces.append(.value(value.name))
        } else {
            return nil
        }
        guard pieces.contains(where: { if case .value = $0 { true } else { false } }) else { return nil }
        return ValueTemplate(pieces: pieces)
    }

    /// The value's name: as a condition would name it, else the last name in the expression.
    private static func name(of expression: ExprSyntax) -> String {
        if let value = WindowValues.value(of: expression) { return value.name }
        let names = expression.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        }
        return names.last(where: ValueTemplate.isValueName) ?? "value"
    }
}
