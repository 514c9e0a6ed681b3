/// The prefix, suffix and inner keys of a small index, each as a ``FlatKey``, kept in six runs
/// (case-sensitive prefixes, suffixes and inner keys, then case-insensitive ones) so that a
/// probe compares each run in a loop of its own, with the kind and reading fixed.
///
/// A view of memory the index owns (``Storage``): copying this value copies pointers, so a
/// probe pays no reference counting.
struct FlatKeys {
    private let keys: UnsafeMutablePointer<FlatKey>
    /// Where each key is filed in the hash and gram tables, by the same position.
    private let placements: UnsafeMutablePointer<LiteralIndex.Placement>
    /// The end of each run.
    private let runEnds: UnsafeMutablePointer<Int>
    /// Per prefix (suffix) run, 256 bits: the first (last) bytes of its keys. An identifier
    /// whose own first (last) byte is not among them skips the run without comparing a key:
    /// most do, since an app's prefixes share few first bytes (`section-`, `sms:`).
    private let outerBytes: UnsafeMutablePointer<UInt64>
    /// 256 bits each, after the runs' sets: the bytes an identifier may begin (end) with, as
    /// spelled, for some prefix (suffix) key of either family to match it. An identifier
    /// outside both skips the probe without setting it up, while no inner key is compared.
    private static let prefixGate = runs * 4
    private static let suffixGate = runs * 4 + 4
    let capacity: Int
    private static let runs = 6
    /// Inner keys a probe compares directly, at most: each costs a pass over the identifier,
    /// and one pass looking up grams serves any number of them.
    static let innerComparisonLimit = 2

    /// The memory of a ``FlatKeys`` with room for `capacity` keys, owned by the index; the
    /// views it hands out must not outlive it.
    struct Storage: ~Copyable {
        private let keys: OwnedBuffer<FlatKey>
        private let placements: OwnedBuffer<LiteralIndex.Placement>
        private let runEnds = OwnedBuffer<Int>(zeroedCapacity: FlatKeys.runs)
        private let outerBytes = OwnedBuffer<UInt64>(zeroedCapacity: FlatKeys.runs * 4 + 8)

        init(capacity: Int) {
            keys = OwnedBuffer(uninitializedCapacity: capacity)
            placements = OwnedBuffer(uninitializedCapacity: capacity)
        }

        @inline(__always)
        var view: FlatKeys {
            FlatKeys(
                keys: keys.base, placements: placements.base, runEnds: runEnds.base, outerBytes: outerBytes.base,
                capacity: keys.capacity)
        }
    }

    private init(
        keys: UnsafeMutablePointer<FlatKey>, placements: UnsafeMutablePointer<LiteralIndex.Placement>,
        runEnds: UnsafeMutablePointer<Int>, outerBytes: UnsafeMutablePointer<UInt64>, capacity: Int
    ) {
        (self.keys, self.placements, self.runEnds, self.outerBytes) = (keys, placements, runEnds, outerBytes)
        self.capacity = capacity
    }

    var count: Int { runEnds[Self.runs - 1] }

    /// Bytes held: room for `capacity` keys and their placements, and the run ends.
    var approximateBytes: Int {
        capacity * (MemoryLayout<FlatKey>.stride + MemoryLayout<LiteralIndex.Placement>.stride) + Self.runs * (8 + 32)
    }

    /// How many inner keys there are.
    var innerCount: Int { runEnds[2] - runEnds[1] + runEnds[5] - runEnds[4] }

    /// Whether a probe compares inner keys directly rather than looking up their grams.
    var comparesInnerKeys: Bool { innerCount <= Self.innerComparisonLimit }

    private static func run(of kind: IndexKey.Kind, _ family: KeyFamily) -> Int {
        let base = family == .caseSensitive ? 0 : 3
        switch kind {
        case .prefix: return base
        case .suffix: return base + 1
        case .inner: return base + 2
        case .exact: preconditionFailure("exact keys are hashed")
        }
    }

    /// Adds `key` (not exact) of `group`, filed at `placement`; there must be room.
    func insert(_ key: IndexKey, group: Int32, placement: LiteralIndex.Placement) {
        precondition(count < capacity, "no room for another compared key")
        let run = Self.run(of: key.kind, key.family)
        let position = runEnds[run]
        // The later runs move up by one.
        var index = count
        while index > position {
            (keys + index).initialize(to: keys[index - 1])
            (placements + index).initialize(to: placements[index - 1])
            index -= 1
        }
        (keys + position).initialize(to: FlatKey(key, group: group))
        (placements + position).initialize(to: placement)
        for later in run..<Self.runs { runEnds[later] += 1 }
        noteOuterBytes(of: run)
    }

    /// Recomputes the outer-byte set of `run` from its keys (a few dozen at most).
    private func noteOuterBytes(of run: Int) {
        let set = outerBytes + run * 4
        set.update(repeating: 0, count: 4)
        let kind: IndexKey.Kind = run % 3 == 0 ? .prefix : run % 3 == 1 ? .suffix : .inner
        guard kind != .inner else { return }
        for position in (run == 0 ? 0 : runEnds[run - 1])..<runEnds[run] {
            let byte = keys[position].outerByte(as: kind)
            set[Int(byte >> 6)] |= Self.bit(of: byte)
        }
        noteGate(kind == .prefix ? Self.prefixGate : Self.suffixGate, caseSensitive: run % 3, run % 3 + 3)
    }

    /// Recomputes a gate from the case-sensitive run's set and the case-insensitive one's,
    /// the latter's lower-case letters also as upper case (a lowercased reading of the
    /// identifier finds those keys).
    private func noteGate(_ gate: Int, caseSensitive: Int, _ caseInsensitive: Int) {
        let (sensitive, insensitive) = (outerBytes + caseSensitive * 4, outerBytes + caseInsensitive * 4)
        for word in 0..<4 { outerBytes[gate + word] = sensitive[word] | insensitive[word] }
        // a-z are bits 33...58 of the second word, A-Z bits 1...26.
        outerBytes[gate + 1] |= (insensitive[1] >> 32) & 0x07FF_FFFE
    }

    /// Whether a probe of `identifier` (ASCII) may find anything: it begins or ends with a
    /// byte some prefix or suffix key does, in either reading, or inner keys are compared.
    @inline(__always)
    func mayMatch(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = identifier.baseAddress, !identifier.isEmpty else { return false }
        if comparesInnerKeys && innerCount > 0 { return true }
        return holds(Self.prefixGate, base[0]) || holds(Self.suffixGate, base[identifier.count - 1])
    }

    /// Whether the 256-bit set at `set` (a word offset in `outerBytes`) holds `byte`.
    @inline(__always)
    private func holds(_ set: Int, _ byte: UInt8) -> Bool {
        outerBytes[set + Int(byte >> 6)] & Self.bit(of: byte) != 0
    }

    @inline(__always)
    private static func bit(of byte: UInt8) -> UInt64 { 1 << UInt64(byte & 63) }

    /// Whether some key of the prefix (suffix) `run` begins (ends) with the probe's first
    /// (last) byte.
    @inline(__always)
    private func mayHold(_ run: Int, _ probe: FlatKey.Probe, as kind: IndexKey.Kind) -> Bool {
        guard let byte = probe.outerByte(as: kind) else { return true }
        return holds(run * 4, byte)
    }

    /// Removes the key of `group` filed at `placement`, if present.
    func remove(_ group: Int32, at placement: LiteralIndex.Placement) {
        guard let position = (0..<count).first(where: { keys[$0].group == group && placements[$0] == placement }) else {
            return
        }
        let run = (0..<Self.runs).first { runEnds[$0] > position }!
        for index in position..<(count - 1) {
            keys[index] = keys[index + 1]
            placements[index] = placements[index + 1]
        }
        for later in run..<Self.runs { runEnds[later] -= 1 }
        noteOuterBytes(of: run)
    }

    /// Hands `visitor` every group with a key that may occur in the ASCII `identifier`
    /// (inner keys only if ``comparesInnerKeys``): case-sensitive keys compared with it as
    /// is, the others with it lowercased, which without upper case (`hasUppercase` false) is
    /// the same reading.
    @inline(__always)
    func probe<Visitor: GroupVisitor & ~Copyable>(
        _ identifier: UnsafeBufferPointer<UInt8>, hasUppercase: Bool, _ visitor: inout Visitor
    ) {
        let inner = comparesInnerKeys
        let caseSensitive = runEnds[inner ? 2 : 1] > 0
        let caseInsensitive = runEnds[inner ? 5 : 4] > runEnds[2]
        guard caseSensitive || caseInsensitive else { return }
        let raw = FlatKey.Probe(identifier, .raw)
        if caseSensitive {
            if mayHold(0, raw, as: .prefix) { scan(0..<runEnds[0], .prefix, raw, &visitor) }
            if mayHold(1, raw, as: .suffix) { scan(runEnds[0]..<runEnds[1], .suffix, raw, &visitor) }
            if inner { scan(runEnds[1]..<runEnds[2], .inner, raw, &visitor) }
        }
        if caseInsensitive {
            let lowercase = hasUppercase ? FlatKey.Probe(identifier, .lowercase) : raw
            if mayHold(3, lowercase, as: .prefix) { scan(runEnds[2]..<runEnds[3], .prefix, lowercase, &visitor) }
            if mayHold(4, lowercase, as: .suffix) { scan(runEnds[3]..<runEnds[4], .suffix, lowercase, &visitor) }
            if inner { scan(runEnds[4]..<runEnds[5], .inner, lowercase, &visitor) }
        }
    }

    /// Hands `visitor` every group with a key of `family` that may occur in `folded` (inner
    /// keys only if ``comparesInnerKeys``), an identifier folded for that family and read as
    /// is.
    func probe<Visitor: GroupVisitor & ~Copyable>(
        folded: UnsafeBufferPointer<UInt8>, _ family: KeyFamily, _ visitor: inout Visitor
    ) {
        let probe = FlatKey.Probe(folded, .raw)
        let base = family == .caseSensitive ? 0 : 3
        let start = base == 0 ? 0 : runEnds[base - 1]
        if mayHold(base, probe, as: .prefix) { scan(start..<runEnds[base], .prefix, probe, only: family, &visitor) }
        if mayHold(base + 1, probe, as: .suffix) {
            scan(runEnds[base]..<runEnds[base + 1], .suffix, probe, only: family, &visitor)
        }
        if comparesInnerKeys { scan(runEnds[base + 1]..<runEnds[base + 2], .inner, probe, only: family, &visitor) }
    }

    /// One run's keys, all of `kind` (and of `family`, if given), against `probe`.
    @inline(__always)
    private func scan<Visitor: GroupVisitor & ~Copyable>(
        _ positions: Range<Int>, _ kind: IndexKey.Kind, _ probe: FlatKey.Probe, only family: KeyFamily? = nil,
        _ visitor: inout Visitor
    ) {
        for position in positions
        where family.map({ keys[position].family == $0 }) ?? true && keys[position].admits(probe, as: kind) {
            visitor.visit(keys[position].group)
        }
    }
}
