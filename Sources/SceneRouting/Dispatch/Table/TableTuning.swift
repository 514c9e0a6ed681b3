/// Settings of a table that change how it spends memory and time, never what it decides.
struct TableTuning: Sendable {
    /// Unused bytes below which a tier's program and literal-test arenas are never compacted.
    /// Tests set 0 so that churn compacts small tables too.
    var arenaCompactionFloor = 1 << 20
    /// Whether a build on several threads prepares every prefer group before filling the tier
    /// (``PreparationPipeline``) rather than only those helpers reach first. Tests set it so
    /// that the prepared path builds whole tables.
    var preparesEveryGroupFirst = false
    /// The most prefix, suffix and inner keys a tier's index compares directly with each
    /// identifier (``FlatKeys``); past that it hashes them: about where hashing becomes the
    /// cheaper probe. Tests also set 0, so that small apps exercise the hash tables.
    var flatKeyLimit = 24

    static let standard = TableTuning()
}
