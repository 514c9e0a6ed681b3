import Testing

@testable import SceneRouting

/// A table keeps the literal tests of its groups as records in pages of its own
/// (``LiteralTestArena``). A record must answer as the test it copies, hand back what was
/// stated, be reused once released, and survive compaction; a router whose churn compacts
/// the arena must route as before.
@Suite struct LiteralTestArenaTests {
    private static let literals = ["", "a", "note/17/", "com.example.app.window.123456", "Group-17;", "KELVIN"]
    private static let modes: [FoldMode] = [
        .literal, .canonical, .caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
    ]
    private static let operations: [LiteralTest.Operation] = [
        .equal, .less, .lessEqual, .greater, .greaterEqual, .beginsWith, .endsWith, .contains, .containedIn,
    ]
    private static let identifiers = [
        "", "a", "A", "note/17/x", "NOTE/17/", "com.example.app.window.123456", "group-17;", "kelvin", "\u{212A}ELVIN",
        "note/17/é", "Note/17/e\u{301}", "caf\u{E9}", "ＫＥＬＶＩＮ", "zzz",
    ]

    @Test func aRecordAnswersAsItsTestDoes() throws {
        let arena = LiteralTestArena(compactionFloor: 0)
        for literal in Self.literals {
            for mode in Self.modes {
                let between: [LiteralTest.Operation] = mode == .canonical ? [.between(upper: literal + "z")] : []
                for operation in Self.operations + between {
                    let test = LiteralTest.make(operation, literal: literal, mode: mode)
                    let record = try #require(arena.store(test))
                    let label = "\(operation) \(mode) \(literal.debugDescription)"
                    #expect(record.literal == literal && Array(record.literalUTF8) == Array(literal.utf8), "\(label)")
                    #expect(record.asciiLiteral.map(Array.init) == test.asciiLiteral.map(Array.init), "\(label)")
                    #expect("\(record.operation)" == "\(test.operation)", "\(label)")
                    for identifier in Self.identifiers {
                        var (kept, stored) = (false, false)
                        Subject.with(identifier) { kept = test.evaluate(&$0) }
                        Subject.with(identifier) { stored = record.evaluate(&$0) }
                        #expect(kept == stored, "\(label) on \(identifier.debugDescription)")
                    }
                    // The check a group of the record gets reaches the record again.
                    let check = ASCIICheck.arena(record)
                    #expect(check.arenaTest?.fields == record.fields, "\(label)")
                }
            }
        }
    }

    @Test func aNonASCIILiteralStaysInItsBlock() {
        let arena = LiteralTestArena(compactionFloor: 0)
        #expect(arena.store(LiteralTest.make(.equal, literal: "caf\u{E9}", mode: .literal)) == nil)
        #expect(arena.approximateBytes == 0)
    }

    @Test func releasedRecordsAreReusedAndCompactionKeepsTheLiveOnes() {
        let arena = LiteralTestArena(compactionFloor: 0)
        let literals = (0..<300).map { "doc-\($0)" }
        let records = literals.map { arena.store(LiteralTest.make(.beginsWith, literal: $0, mode: .caseInsensitive))! }
        let used = arena.approximateBytes
        #expect(used == records.reduce(0) { $0 + LiteralTestArena.recordBytes($1) })
        // Every record here rounds to one size: a released record takes the next of its size.
        arena.release(records[299])
        let reused = arena.store(LiteralTest.make(.beginsWith, literal: "doc-999", mode: .caseInsensitive))!
        #expect(reused.fields == records[299].fields && arena.approximateBytes == used)
        for record in records[..<150] { arena.release(record) }
        #expect(!arena.needsCompaction, "as many bytes unused as live")
        arena.release(records[150])
        #expect(arena.needsCompaction)
        let live = Array(records[151..<299]) + [reused]
        let liveBytes = live.reduce(0) { $0 + LiteralTestArena.recordBytes($1) }
        // The old records' pages are unmapped here: only the copies may be read.
        let moved = arena.compacted(live)
        #expect(!arena.needsCompaction)
        #expect(arena.approximateBytes == liveBytes)
        let expected = Array(literals[151..<299]) + ["doc-999"]
        #expect(moved.map(\.literal) == expected)
        for (record, literal) in zip(moved, expected) {
            var holds = false
            Subject.with(literal.uppercased() + "/x") { holds = record.evaluate(&$0) }
            #expect(holds, "\(literal)")
        }
    }

    private static func activated(_ decision: RoutingDecision) -> String? {
        if case .activate(let id) = decision.action { return id }
        return nil
    }

    /// Opening and closing windows releases records and compacts the arena (no floor here):
    /// what stays routes ASCII and non-ASCII identifiers to the same windows, and hands back
    /// its predicates as stated.
    @Test func churnThatCompactsTheArenaRoutesAsBefore() throws {
        let formats = ["SELF == %@", "SELF BEGINSWITH[c] %@", "SELF CONTAINS[cd] %@", "SELF ENDSWITH %@"]
        func session(_ index: Int) throws -> SceneSession {
            let predicate = try ActivationPredicate(
                format: formats[index % formats.count], arguments: [.string("item-\(index)/")])
            return SceneSession(
                id: "s\(index)", declaration: "Main", state: .background, lastActive: index,
                conditions: ActivationConditions(canActivate: .alwaysFalse, prefersToActivate: predicate))
        }
        let router = SceneRouter(
            app: try SceneApp(declarations: [SceneDeclaration(name: "Main")], sessions: (0..<400).map(session)),
            tuning: TableTuning(arenaCompactionFloor: 0))
        for index in 0..<400 where index % 5 != 0 { try router.close(sessionID: "s\(index)") }
        for index in 400..<440 { try router.open(try session(index)) }
        let open = Array(stride(from: 0, to: 400, by: 5)) + Array(400..<440)
        let stated = Dictionary(
            uniqueKeysWithValues: router.snapshot.sessions.map { ($0.id, $0.conditions.prefersToActivate) })
        #expect(stated.count == open.count)
        for index in open {
            let literal = "item-\(index)/"
            let identifier: String
            let nonASCII: String
            switch index % formats.count {
            case 0: (identifier, nonASCII) = (literal, literal)
            case 1: (identifier, nonASCII) = (literal.uppercased() + "x", literal + "é")
            case 2: (identifier, nonASCII) = ("a/" + literal + "b", "é/" + literal.uppercased() + "x")
            default: (identifier, nonASCII) = ("x" + literal, "é" + literal)
            }
            #expect(Self.activated(router.route(identifier: identifier)) == "s\(index)", "\(identifier)")
            if index % formats.count != 0 {
                #expect(Self.activated(router.route(identifier: nonASCII)) == "s\(index)", "\(nonASCII)")
            }
            let predicate = try #require(stated["s\(index)"])
            #expect(predicate.format == formats[index % formats.count])
            #expect(predicate.arguments == [.string(literal)])
        }
        #expect(Self.activated(router.route(identifier: "item-1/")) == nil, "a closed window's literal")
    }
}
