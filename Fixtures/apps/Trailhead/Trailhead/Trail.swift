import Foundation

struct Trail: Identifiable, Hashable {
    var id: String
    var name: String

    static let all = [Trail(id: "eagle-peak", name: "Eagle Peak"), Trail(id: "cedar-loop", name: "Cedar Loop")]
}
