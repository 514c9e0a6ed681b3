/// A set of key families (``KeyFamily``) in one byte: what a route builds while probing a
/// non-ASCII identifier, without allocating. Iterates in ascending raw value, also without
/// allocating (`KeyFamily.allCases` is an array, which a route would make and destroy).
struct KeyFamilySet: Sendable, Equatable, Sequence {
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

    /// The members after `family` (in raw value).
    func members(after family: KeyFamily) -> KeyFamilySet {
        KeyFamilySet(bits: bits & ~(1 << UInt8(family.rawValue + 1) &- 1))
    }

    struct Iterator: IteratorProtocol {
        fileprivate var rest: KeyFamilySet

        mutating func next() -> KeyFamily? {
            guard let family = rest.first else { return nil }
            rest.bits &= rest.bits &- 1
            return family
        }
    }

    func makeIterator() -> Iterator { Iterator(rest: self) }
}
