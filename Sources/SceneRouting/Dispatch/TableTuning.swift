/// Settings of a table that change how it spends memory and time, never what it decides.
struct TableTuning: Sendable {
    /// Unused program-arena bytes below which a tier's arena is never compacted. Tests set 0
    /// so that churn compacts small tables too.
    var programCompactionFloor = 1 << 20

    static let standard = TableTuning()
}
