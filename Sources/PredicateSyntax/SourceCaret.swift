/// Draws the line of a source text that holds an offset, with a caret underneath.
package enum SourceCaret {
    /// Two lines: the source line containing `offset` (tabs and other control characters
    /// shown as spaces so the caret lines up) and a `^~~~` marker under the span. Columns
    /// count `Character`s, so multi-byte text still lines up in a terminal.
    package static func render(source: String, offset: Int, length: Int) -> String {
        let bytes = Array(source.utf8)
        let offset = max(0, min(offset, bytes.count))
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let line = printable(bytes[lineStart..<lineEnd])
        let column = printable(bytes[lineStart..<offset]).count
        let spanEnd = min(lineEnd, offset + max(1, length))
        let spanWidth = max(1, printable(bytes[offset..<max(offset, spanEnd)]).count)
        let marker = "^" + String(repeating: "~", count: spanWidth - 1)
        return line + "\n" + String(repeating: " ", count: column) + marker
    }

    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        // Offsets may fall inside a multi-byte character only through a bug elsewhere;
        // decoding with replacement keeps rendering total either way.
        let text = String(decoding: bytes, as: UTF8.self)
        return String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? " " : $0
        }))
    }
}
