/// A set of key families (``KeyFamily``) in one byte: what a route builds while probing a
/// non-ASCII identifier, without allocating.
struct KeyFamilySet: Sendable, Equatable {
    private var bits: UInt8 = 0

    static let empty = KeyFamilySet()

    /// Every family (computed from a constant: a lazily initialised static costs each use a
    /// check). Raw values 0, 1 and 2; a test holds it to ``KeyFamily/allCases``.
    static var all: KeyFamilySet { KeyFamilySet(bits: 0b111) }

    private init(bits: UInt8) { self.bits = bits }

    init() {}

    init(_ family: KeyFamily) { insert(family) }

    func contains(_ family: KeyFamily) -> Bool { bits & 1 << UInt8(family.rawValue) != 0 }

    mutating func insert(_ family: KeyFamily) { bits |= 1 << UInt8(family.rawValue) }

    mutating func subtract(_ other: KeyFamilySet) { bits &= ~other.bits }

    /// The member with the lowest raw value, if any.
    var first: KeyFamily? { bits == 0 ? nil : KeyFamily(rawValue: bits.trailingZeroBitCount) }
}
