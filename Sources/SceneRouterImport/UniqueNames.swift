/// Declaration names made unique as they are claimed: a name already taken gets its
/// alternative (a UIKit configuration's role), else a number (`note 2`, `note 3`, …),
/// the next number for each name remembered so that many equal names cost linear time.
struct UniqueNames {
    private var taken = Set<String>()
    private var nextNumber: [String: Int] = [:]

    /// `name` when free; else `alternative` when given and free; else the first free
    /// `BASE N` for N from 2, BASE being the alternative (or the name).
    mutating func claim(_ name: String, alternative: String? = nil) -> String {
        // A manifest's names are never empty: an empty one (`UISceneConfigurationName` = "") is numbered.
        let name = name.isEmpty ? "Unnamed" : name
        if taken.insert(name).inserted { return name }
        if let alternative, taken.insert(alternative).inserted { return alternative }
        let base = alternative ?? name
        var number = nextNumber[base, default: 2]
        while taken.contains("\(base) \(number)") { number += 1 }
        nextNumber[base] = number + 1
        let numbered = "\(base) \(number)"
        taken.insert(numbered)
        return numbered
    }
}
