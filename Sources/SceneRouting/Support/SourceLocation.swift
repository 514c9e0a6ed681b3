/// A place in an app's source code (`Sources/App/SceneDelegate.swift:42:9`): where an
/// imported declaration, condition or emitted identifier was found, so that diagnostics
/// about it point at the code.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as the import named it (relative to where it ran, when it could be).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in UTF-8 bytes as compilers count them.
    public var column: Int

    /// A location in `file`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Reads `FILE:LINE:COLUMN` (the file may itself contain colons); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]),
            line >= 1, column >= 1
        else { return nil }
        let file = parts.dropLast(2).joined(separator: ":")
        guard !file.isEmpty else { return nil }
        self.init(file: file, line: line, column: column)
    }

    /// `FILE:LINE:COLUMN`.
    public var description: String { "\(file):\(line):\(column)" }
}
