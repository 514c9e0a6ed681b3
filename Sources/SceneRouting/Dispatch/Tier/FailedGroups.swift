/// The groups whose predicate was found false during one route of one tier, so that a group
/// the literal index finds at many positions of an identifier (a gram it repeats) is
/// evaluated once, not once per position: without this, an identifier repeating a gram
/// n/8 times costs n/8 evaluations over all n bytes of it.
///
/// The first eight are held inline and compared at once; beyond that they go to the
/// thread's ``GroupSet``, borrowed from ``RouteScratch`` on first need and handed back when
/// this value ends (it cannot be copied, so that happens once, with the contest that holds
/// it). Nothing is allocated unless a route fails more than eight groups, and then only while
/// the thread's set grows to its largest route.
struct FailedGroups: ~Copyable {
    private var recent = SIMD8<Int32>(repeating: -1)
    private var count = 0
    /// Unmanaged so that holding it costs the probe loops no reference counting; the
    /// thread's scratch keeps it alive.
    private var overflow: Unmanaged<GroupSet>?

    @inline(__always)
    func contains(_ group: Int32) -> Bool {
        guard count > 0 else { return false }
        if any(recent .== SIMD8(repeating: group)) { return true }
        guard count > 8, let overflow else { return false }
        return overflow.takeUnretainedValue().contains(group)
    }

    /// Records `group`, which is not yet recorded.
    mutating func insert(_ group: Int32) {
        if count < 8 {
            recent[count] = group
        } else {
            if overflow == nil { overflow = Unmanaged.passUnretained(RouteScratch.current.borrowGroupSet()) }
            overflow!.takeUnretainedValue().insert(group)
        }
        count += 1
    }

    /// Empties and hands back the thread's set, if this route borrowed it. Inlined up to the
    /// test: nearly every route borrowed nothing.
    @inline(__always)
    deinit {
        if let overflow { Self.giveBack(overflow) }
    }

    @inline(never)
    private static func giveBack(_ overflow: Unmanaged<GroupSet>) {
        overflow.takeUnretainedValue().removeAll()
        RouteScratch.current.giveBackGroupSet()
    }
}
