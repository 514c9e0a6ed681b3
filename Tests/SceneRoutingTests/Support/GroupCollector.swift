@testable import SceneRouting

/// Collects the groups a literal index probe reports, each once.
struct GroupCollector: GroupVisitor {
    var groups = Set<Int32>()
    mutating func visit(_ group: Int32) { groups.insert(group) }
}
