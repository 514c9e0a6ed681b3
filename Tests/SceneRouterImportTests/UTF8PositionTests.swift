import PredicateSyntax
import Testing

@testable import SceneRouterImport

/// Invalid UTF-8 is placed at its line and column, by the byte at fault.
@Suite struct UTF8PositionTests {
    @Test func firstInvalidPlace() {
        #expect(UTF8Position.firstInvalid(in: Array("let é = \"ok\"\n".utf8)) == nil)
        #expect(
            UTF8Position.firstInvalid(in: Array("a\nbé".utf8) + [0xFF]) == UTF8Position(line: 2, column: 3, byte: 0xFF))
        // A lead byte without its continuation, an overlong form, a surrogate, past U+10FFFF.
        #expect(UTF8Position.firstInvalid(in: [0x61, 0xC3, 0x28]) == UTF8Position(line: 1, column: 2, byte: 0xC3))
        #expect(UTF8Position.firstInvalid(in: [0xC0, 0x80]) == UTF8Position(line: 1, column: 1, byte: 0xC0))
        #expect(UTF8Position.firstInvalid(in: [0xE0, 0x80, 0x80]) == UTF8Position(line: 1, column: 1, byte: 0xE0))
        #expect(UTF8Position.firstInvalid(in: [0xED, 0xA0, 0x80]) == UTF8Position(line: 1, column: 1, byte: 0xED))
        #expect(
            UTF8Position.firstInvalid(in: [0xF4, 0x90, 0x80, 0x80]) == UTF8Position(line: 1, column: 1, byte: 0xF4))
        #expect(UTF8Position.firstInvalid(in: [0xF0, 0x9F, 0x98]) == UTF8Position(line: 1, column: 1, byte: 0xF0))
        #expect(
            UTF8Position.firstInvalid(in: [0xF0, 0x9F, 0x98, 0x80, 0x0A, 0x80])
                == UTF8Position(line: 2, column: 1, byte: 0x80))
    }

    /// Agrees with the standard library on which byte strings are valid.
    @Test func agreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [
            0x61, 0x0A, 0x80, 0xBF, 0xC2, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0x9F, 0xA0, 0xFF,
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            #expect(
                (UTF8Position.firstInvalid(in: bytes) == nil) == (String(validating: bytes, as: UTF8.self) != nil),
                "\(bytes)")
        }
    }

    @Test func diagnosticPointsAtThePlace() {
        let diagnostic = Diagnostic.invalidUTF8(
            in: Array("ok\nx".utf8) + [0xFE], file: "A.swift", consequence: "not read")
        #expect(diagnostic.rendered() == "A.swift:2:2: error: not valid UTF-8 (byte 0xFE): not read")
    }
}
