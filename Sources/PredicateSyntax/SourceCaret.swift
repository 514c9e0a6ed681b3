/// Draws the line of a source text that holds an offset, with a caret underneath.
package enum SourceCaret {
    /// Lines longer than this many bytes are cut to a window around the offset, so a
    /// diagnostic about a megabyte-long predicate or a minified manifest stays readable.
    package static let windowThreshold = 160
    /// Bytes of context kept on each side of the offending span when a line is cut.
    static let windowContext = 60

    /// Two lines: the source line containing `offset` (tabs and other control characters
    /// shown as spaces so the caret lines up) and a `^~~~` marker under the span. Columns
    /// count `Character`s, so multi-byte text still lines up in a terminal. A line longer than
    /// ``windowThreshold`` bytes is shown as a window around the span, with `…` where it
    /// was cut.
    package static func render(source: String, offset: Int, length: Int) -> String {
        let bytes = Array(source.utf8)
        let offset = max(0, min(offset, bytes.count))
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        var spanEnd = min(lineEnd, offset + max(1, length))

        var from = lineStart
        var to = lineEnd
        if lineEnd - lineStart > windowThreshold {
            from = max(lineStart, offset - windowContext)
            spanEnd = min(spanEnd, offset + windowContext)
            to = min(lineEnd, spanEnd + windowContext)
            // Cut on character boundaries only.
            while from < offset, bytes[from] & 0xC0 == 0x80 { from += 1 }
            while to < lineEnd, bytes[to] & 0xC0 == 0x80 { to += 1 }
            while spanEnd < to, bytes[spanEnd] & 0xC0 == 0x80 { spanEnd += 1 }
        }
        let lead = from > lineStart ? "…" : ""
        let trail = to < lineEnd ? "…" : ""
        let line = lead + printable(bytes[from..<to]) + trail
        let column = lead.count + printable(bytes[from..<offset]).count
        let spanWidth = max(1, printable(bytes[offset..<max(offset, spanEnd)]).count)
        let marker = "^" + String(repeating: "~", count: spanWidth - 1)
        return line + "\n" + String(repeating: " ", count: column) + marker
    }

    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        // Offsets may fall inside a multi-byte character only through a bug elsewhere;
        // decoding with replacement keeps rendering total either way.
        let text = String(decoding: bytes, as: UTF8.self)
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.value < 0x20 || $0.value == 0x7F ? " " : $0
                }))
    }
}
