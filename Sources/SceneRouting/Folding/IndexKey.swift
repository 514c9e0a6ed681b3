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

    /// What filing under this key costs routes that do not match it, lowest best: 2 for an
    /// inner key too short for the gram tables (probed at every identifier position), 1 for
    /// a prefix or suffix too short to have a length class (probed for every identifier
    /// whose byte at its far end is the key's), 0 for any other.
    var missCost: Int {
        guard bytes.count < 4 else { return 0 }
        switch kind {
        case .inner: return 2
        case .prefix, .suffix: return 1
        case .exact: return 0
        }
    }

    /// Higher is more selective: exact beats anchored beats inner, longer beats shorter.
    var selectivity: Int {
        switch kind {
        case .exact: 1_000_000 + bytes.count
        case .prefix, .suffix: 1_000 + 2 * bytes.count
        case .inner: bytes.count
        }
    }
}
