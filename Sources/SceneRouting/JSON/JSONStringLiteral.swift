/// Text as a JSON string literal: how decisions, manifests and the command line's text output
/// show identifiers, so a quote, tab or newline inside one cannot be misread.
package enum JSONStringLiteral {
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A session or declaration name as text output shows it: bare when that is unambiguous
    /// (no space, quote, backslash or control character), else quoted like an identifier.
    package static func name(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar != "\"" && scalar != "\\" && !(0x7F...0x9F).contains(scalar.value)
                    && !scalar.properties.isWhitespace && !(0x202A...0x202E).contains(scalar.value)
                    && !(0x2066...0x2069).contains(scalar.value)
            }
        return plain ? text : quoted(text)
    }
}
