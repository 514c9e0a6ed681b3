import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Shares the preparation of one tier's new groups (``GroupPreparation``) between the thread
/// that fills the tier and build threads that have finished their own work.
///
/// Sessions go in chunks. The filling thread takes chunks from the front, in session order,
/// and prepares nothing ahead for those it claims (the tier derives what it needs inline);
/// helpers claim chunks from the back, prepare every session in them and publish the result.
/// The two ends meet once; the filling thread waits there only while a helper finishes the
/// chunk it is in. Helpers work on chunks the filling thread reaches last, so the memory they
/// read has long left their caches when it does (no cache lines pulled between cores), and the
/// tier is filled in session order either way: the table built does not depend on which
/// thread prepared what. Only the filling thread ever waits, and only for a chunk a helper has
/// claimed and is preparing, so any order of running (one core included) finishes.
///
/// A chunk is one 2 MiB region of its own (``LargeAllocation``): its preparations, then their
/// programs (``ProgramSpace``); it is unmapped once filled. At a million sessions the chunks
/// hold tens of megabytes for a moment, none after the build. Fresh pages are zeroed on first
/// touch (at this scale, a visible share of the helpers' time), hence preparations of 64 bytes
/// and one page a chunk.
///
/// `@unchecked Sendable`: each chunk's buffer is written by the one helper that claimed it,
/// then read by the filling thread after an acquiring load of its published address.
final class PreparationPipeline: @unchecked Sendable {
    /// A chunk's region is one huge page: three quarters preparations, the rest their programs.
    private static let regionBytes = LargeAllocation.hugePageBytes
    static let chunkSize = regionBytes / 4 * 3 / MemoryLayout<GroupPreparation?>.stride
    private static let programsOffset = chunkSize * MemoryLayout<GroupPreparation?>.stride

    let sessionCount: Int
    let chunkCount: Int
    /// The front claims (chunks below belong to the filling thread) in the low 32 bits and the
    /// back claims (chunks from there up belong to helpers) in the high 32 bits.
    private let claims: Atomic<UInt64>
    /// Per chunk, the address of its prepared buffer once a helper publishes it, else 0.
    /// (A region's address: ``OwnedBuffer/relinquish()`` by the helper that prepared it,
    /// adopted again by whoever takes it.)
    private let published: OwnedBuffer<Atomic<UInt>>
    /// The preparation of the session at an index (its program stored in the space given), nil
    /// for one the tier does not enroll.
    private let prepare: @Sendable (Int, inout ProgramSpace) -> GroupPreparation?

    init(sessionCount: Int, prepare: @escaping @Sendable (Int, inout ProgramSpace) -> GroupPreparation?) {
        precondition(sessionCount <= Int(Int32.max), "session indices fit in 32 bits")
        self.sessionCount = sessionCount
        chunkCount = (sessionCount + Self.chunkSize - 1) / Self.chunkSize
        claims = Atomic(UInt64(chunkCount) << 32)
        published = OwnedBuffer(uninitializedCapacity: chunkCount)
        for chunk in 0..<chunkCount { (published.base + chunk).initialize(to: Atomic(0)) }
        self.prepare = prepare
    }

    deinit {
        // A chunk published but never taken (filling stopped midway) is released here.
        for chunk in 0..<chunkCount {
            let address = published.base[chunk].load(ordering: .acquiring)
            if address != 0 { _ = Self.adopt(address) }
        }
        published.base.deinitialize(count: chunkCount)
    }

    /// Fills the tier: `fill` gets each session index in order with its preparation, nil where
    /// nothing was prepared ahead. Call once, on the filling thread.
    func fill(_ fill: (Int, GroupPreparation?) -> Void) {
        for chunk in 0..<chunkCount {
            let sessions = sessions(of: chunk)
            if claimFront(chunk) {
                for session in sessions { fill(session, nil) }
                continue
            }
            let region = waitForPublication(of: chunk)
            for session in sessions { fill(session, Self.preparations(in: region)[session - sessions.lowerBound]) }
        }
    }

    /// Prepares chunks from the back until every chunk is claimed: what a build thread does
    /// once its own work is over.
    func help() {
        while let chunk = claimBack() {
            let sessions = sessions(of: chunk)
            let region = OwnedBuffer<UInt8>(uninitializedCapacity: Self.regionBytes)
            let preparations = UnsafeMutableRawPointer(region.base).bindMemory(
                to: GroupPreparation?.self, capacity: Self.chunkSize)
            var programs = ProgramSpace(
                base: region.base + Self.programsOffset, capacity: Self.regionBytes - Self.programsOffset)
            for session in sessions {
                (preparations + (session - sessions.lowerBound)).initialize(to: prepare(session, &programs))
            }
            published.base[chunk].store(UInt(bitPattern: region.relinquish()), ordering: .releasing)
        }
    }

    private func sessions(of chunk: Int) -> Range<Int> {
        chunk * Self.chunkSize..<min(sessionCount, (chunk + 1) * Self.chunkSize)
    }

    /// Whether `chunk` (asked for in order) is the filling thread's: false once the claims
    /// have met, for it and every later chunk.
    private func claimFront(_ chunk: Int) -> Bool {
        var current = claims.load(ordering: .relaxed)
        while true {
            let (front, back) = (current & 0xFFFF_FFFF, current >> 32)
            guard front == UInt64(chunk), front < back else { return false }
            let (exchanged, original) = claims.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    private func claimBack() -> Int? {
        var current = claims.load(ordering: .relaxed)
        while true {
            let (front, back) = (current & 0xFFFF_FFFF, current >> 32)
            guard front < back else { return nil }
            let (exchanged, original) = claims.compareExchange(
                expected: current, desired: current - (1 << 32), ordering: .relaxed)
            if exchanged { return Int(back - 1) }
            current = original
        }
    }

    /// The region a helper prepared `chunk` in, once it is published.
    private func waitForPublication(of chunk: Int) -> OwnedBuffer<UInt8> {
        while true {
            let address = published.base[chunk].exchange(0, ordering: .acquiring)
            if address != 0 { return Self.adopt(address) }
            // A helper is inside this chunk: at most one chunk's preparation away.
            _ = sched_yield()
        }
    }

    /// A published region, owned again; preparations are plain values, so ending it only
    /// releases its memory.
    private static func adopt(_ address: UInt) -> OwnedBuffer<UInt8> {
        OwnedBuffer(adopting: UnsafeMutablePointer(bitPattern: address)!, capacity: regionBytes)
    }

    /// The preparations at the start of a region.
    private static func preparations(in region: borrowing OwnedBuffer<UInt8>) -> UnsafeMutablePointer<GroupPreparation?>
    {
        UnsafeMutableRawPointer(region.base).assumingMemoryBound(to: GroupPreparation?.self)
    }
}
