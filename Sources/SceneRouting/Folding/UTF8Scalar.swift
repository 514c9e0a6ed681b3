/// One scalar of valid UTF-8 (the bytes of a Swift string), decoded at its lead byte: what
/// the folding passes over identifiers need, without the standard library's iterator and
/// the checks valid text does not need.
enum UTF8Scalar {
    /// How many bytes the sequence that `lead` begins takes.
    @inline(__always)
    static func length(ledBy lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }

    /// The scalar value whose sequence begins at `offset`, and the sequence's length.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        // Unrolled: the two- and three-byte sequences of most scripts decode without a loop.
        let second = UInt32(bytes[offset + 1] & 0x3F)
        if lead < 0xE0 { return (UInt32(lead & 0x1F) << 6 | second, 2) }
        let third = UInt32(bytes[offset + 2] & 0x3F)
        if lead < 0xF0 { return (UInt32(lead & 0x0F) << 12 | second << 6 | third, 3) }
        return (UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | UInt32(bytes[offset + 3] & 0x3F), 4)
    }
}
