import Testing

@testable import SceneRouting

/// JSON strings: plain runs are taken as they are, escapes decoded between them, and every
/// malformed string refused at the byte where it goes wrong.
@Suite struct JSONStringTests {
    private func string(_ json: String) throws -> String? {
        guard case .string(let text) = try JSONParser.parse(Array(json.utf8)) else { return nil }
        return text
    }

    private func parseFailure(_ bytes: [UInt8]) -> JSONParser.Failure? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#""""#, ""),
        (#""doc-1""#, "doc-1"),
        (#""café/文档/📄""#, "café/文档/📄"),
        (#""a\nb""#, "a\nb"),
        (#""\"quoted\" and \\ and \/""#, "\"quoted\" and \\ and /"),
        (#""\b\f\r\t""#, "\u{08}\u{0C}\r\t"),
        (#""caf\u00e9 \u00E9""#, "café é"),
        (#""\ud83d\udcc4 doc""#, "📄 doc"),
        (#""\u0000""#, "\u{0}"),
        (#""é\nå\u0041Z""#, "é\nåAZ"),
    ])
    func decodes(json: String, expected: String) throws {
        #expect(try string(json) == expected)
    }

    @Test func escapesBetweenLongRunsKeepEveryByte() throws {
        let run = String(repeating: "x", count: 300) + "é"
        #expect(try string("\"\(run)\\t\(run)\\u00e9\(run)\"") == "\(run)\t\(run)é\(run)")
    }

    @Test(arguments: [
        (Array(#"["ab"#.utf8), "unterminated string", 2),
        (Array(#""a\q""#.utf8), "invalid escape '\\q' in a string", 3),
        (Array("\"a\u{1}\"".utf8), "control character in a string (escape it as \\u00XX)", 3),
        (Array(#""\ud800x""#.utf8), "unpaired surrogate \\ud800", 2),
        (Array(#""\ud800\u0041""#.utf8), "unpaired surrogate \\ud800", 2),
        (Array(#""\udc00""#.utf8), "unpaired surrogate \\udc00", 2),
        ([0x22, 0x61, 0xFF, 0x22], "invalid UTF-8", 3),
        ([0x22, 0xC3, 0xA9, 0xE2, 0x82, 0x22], "invalid UTF-8", 3),
        ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8", 2),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8", 2),
    ])
    func refuses(bytes: [UInt8], message: String, column: Int) throws {
        let failure = try #require(parseFailure(bytes))
        #expect(failure.message == message)
        #expect(failure.line == 1)
        #expect(failure.column == column)
    }
}
