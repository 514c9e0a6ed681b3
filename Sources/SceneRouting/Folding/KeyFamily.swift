/// Which comparisons share index keys, and so how a literal and an identifier are folded
/// before the index compares their bytes.
///
/// A family's fold must give equal bytes to any two strings its comparisons consider
/// equal, and must fold a string one scalar at a time (so a substring's fold is a
/// substring of the fold). Then whenever a comparison matches, the folded literal occurs
/// in the folded identifier where the comparison needs it, and the index finds every
/// predicate that can match; the predicate itself still decides.
///
/// One fold cannot serve every option: CFString folds `ᾳ` to `αι` under `[c]` but to `α`
/// under `[cd]`, so a common fold would have to erase every `ι`. Hence three families.
enum KeyFamily: Int, Sendable, CaseIterable {
    /// `==` and the other operators without options, `[n]` and `[d]`: compatibility
    /// decomposition with marks removed (`é` → `e`, `Ａ` → `A`, `ﬁ` → `fi`), case kept.
    case caseSensitive = 0
    /// `[c]`: also case-folded (`ß` → `ss`, `K` → `k`, `ᾳ` → `αι`).
    case caseInsensitive = 1
    /// `[cd]` (and SwiftUI sets): case-folded after diacritics are removed (`ᾳ` → `α`).
    case caseAndDiacriticInsensitive = 2

    /// How ASCII text is read for this family: as is, or lowercased.
    var asciiReading: ByteReading { self == .caseSensitive ? .raw : .lowercase }
}
