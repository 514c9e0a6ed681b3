import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The member heaps by group (``MemberHeaps``) against a dictionary: insertions, changes in
/// place and removals in any order, through growth and the moves that removal makes in the
/// runs of neighbouring positions.
@Suite struct MemberHeapsTests {
    @Test func agreesWithADictionaryThroughChurn() {
        var random = DeterministicRandom(seed: 16)
        var heaps = MemberHeaps()
        var model: [Int32: [Int32]] = [:]
        for step in 0..<20_000 {
            // Few distinct ids, so runs of neighbouring positions form and removals move them.
            let group = Int32(random.below(400))
            switch (model[group] != nil, random.below(3)) {
            case (false, _):
                let heap = (0..<(2 + random.below(3))).map { _ in Int32(random.below(1_000)) }
                heaps.insert(heap, for: group)
                model[group] = heap
            case (true, 0):
                #expect(heaps.remove(group) == model.removeValue(forKey: group), "step \(step)")
            default:
                let added = Int32(random.below(1_000))
                heaps.withHeap(of: group) { $0.append(added) }
                model[group]!.append(added)
            }
            #expect(heaps.count == model.count, "step \(step)")
        }
        for (group, heap) in model {
            #expect(heaps.withHeap(of: group) { $0 } == heap, "group \(group)")
        }
        for group in model.keys.shuffled(using: &random) {
            #expect(heaps.remove(group) == model[group], "group \(group)")
        }
        #expect(heaps.count == 0)
    }
}
