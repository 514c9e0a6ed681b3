/// How an identifier's bytes are read when probing: as is, or with ASCII lowercased (an
/// ASCII identifier probed for case-insensitive keys).
enum ByteReading: Int, Sendable, CaseIterable {
    case raw = 0
    case lowercase = 1
}
