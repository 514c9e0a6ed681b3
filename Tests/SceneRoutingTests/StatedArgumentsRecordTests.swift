import Testing

@testable import SceneRouting

/// The record a group kept as text states its arguments in must give back exactly the
/// arguments stated, and recognise them (and nothing else) byte for byte in place.
@Suite struct StatedArgumentsRecordTests {
    private static let cases: [ActivationPredicate.StoredArguments] = [
        .none,
        .one(""),
        .one("ticket-[0-9]+-17"),
        .one("caf\u{E9}/\u{1F4C4}"),
        .many([.string("note/17/"), .string("note-17")]),
        .many([.strings([])]),
        .many([.strings(["doc/7", "", "https://example.com/doc/7"]), .string("x")]),
        .many([.string(""), .strings(["cafe\u{301}"])]),
    ]

    private static func withRecord<Result>(
        _ arguments: ActivationPredicate.StoredArguments, _ body: (UnsafePointer<UInt8>, Int) -> Result
    ) throws -> Result {
        let bytes = try #require(StatedArgumentsRecord.encode(arguments))
        return bytes.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
    }

    @Test(arguments: cases)
    func recordsGiveBackTheArgumentsStated(_ arguments: ActivationPredicate.StoredArguments) throws {
        try Self.withRecord(arguments) { record, count in
            #expect(StatedArgumentsRecord.size(of: record) == count)
            let read = StatedArgumentsRecord.arguments(at: record)
            #expect(read.hasSameBytes(as: arguments), "\(read)")
            #expect(StatedArgumentsRecord.states(arguments, at: record))
        }
    }

    /// Every other case, and arguments that differ by a byte, a member or a canonically
    /// equivalent spelling, are not what a record states.
    @Test(arguments: cases)
    func recordsStateNothingElse(_ arguments: ActivationPredicate.StoredArguments) throws {
        let others =
            Self.cases.filter { !$0.hasSameBytes(as: arguments) } + [
                .one("ticket-[0-9]+-1"), .one("cafe\u{301}/\u{1F4C4}"), .many([.string("note/17/")]),
                .many([.string("note/17/"), .string("note-17"), .string("")]),
                .many([.strings(["doc/7", "", "https://example.com/doc/7"]), .strings(["x"])]),
                .many([.string(""), .strings(["caf\u{E9}"])]),
            ]
        try Self.withRecord(arguments) { record, _ in
            for other in others where !other.hasSameBytes(as: arguments) {
                #expect(!StatedArgumentsRecord.states(other, at: record), "\(arguments) states \(other)")
            }
        }
    }

    /// A group that keeps its own format records it first: the record states that format and
    /// then the arguments, and no other format or arguments.
    @Test(arguments: cases)
    func recordsOfAnOwnFormatStateItAndTheArguments(_ arguments: ActivationPredicate.StoredArguments) throws {
        let format = "SELF CONTAINS[cd] \"topic-7.\""
        try Self.withRecord(.many([.string(format)] + arguments.array)) { record, _ in
            #expect(StatedArgumentsRecord.states(format: format, then: arguments, at: record))
            #expect(
                !StatedArgumentsRecord.states(format: "SELF CONTAINS[cd] \"topic-8.\"", then: arguments, at: record))
            #expect(
                !StatedArgumentsRecord.states(format: format, then: .many(arguments.array + [.string("")]), at: record))
            for other in Self.cases where !other.hasSameBytes(as: arguments) {
                #expect(!StatedArgumentsRecord.states(format: format, then: other, at: record), "\(other)")
            }
        }
    }

    /// Records back to back in an arena: each is read at its offset and no further, released
    /// bytes are reused by a record of the same size, and compaction keeps them as they were.
    @Test func recordsLiveInAnArenaBackToBack() throws {
        let arena = ByteRecordArena(compactionFloor: 0, recordSize: StatedArgumentsRecord.size(of:))
        let records = try Self.cases.map { try #require(StatedArgumentsRecord.encode($0)) }
        let offsets = try records.map { try #require(arena.store($0)) }
        arena.release(at: offsets[2])
        arena.release(at: offsets[5])
        #expect(arena.unusedBytes == records[2].count + records[5].count)
        #expect(arena.store(records[2]) == offsets[2])
        arena.release(at: offsets[2])
        let live = Self.cases.indices.filter { $0 != 2 && $0 != 5 }
        let moved = arena.compacted(live.map { offsets[$0] })
        #expect(arena.unusedBytes == 0)
        arena.withBytes { base in
            for (position, index) in live.enumerated() {
                #expect(
                    StatedArgumentsRecord.arguments(at: base + Int(moved[position])).hasSameBytes(as: Self.cases[index])
                )
            }
        }
    }
}
