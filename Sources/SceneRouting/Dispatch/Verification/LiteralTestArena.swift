/// The literal tests of a tier's groups kept in parts (``PredicateTier``), each copied into
/// a record — its ``LiteralTestFields`` and then its bytes — in pages mapped for the arena
/// alone.
///
/// At a million windows most groups are one literal test, and a test on the malloc heap
/// sits between the objects of the app the table was built from: once that app is released,
/// every page still holding a kept test stays resident with the freed memory around it.
/// Records in pages of their own cost their bytes and nothing around them. A record never
/// moves while its group lives (checks point at it), except when the arena is compacted
/// (``compacted(_:)``), which its owner follows by rewriting the checks. A released record's
/// bytes are reused by the next record of the same size (tests of one shape recur), and
/// when unused bytes outgrow both a floor and the live ones the owner compacts the arena, so
/// its size stays proportional to the live tests.
///
/// Records hold ASCII literals only: a non-ASCII literal's test keeps its string for
/// Foundation, which a record cannot hold.
final class LiteralTestArena {
    private struct Region {
        let start: UnsafeMutableRawPointer
        let bytes: Int
    }

    private var regions: [Region] = []
    /// Where the next record goes in the last region, and the bytes left after it.
    private var next: UnsafeMutableRawPointer?
    private var room = 0
    private var freeBySize: [Int: [UnsafeMutableRawPointer]] = [:]
    /// Bytes of records handed out, live or released.
    private(set) var usedBytes = 0
    /// Bytes of released records not yet reused.
    private(set) var unusedBytes = 0
    /// Unused bytes below which the arena is never compacted (``TableTuning``).
    let compactionFloor: Int

    /// Regions start small (a table of a few windows maps a page or two) and double up to
    /// this size.
    private static let largestRegion = 4 << 20
    private static let smallestRegion = 16 << 10

    init(compactionFloor: Int) {
        self.compactionFloor = compactionFloor
    }

    deinit {
        for region in regions { LargeAllocation.unmapPages(region.start, bytes: region.bytes) }
    }

    /// The bytes a record of `view` takes: its fields and bytes, to the fields' alignment.
    static func recordBytes(_ view: LiteralTestView) -> Int {
        let alignment = MemoryLayout<LiteralTestFields>.alignment
        return (LiteralTestView.recordHeaderBytes + view.byteCount + alignment - 1) / alignment * alignment
    }

    /// Makes room for `bytes` more bytes of records in one region, so that a build storing
    /// a known number of tests maps once. Room not used costs address space, not memory.
    func reserveCapacity(bytes: Int) {
        guard bytes > room else { return }
        addRegion(bytes)
    }

    /// A copy of `test` in the arena, or nil if the test keeps a string (a non-ASCII literal).
    func store(_ test: LiteralTest) -> LiteralTestView? {
        test.withView { view in view.storedLiteral == nil ? store(view) : nil }
    }

    /// A copy of the test `view` reads (which keeps no string).
    func store(_ view: LiteralTestView) -> LiteralTestView {
        precondition(view.storedLiteral == nil, "a record holds no string")
        let size = Self.recordBytes(view)
        let record = take(size)
        record.initializeMemory(as: LiteralTestFields.self, to: view.fields.pointee)
        (record + LiteralTestView.recordHeaderBytes).copyMemory(from: view.bytes, byteCount: view.byteCount)
        return LiteralTestView(record: record)
    }

    /// Marks the record `view` reads unused: its bytes go to the next record of its size.
    func release(_ view: LiteralTestView) {
        let size = Self.recordBytes(view)
        freeBySize[size, default: []].append(UnsafeMutableRawPointer(mutating: view.fields))
        unusedBytes += size
    }

    var needsCompaction: Bool { unusedBytes > compactionFloor && unusedBytes > usedBytes - unusedBytes }

    /// Copies the records `views` read (the live ones) into fresh regions, in order, and
    /// unmaps the old ones; returns the copies' views, position by position.
    func compacted(_ views: [LiteralTestView]) -> [LiteralTestView] {
        let old = regions
        regions = []
        (next, room, usedBytes, unusedBytes) = (nil, 0, 0, 0)
        freeBySize = [:]
        reserveCapacity(bytes: views.reduce(0) { $0 + Self.recordBytes($1) })
        let copies = views.map(store)
        for region in old { LargeAllocation.unmapPages(region.start, bytes: region.bytes) }
        return copies
    }

    /// The arena's bytes in use (released records among them), for the table's size.
    var approximateBytes: Int { usedBytes }

    private func take(_ size: Int) -> UnsafeMutableRawPointer {
        if let reused = freeBySize[size]?.popLast() {
            unusedBytes -= size
            return reused
        }
        if size > room {
            let doubled = 2 * (regions.last?.bytes ?? 0)
            addRegion(max(size, min(Self.largestRegion, max(Self.smallestRegion, doubled))))
        }
        let record = next!
        next = record + size
        room -= size
        usedBytes += size
        return record
    }

    /// Maps a region of at least `bytes` and continues there (the last region's rest stays
    /// unused).
    private func addRegion(_ bytes: Int) {
        let (start, mapped) = LargeAllocation.mapPages(bytes)
        regions.append(Region(start: start, bytes: mapped))
        (next, room) = (start, mapped)
    }
}
