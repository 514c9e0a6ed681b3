import Foundation
public import PredicateSyntax
import SceneRouting

/// Warnings accepted in the app's own code, as SwiftLint's `// swiftlint:disable:next`: a
/// comment `// scene-router:accept CODE` on the warning's line, or `// scene-router:accept:next
/// CODE` on the line before it, accepts that warning (several codes separated by spaces or
/// commas; `all` accepts any). Only Swift and Objective-C sources are read for them.
public struct SourceAcceptances {
    /// The lines of each file read so far (nil: not a source, or unreadable).
    private var lines: [String: [Substring]?] = [:]

    public init() {}

    /// The warnings not accepted in the code, in their order, and how many were.
    public mutating func partition(_ warnings: [Diagnostic]) -> (new: [Diagnostic], accepted: Int) {
        var new: [Diagnostic] = []
        var accepted = 0
        for warning in warnings {
            if accepts(warning) { accepted += 1 } else { new.append(warning) }
        }
        return (new, accepted)
    }

    private mutating func accepts(_ warning: Diagnostic) -> Bool {
        guard let file = warning.file, let line = warning.line, let code = warning.code?.rawValue,
            file.hasSuffix(".swift") || file.hasSuffix(".m") || file.hasSuffix(".mm") || file.hasSuffix(".h")
        else { return false }
        if lines[file] == nil {
            lines[file] = .some(
                (try? SafeFile.contents(of: file)).map {
                    String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                })
        }
        guard let text = lines[file] ?? nil, line >= 1, line <= text.count else { return false }
        if Self.accepts(text[line - 1], code: code, marker: "scene-router:accept") { return true }
        return line >= 2 && Self.accepts(text[line - 2], code: code, marker: "scene-router:accept:next")
    }

    /// Whether `line` holds `marker` followed by `code` or `all` (a `:next` marker is not the
    /// same-line one).
    static func accepts(_ line: Substring, code: String, marker: String) -> Bool {
        guard let range = line.range(of: marker) else { return false }
        let rest = line[range.upperBound...]
        if marker == "scene-router:accept", rest.hasPrefix(":") { return false }
        let codes = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).prefix {
            !$0.hasPrefix("//") && !$0.hasPrefix("*/")
        }
        return codes.contains { $0 == code || $0 == "all" }
    }
}
