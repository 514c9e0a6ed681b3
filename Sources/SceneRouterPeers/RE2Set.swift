#if RE2
internal import CRE2Set

/// Expressions compiled into one RE2::Set, anchored at both ends, with `.` matching
/// newlines; its automata may use at most ``maximumMemory`` bytes.
final class RE2Set: RegexSetEngine {
    /// RE2's memory budget for the set's programs and DFA (its default, 8 MiB, does not
    /// hold a few thousand expressions).
    static let maximumMemory: Int64 = 4 << 30

    private let set: OpaquePointer

    init(expressions: [String]) throws(PeerCompileError) {
        set = re2_set_new(Self.maximumMemory)
        var error = [CChar](repeating: 0, count: 512)
        for expression in expressions {
            var text = expression
            let index = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    re2_set_add(set, $0.baseAddress, $0.count, &error, error.count)
                }
            }
            if index < 0 {
                re2_set_free(set)
                throw PeerCompileError(
                    engine: "re2set", expression: expression,
                    message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        guard re2_set_compile(set) != 0 else {
            re2_set_free(set)
            throw PeerCompileError(engine: "re2set", expression: nil, message: "out of memory compiling the set")
        }
    }

    deinit { re2_set_free(set) }

    func scan(_ subject: UnsafeBufferPointer<UInt8>, into matches: inout [Int32]) -> Int? {
        while true {
            // An empty subject has no base address; RE2 reads nothing from this one.
            var empty: CChar = 0
            let count = matches.withUnsafeMutableBufferPointer { buffer in
                subject.withMemoryRebound(to: CChar.self) { text in
                    withUnsafePointer(to: &empty) { empty in
                        re2_set_match(set, text.baseAddress ?? empty, text.count, buffer.baseAddress, buffer.count)
                    }
                }
            }
            guard count >= 0 else { return nil }
            if count <= matches.count { return count }
            matches = [Int32](repeating: 0, count: count * 2)
        }
    }

    var compiledBytes: Int? { nil }
}
#endif
