import Dispatch
import Synchronization
import Testing

@testable import SceneRouting

/// The build's hand-off of prepared groups between threads: every session reaches the filling
/// thread once, in order, with its own preparation or none.
@Suite struct PreparationPipelineTests {
    /// Three chunks and a few sessions more; a predicate per session, from a small pool that
    /// has lone keys, several keys with a program, and a choice left to the tier.
    private static let sessionCount = 3 * PreparationPipeline.chunkSize + 5
    private static let formats =
        (0..<40).map { "SELF == 'doc-\($0)'" } + (0..<40).map { "SELF BEGINSWITH 'note/\($0)/'" }
        + (0..<10).map { "(SELF BEGINSWITH 'a/\($0)/' OR SELF == 'b-\($0)') AND NOT SELF ENDSWITH '.tmp'" }
        + (0..<10).map { "SELF BEGINSWITH[cd] 'sms:' AND SELF CONTAINS[cd] 'group-\($0);'" }

    /// What a preparation says, comparably: its keys and its program's bytes (read while the
    /// chunk holding them is alive).
    private struct Summary: Equatable {
        var keys: [LiteralIndex.HashedKey]?
        var program: [UInt8]?
        var hasCheck: Bool

        init(_ preparation: GroupPreparation) {
            if case .keys(let hashed)? = preparation.filing { keys = (0..<hashed.count).map { hashed[$0] } }
            switch preparation.verification {
            case .program(let bytes)?: (program, hasCheck) = (Array(bytes), false)
            case .check?: (program, hasCheck) = (nil, true)
            case nil: (program, hasCheck) = (nil, false)
            }
        }
    }

    private static func pipeline() throws -> (PreparationPipeline, expected: [Summary]) {
        let roots = try formats.map { try ActivationPredicate(format: $0).root }
        let space = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        defer { space.deallocate() }
        var programs = ProgramSpace(base: space, capacity: 1 << 16)
        let expected = roots.map { Summary(GroupPreparation($0, programs: &programs)) }
        // Every seventh session is not enrolled in the tier: nothing is prepared for it.
        let pipeline = PreparationPipeline(sessionCount: sessionCount) { index, programs in
            index % 7 == 3 ? nil : GroupPreparation(roots[index % roots.count], programs: &programs)
        }
        return (pipeline, expected)
    }

    /// What the filling thread was handed: each session's index and preparation, in order.
    private static func fill(_ pipeline: PreparationPipeline) -> [(Int, Summary?)] {
        var handed: [(Int, Summary?)] = []
        pipeline.fill { session, preparation in handed.append((session, preparation.map(Summary.init))) }
        return handed
    }

    private static func expectation(for session: Int, _ expected: [Summary]) -> Summary? {
        session % 7 == 3 ? nil : expected[session % expected.count]
    }

    /// The pool covers each kind of preparation.
    @Test func preparationsOfEachShape() throws {
        let (_, expected) = try Self.pipeline()
        #expect(expected[0].keys?.count == 1 && expected[0].hasCheck)
        #expect(expected[80].keys?.count == 2 && expected[80].program != nil)
        #expect(expected[90].keys == nil && expected[90].program != nil)
    }

    @Test func withoutHelpersNothingIsPrepared() throws {
        let (pipeline, _) = try Self.pipeline()
        let handed = Self.fill(pipeline)
        #expect(handed.map(\.0) == Array(0..<Self.sessionCount))
        #expect(handed.allSatisfy { $0.1 == nil })
    }

    @Test func helpersFirstPrepareEverySession() throws {
        let (pipeline, expected) = try Self.pipeline()
        pipeline.help()
        let handed = Self.fill(pipeline)
        #expect(handed.map(\.0) == Array(0..<Self.sessionCount))
        let wrong = handed.filter { session, summary in summary != Self.expectation(for: session, expected) }
        #expect(wrong.isEmpty, "\(wrong.prefix(3).map(\.0))")
    }

    /// Filling and helping at once: the helpers' chunks are the last ones, and each of their
    /// sessions carries its own preparation.
    @Test func fillingAndHelpingTogether() throws {
        for _ in 0..<4 {
            let (pipeline, expected) = try Self.pipeline()
            let handed = Mutex<[(Int, Summary?)]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { task in
                if task == 0 {
                    let filled = Self.fill(pipeline)
                    handed.withLock { $0 = filled }
                } else {
                    pipeline.help()
                }
            }
            let result = handed.withLock { $0 }
            #expect(result.map(\.0) == Array(0..<Self.sessionCount))
            let preparedChunks = Set(result.filter { $0.1 != nil }.map { $0.0 / PreparationPipeline.chunkSize })
            if let first = preparedChunks.min() {
                #expect(preparedChunks == Set(first...(Self.sessionCount - 1) / PreparationPipeline.chunkSize))
                let wrong = result.filter { session, summary in
                    session / PreparationPipeline.chunkSize >= first
                        && summary != Self.expectation(for: session, expected)
                }
                #expect(wrong.isEmpty, "\(wrong.prefix(3).map(\.0))")
            }
        }
    }
}
