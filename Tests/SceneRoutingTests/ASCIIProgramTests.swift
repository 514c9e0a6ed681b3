import PCRE2Support
import Testing

@testable import SceneRouting

/// An ASCII program replaces evaluating a group's compiled predicate for ASCII identifiers, so
/// it must agree with that evaluation on every identifier; the arena must keep programs intact
/// while others are released, reused and compacted away.
@Suite struct ASCIIProgramTests {
    private static let formats = [
        "SELF BEGINSWITH[cd] 'sms:' AND SELF CONTAINS[cd] 'group-7;'",
        "SELF IN {'doc/7', 'https://example.com/doc/7'}",
        "(SELF BEGINSWITH 'note/7/' OR SELF == 'note-7') AND NOT SELF ENDSWITH '.tmp'",
        "NOT SELF BEGINSWITH 'zz'",
        "SELF ENDSWITH[c] '.PDF' OR SELF CONTAINS 'Topic' OR SELF == ''",
        "NOT (SELF == 'a' OR NOT SELF CONTAINS[c] 'B') AND TRUEPREDICATE",
        "SELF == nil OR SELF BEGINSWITH 'x'",
        "SELF != 'note-7' AND SELF IN {'note-7', 'NOTE-7', 'note-8'}",
        "SELF LIKE 'note*7*'",
        "SELF LIKE[c] 'FILE*.pdf' OR SELF LIKE 'a*b*a'",
        "SELF LIKE '*'",
        "SELF LIKE 'ab*ba' AND NOT SELF LIKE[cd] '*x*'",
        "SELF LIKE 'x\\\\*y*'",
        "SELF LIKE 'a'",
    ]

    private static let identifiers = [
        "", "a", "b", "B", "zz", "zz1", "x", "xy", "SMS:group-7;open", "sms:group-7;", "sms:group-77;", "Sms:GROUP-7;",
        "doc/7", "DOC/7", "https://example.com/doc/7", "https://example.com/doc/70", "note/7/x", "note/7/x.tmp",
        "note-7", "NOTE-7", "note-8", "file.pdf", "file.PdF", "forum/Topic-1", "forum/topic-1", "aB", "ab", "a b",
        "aba", "abba", "ab-ba", "abxba", "x*y", "x*yz", "xy", "A", "note77", "File-1.PDF",
    ]

    private func evaluate(_ root: CompiledNode, _ identifier: String) -> Bool {
        var ignored = false
        return Subject.with(identifier) { root.evaluate(&$0, budgetExceeded: &ignored) }
    }

    /// The predicate's answer with every pattern decided by its regex: a pattern's own
    /// evaluation decides ASCII identifiers as the program does, by its glob or skeleton.
    private func regexEvaluate(_ node: CompiledNode, _ identifier: String) -> Bool {
        switch node {
        case .pattern(let test): Array(identifier.utf8).withUnsafeBufferPointer { test.regexAnswer(ascii: $0) } == true
        case .not(let operand): !regexEvaluate(operand, identifier)
        case .and(let operands): operands.allSatisfy { regexEvaluate($0, identifier) }
        case .or(let operands): operands.contains { regexEvaluate($0, identifier) }
        default: evaluate(node, identifier)
        }
    }

    private func holds(_ program: [UInt8], _ identifier: String) -> Bool {
        program.withUnsafeBufferPointer { code in
            Array(identifier.utf8).withUnsafeBufferPointer { ASCIIProgram.holds(code.baseAddress!, $0) }
        }
    }

    @Test func agreesWithTheCompiledPredicateOnASCIIIdentifiers() throws {
        for format in Self.formats {
            let root = try ActivationPredicate(format: format).root
            let program = try #require(ASCIIProgram.encode(root), "\(format) has an ASCII form")
            #expect(
                program.withUnsafeBufferPointer { ASCIIProgram.size(of: $0.baseAddress!) } == program.count, "\(format)"
            )
            for identifier in Self.identifiers {
                #expect(holds(program, identifier) == regexEvaluate(root, identifier), "\(format) on '\(identifier)'")
                #expect(evaluate(root, identifier) == regexEvaluate(root, identifier), "\(format) on '\(identifier)'")
            }
        }
    }

    /// Random `*`-only LIKE patterns and identifiers over a small alphabet: the program
    /// decides as PCRE2 does.
    @Test func likeGlobsAgreeWithTheRegex() throws {
        var state: UInt64 = 41
        func below(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<400 {
            let pattern = (0..<(1 + below(6))).map { _ in ["a", "b", "*", "ab", "B"][below(5)] }.joined()
            let format = below(2) == 0 ? "SELF LIKE '\(pattern)'" : "SELF LIKE[c] '\(pattern)'"
            let root = try ActivationPredicate(format: format).root
            let program = try #require(ASCIIProgram.encode(root), "\(format)")
            for _ in 0..<30 {
                let identifier = (0..<below(7)).map { _ in ["a", "b", "A", "B", "-"][below(5)] }.joined()
                #expect(holds(program, identifier) == regexEvaluate(root, identifier), "\(format) on '\(identifier)'")
                #expect(evaluate(root, identifier) == regexEvaluate(root, identifier), "\(format) on '\(identifier)'")
            }
        }
    }

    /// A pattern that decides ASCII identifiers without its regex keeps the regex for the
    /// others, interpreted: no JIT code.
    @Test func onlyPatternsWithoutAProgramGetJITCode() throws {
        for format in ["SELF LIKE 'chart-*-7'", "SELF LIKE[c] 'SECTION-4/*'", "SELF MATCHES 'ticket-[0-9]+-7'"] {
            guard case .pattern(let test) = try ActivationPredicate(format: format).root else {
                Issue.record("\(format) is not one pattern")
                continue
            }
            #expect(test.pattern?.isJITCompiled == false, "\(format)")
            #expect(
                try ActivationPredicate(format: format).evaluate("chart-é-7") == format.hasPrefix("SELF LIKE 'chart"))
        }
        guard case .pattern(let test) = try ActivationPredicate(format: "SELF LIKE 'chart-?-7'").root else {
            Issue.record("not one pattern")
            return
        }
        #expect(test.skeleton == nil && test.literals.likeGlob == nil)
        #expect(try ActivationPredicate(format: "SELF LIKE 'chart-?-7'").evaluate("chart-é-7"))
    }

    @Test func refusesWhatNeedsARegexOrFoundation() throws {
        for format in [
            "SELF MATCHES 'a.*' AND SELF BEGINSWITH 'a'", "SELF LIKE 'a?' OR SELF == 'b'", "SELF LIKE 'é*'",
            "'abc' BEGINSWITH SELF",
            "SELF < 'm' AND SELF > 'a'", "SELF BEGINSWITH 'é' OR SELF == 'b'",
        ] {
            let root = try ActivationPredicate(format: format).root
            #expect(ASCIIProgram.encode(root) == nil, "\(format)")
        }
    }

    @Test func arenaReusesReleasedSpaceAndCompactsWithoutChangingPrograms() throws {
        let arena = ByteRecordArena(
            compactionFloor: TableTuning.standard.arenaCompactionFloor, recordSize: ASCIIProgram.size(of:))
        let programs = try Self.formats.map {
            try #require(ASCIIProgram.encode(try ActivationPredicate(format: $0).root))
        }
        let offsets = try programs.map { try #require(arena.store($0)) }
        // A released program's bytes go to the next program of the same size.
        arena.release(at: offsets[1])
        #expect(arena.unusedBytes == programs[1].count)
        #expect(arena.store(programs[1]) == offsets[1])
        #expect(arena.unusedBytes == 0)

        arena.release(at: offsets[0])
        arena.release(at: offsets[3])
        let live = [2, 4, 5, 6, 7, 1]
        let moved = arena.compacted(live.map { offsets[$0] })
        #expect(arena.unusedBytes == 0)
        #expect(moved.first == 0)
        for (position, index) in live.enumerated() {
            let stored = arena.withBytes {
                Array(UnsafeBufferPointer(start: $0 + Int(moved[position]), count: programs[index].count))
            }
            #expect(stored == programs[index], "program \(index) after compaction")
        }
        #expect(arena.approximateBytes >= live.map { programs[$0].count }.reduce(0, +))
    }
}
