/// The arithmetic shared by the table's open-addressing hash tables (``GroupBuckets``,
/// ``SessionDirectory``): linear probing over a capacity of any size, at most 0.7 entries
/// per position, and removal by moving later entries back rather than leaving markers, so a
/// table that churns at a steady size never fills with deleted entries and never rebuilds.
enum LinearProbing {
    /// The first position of a key whose hash bits are `fraction`: its high bits scaled to the
    /// capacity. Multiplying rather than masking lets the capacity be any size: a table for a
    /// million keys takes 1.6 million positions, not the next power of two above 1.43 million.
    @inline(__always)
    static func home(of fraction: UInt32, in capacity: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(fraction) &* UInt64(truncatingIfNeeded: capacity)) >> 32)
    }

    @inline(__always)
    static func next(_ position: Int, in capacity: Int) -> Int {
        position + 1 == capacity ? 0 : position + 1
    }

    /// The first empty position at or after `home`: where a new entry goes.
    @inline(__always)
    static func firstEmpty(from home: Int, capacity: Int, isEmpty: (Int) -> Bool) -> Int {
        var position = home
        while !isEmpty(position) { position = next(position, in: capacity) }
        return position
    }

    /// Whether a table of `capacity` positions holding `count` entries takes one more.
    @inline(__always)
    static func hasRoom(count: Int, capacity: Int) -> Bool { (count + 1) * 10 <= capacity * 7 }

    /// The capacity that holds `keys` keys, with an eighth more for churn: a table reserved
    /// for exactly its keys would grow (rewriting every entry under the writer's lock) on the
    /// first open beyond them.
    static func capacity(for keys: Int) -> Int { (keys + keys / 8) * 10 / 7 + 1 }

    /// After the entry at `hole` was removed, moves back each later entry of the same run that
    /// would otherwise be unreachable from its home, and returns the position left empty.
    /// `home(p)` is the home of the entry at `p`; `isEmpty(p)` whether `p` holds none;
    /// `move(from, to)` moves an entry.
    @inline(__always)
    static func closeGap(
        at hole: Int, capacity: Int, isEmpty: (Int) -> Bool, home: (Int) -> Int, move: (_ from: Int, _ to: Int) -> Void
    ) -> Int {
        var hole = hole
        var position = next(hole, in: capacity)
        while !isEmpty(position) {
            let home = home(position)
            // The entry stays unless its home lies cyclically after the hole, up to itself.
            let stays = hole <= position ? (home > hole && home <= position) : (home > hole || home <= position)
            if !stays {
                move(position, hole)
                hole = position
            }
            position = next(position, in: capacity)
        }
        return hole
    }
}
