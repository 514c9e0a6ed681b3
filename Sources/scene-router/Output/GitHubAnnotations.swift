import Foundation
import SceneRouting

/// Diagnostics as GitHub Actions workflow commands: `::warning file=F,line=L,col=C,title=T::M`.
///
/// Everything in them comes from untrusted files, so each field is escaped as the runner
/// reads it back (`%`, CR and LF in the message; also `:` and `,` in properties): a file
/// name or message cannot end the command early or start another one. Control characters
/// and bidirectional overrides are written as `\u{…}` first, as in text output.
enum GitHubAnnotations {
    static func line(_ diagnostic: Diagnostic) -> String {
        var properties: [String] = []
        if let file = diagnostic.file { properties.append("file=" + property(file)) }
        if let line = diagnostic.line { properties.append("line=\(line)") }
        if let column = diagnostic.column { properties.append("col=\(column)") }
        properties.append(
            "title=" + property("scene-router " + (diagnostic.code?.rawValue ?? diagnostic.severity.rawValue)))
        var message = (diagnostic.path.map { $0 + ": " } ?? "") + diagnostic.message
        if let excerpt = diagnostic.excerpt { message += "\n" + excerpt.text }
        for note in diagnostic.notes { message += "\nnote: " + note }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map {
            Diagnostic.printable(String($0))
        }
        return "::\(diagnostic.severity.rawValue) " + properties.joined(separator: ",") + "::"
            + data(lines.joined(separator: "\n"))
    }

    /// A plain log line that cannot be read as a workflow command.
    static func plain(_ text: String) -> String {
        let printable = Diagnostic.printable(text)
        return printable.hasPrefix("::") ? "./" + printable : printable
    }

    /// The message part: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A property value: as data, plus `:` and `,`, which end a property.
    static func property(_ text: String) -> String {
        data(Diagnostic.printable(text)).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
            of: ",", with: "%2C")
    }
}
