/// Names that many sessions share (declaration names, roles), each kept once and referred to
/// by its position: a table of a million sessions holds a handful of each, so a slot keeps a
/// 4-byte position instead of a 16-byte string.
struct InternedNames<Name: Hashable & Sendable>: Sendable {
    private(set) var names: [Name] = []
    private var positions: [Name: UInt32] = [:]

    /// A list holding `names` at positions 0, 1, … (repeats are kept once).
    init(_ names: some Sequence<Name>) {
        for name in names { intern(name) }
    }

    /// The position of `name`, added at the end if it is not held yet.
    @discardableResult
    mutating func intern(_ name: Name) -> UInt32 {
        if let position = position(of: name) { return position }
        let position = UInt32(names.count)
        names.append(name)
        positions[name] = position
        return position
    }

    /// The position of `name`, if held. Reads only, so concurrent builders may call it.
    @inline(__always)
    func position(of name: Name) -> UInt32? {
        // Apps have a few declarations and roles: comparing them beats hashing the name.
        if names.count <= 8 {
            for (position, held) in names.enumerated() where held == name { return UInt32(position) }
            return nil
        }
        return positions[name]
    }

    subscript(position: UInt32) -> Name { names[Int(position)] }
}
