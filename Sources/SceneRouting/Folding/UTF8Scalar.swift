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
        let length = length(ledBy: lead)
        guard length > 1 else { return (UInt32(lead), 1) }
        var value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
        for index in 1..<length { value = value << 6 | UInt32(bytes[offset + index] & 0x3F) }
        return (value, length)
    }
}
