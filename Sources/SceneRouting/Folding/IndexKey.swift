/// A literal a predicate clause requires of every identifier it matches.
struct IndexKey: Hashable, Sendable {
    enum Kind: Int, Sendable {
        /// The identifier equals the bytes.
        case exact
        /// The identifier starts with the bytes.
        case prefix
        /// The identifier ends with the bytes.
        case suffix
        /// The identifier contains the bytes.
        case inner
    }

    var kind: Kind
    var family: KeyFamily
    /// The literal folded for `family` (``KeyFold``).
    var bytes: [UInt8]

    /// Hashes the bytes as one buffer (the synthesized conformance feeds them one by one).
    func hash(into hasher: inout Hasher) {
        hasher.combine(kind.rawValue &* 2 &+ family.rawValue)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// An inner key too short for the gram tables: probed at every identifier position.
    var isShortInner: Bool { kind == .inner && bytes.count < 4 }

    /// Higher is more selective: exact beats anchored beats inner, longer beats shorter.
    var selectivity: Int {
        switch kind {
        case .exact: 1_000_000 + bytes.count
        case .prefix, .suffix: 1_000 + 2 * bytes.count
        case .inner: bytes.count
        }
    }
}
