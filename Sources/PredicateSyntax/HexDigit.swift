/// Hexadecimal digits, as escapes in predicates, regular expressions and JSON spell them.
package enum HexDigit {
    /// The value of an ASCII hexadecimal digit (either case), or nil for any other byte.
    @inline(__always)
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
