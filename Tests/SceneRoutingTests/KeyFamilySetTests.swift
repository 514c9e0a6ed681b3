import Testing

@testable import SceneRouting

/// The family set a non-ASCII route walks: members in ascending raw value, and those after a
/// given family, for every subset of the three families.
@Suite struct KeyFamilySetTests {
    @Test func iteratesMembersInOrderAndAfterAFamily() {
        var all = KeyFamilySet()
        for family in KeyFamily.allCases { all.insert(family) }
        #expect(all == KeyFamilySet.all)
        for mask in 0..<(1 << KeyFamily.allCases.count) {
            let members = KeyFamily.allCases.filter { mask & 1 << $0.rawValue != 0 }
            var set = KeyFamilySet()
            for family in members { set.insert(family) }
            #expect(Array(set) == members, "mask \(mask)")
            #expect(set.first == members.first, "mask \(mask)")
            for family in KeyFamily.allCases {
                #expect(
                    Array(set.members(after: family)) == members.filter { $0.rawValue > family.rawValue },
                    "mask \(mask)")
            }
        }
    }
}
