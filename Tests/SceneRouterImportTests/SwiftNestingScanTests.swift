import Foundation
import Testing

@testable import SceneRouterImport

/// What the nesting scan counts and what it does not, and the worker pool's deadline.
@Suite struct SwiftNestingScanTests {
    static let deep = String(repeating: "[", count: 20)

    @Test func textThatIsNotCodeIsNotCounted() {
        let sources = [
            "let s = \"\(Self.deep)\"",
            "// \(Self.deep)",
            "/* /* \(Self.deep) */ \(Self.deep) */",
            "let r = #\"\\(\"\(Self.deep)\"#",
            "let m = \"\"\"\n\(Self.deep)\n\"\"\"",
            String(repeating: "let s = \"#if A\"\n", count: 100),
            "let x = a" + String(repeating: "\n    .b()", count: 400),
            "let c = " + Array(repeating: "a.b.c", count: 2_000).joined(separator: " + "),
            "if a<b && c<d { }\n" + String(repeating: "x = y<z\n", count: 200),
        ]
        for source in sources {
            #expect(SwiftNestingScan.check(source) == nil, "\(source.prefix(80))")
        }
    }

    /// Tokens at the very start or end of a file are read without going past it.
    @Test func theEdgesOfTheFile() {
        for source in [".", ".a", "<", "a<", "(", ")", "]", "\"", "#", "#\"", "\"\"\"", "/*", "//", "\\(", "@", ""] {
            _ = SwiftNestingScan.check(source)
        }
        #expect(SwiftNestingScan.check(".a.b") == nil)
    }

    @Test func interpolationsAreCode() {
        let source = "let s = \"\\(" + Self.deep + "1" + String(repeating: "]", count: 20) + ")\""
        #expect(SwiftNestingScan.check(source)?.message == "'[' nested more than 16 deep")
        // A string inside an interpolation: swift-syntax's lookahead reads its text as
        // brackets, in time that doubles with each.
        for nested in ["let s = \"\\(n\"" + Self.deep, "let s = \"\\(n\"" + Self.deep + "\")\""] {
            #expect(
                SwiftNestingScan.check(nested)?.message
                    == "'[' nested more than 16 deep (in a string inside an interpolation)")
        }
        #expect(SwiftNestingScan.check("let s = \"\\(n\"[[a]]\")\"") == nil)
        // A modifier chain over many lines is one chain.
        let chain = "let x = a" + String(repeating: "\n    .b()", count: 1_001)
        #expect(SwiftNestingScan.check(chain)?.message == "a chain of more than 1000 members, calls and subscripts")
    }

    @Test func aRunawayPieceOfWorkIsAbandonedAtItsDeadline() {
        let results = BoundedParallelWork.run(count: 3, width: 2, deadline: 0.5) { index in
            if index == 1 { Thread.sleep(forTimeInterval: 30) }
            return "done \(index)"
        } timedOut: { index in
            "timed out \(index)"
        }
        #expect(results == ["done 0", "timed out 1", "done 2"])
    }

    /// Recursion far deeper than a Dispatch worker's stack allows runs on the pool's threads.
    @Test func workersHaveDeepStacks() {
        @Sendable func depth(_ level: Int) -> Int { level == 0 ? 0 : 1 + depth(level - 1) }
        let results = BoundedParallelWork.run(count: 1, deadline: 60) { _ in
            depth(200_000)
        } timedOut: { _ in
            -1
        }
        #expect(results == [200_000])
    }
}
