#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Command-line arguments arrive as bytes. `CommandLine.arguments` replaces bytes that are not
/// UTF-8 with U+FFFD without a word, which would evaluate a predicate or route an identifier
/// other than the one given; arguments are checked from the raw `argv` first, as stdin
/// lines and files are.
enum ArgumentEncoding {
    /// A diagnostic for the first argument that is not valid UTF-8, or nil when all are.
    static func firstInvalidArgument() -> String? {
        for position in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[position] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            guard case .failure(let invalid) = StandardStreams.decode(ArraySlice(bytes)) else { continue }
            let (shown, column) = escaped(ArraySlice(bytes), marking: invalid.offset)
            return """
                error: argument \(position) is not valid UTF-8 (at byte offset \(invalid.offset)); \
                predicates, identifiers and paths are read as UTF-8
                \(shown)
                \(String(repeating: " ", count: column))^
                """
        }
        return nil
    }

    /// The argument with every byte that is not part of a valid UTF-8 sequence written as
    /// `\xHH`, and the column at which byte `offset` appears in it.
    private static func escaped(_ bytes: ArraySlice<UInt8>, marking offset: Int) -> (String, Int) {
        var shown = ""
        var column = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if index - bytes.startIndex == offset { column = shown.unicodeScalars.count }
            let length = sequenceLength(bytes, at: index)
            if length > 0, let scalar = String(validating: bytes[index..<index + length], as: UTF8.self) {
                shown += scalar.unicodeScalars.first.map { $0.value < 0x20 ? " " : String($0) } ?? ""
                index += length
            } else {
                shown += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                index += 1
            }
        }
        return (shown, column)
    }

    /// The length of the UTF-8 sequence its lead byte announces (0 for a stray byte).
    private static func sequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length =
            switch lead {
            case 0x00..<0x80: 1
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        return index + length <= bytes.endIndex ? length : 0
    }
}
