import Foundation
import PredicateSyntax
import Testing

@testable import SceneRouting

/// Deeply nested predicates: the parser refuses more than `Parser.maximumNestingDepth`
/// levels with a located error, and at the limit every recursive pass (parse, validate,
/// compile, index, ASCII program, evaluate, lint, release) fits a 512 KiB thread stack.
@Suite struct NestingLimitTests {
    /// `NOT (SELF == 'a0' AND NOT (SELF == 'a1' OR NOT (…)))`: each level adds a NOT and an
    /// AND or OR node, the deepest tree a given number of parentheses allows.
    static func alternating(depth: Int) -> String {
        var text = "SELF == 'leaf'"
        for level in (0..<depth).reversed() {
            text = "NOT (SELF == 'a\(level)' \(level.isMultiple(of: 2) ? "AND" : "OR") \(text))"
        }
        return text
    }

    /// What ``alternating(depth:)`` gives for `identifier`, computed without a parser.
    static func expectedAlternating(depth: Int, _ identifier: String) -> Bool {
        var value = identifier == "leaf"
        for level in (0..<depth).reversed() {
            let atom = identifier == "a\(level)"
            value = !(level.isMultiple(of: 2) ? atom && value : atom || value)
        }
        return value
    }

    /// Runs `body` on a thread with a 512 KiB stack (the size of a secondary thread on
    /// Apple's systems, smaller than Linux's default) and waits for it.
    /// Under ThreadSanitizer every frame carries the tool's bookkeeping, so the same calls
    /// need several times the stack; the limit being tested is the uninstrumented one.
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 512 * 1024 * (underThreadSanitizer ? 4 : 1)
        thread.start()
        done.wait()
    }

    /// Whether the ThreadSanitizer runtime is linked into this process.
    static let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

    @Test func parenthesesBeyondTheLimitAreALocatedError() {
        let depth = Parser.maximumNestingDepth + 1
        let format = String(repeating: "(", count: depth) + "SELF == 'a'" + String(repeating: ")", count: depth)
        #expect(throws: Diagnostic.self) { try Parser.parse(format) }
        do {
            _ = try Parser.parse(format)
        } catch {
            #expect(error.code == .nestingTooDeep)
            #expect(error.excerpt?.offset == Parser.maximumNestingDepth)
            #expect(error.message == "parentheses and aggregates nest deeper than 100 levels")
            // The caret line is cut to a window around the offending parenthesis.
            let lines = error.rendered().split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines[1].count < 200)
            #expect(lines[1].hasPrefix("…") && lines[1].hasSuffix("…"))
            #expect(lines[2] == Substring(String(repeating: " ", count: 61) + "^"))
        }
    }

    @Test func nestedAggregatesCountTowardsTheLimit() {
        let depth = Parser.maximumNestingDepth + 1
        let format = "SELF IN " + String(repeating: "{", count: depth) + "'a'" + String(repeating: "}", count: depth)
        #expect(throws: Diagnostic.self) { try Parser.parse(format) }
        let within = "SELF IN {{'a'}, 'b'}"
        #expect((try? Parser.parse(within)) != nil)
    }

    @Test func longRunsOfNotFoldWithoutRecursion() throws {
        let odd = String(repeating: "NOT ", count: 30_001) + "SELF == 'a'"
        let even = String(repeating: "! ", count: 30_000) + "SELF == 'a'"
        #expect(try ActivationPredicate(format: odd).evaluate("a") == false)
        #expect(try ActivationPredicate(format: odd).evaluate("b") == true)
        #expect(try ActivationPredicate(format: even).evaluate("a") == true)
        // The run folds to one NOT around the comparison.
        guard case .not(.comparison) = try Parser.parse(odd).node else {
            Issue.record("30,001 NOTs should fold to a single NOT")
            return
        }
        guard case .comparison = try Parser.parse(even).node else {
            Issue.record("30,000 NOTs should fold away")
            return
        }
        // A dangling NOT still names what it expected.
        #expect(throws: Diagnostic.self) { try Parser.parse(String(repeating: "NOT ", count: 50_000)) }
    }

    @Test func everyPassFitsASmallStackAtTheLimit() {
        Self.onSmallStack {
            let depth = Parser.maximumNestingDepth - 1
            let format = Self.alternating(depth: depth)
            guard let predicate = try? ActivationPredicate(format: format) else {
                Issue.record("a predicate at the nesting limit must parse")
                return
            }
            // Evaluated with an ASCII and a non-ASCII identifier, through the reference router
            // and the table (indexing and ASCII programs recurse over the tree too).
            let conditions = ActivationConditions(canActivate: predicate, prefersToActivate: predicate)
            let app = try! SceneApp(
                declarations: [SceneDeclaration(name: "Main", matching: predicate)],
                sessions: [SceneSession(id: "S", declaration: "Main", conditions: conditions)])
            let router = SceneRouter(app: app)
            for identifier in ["a0", "a1", "a98", "leaf", "é-leaf", "zzz"] {
                #expect(
                    predicate.evaluate(identifier) == Self.expectedAlternating(depth: depth, identifier),
                    "\(identifier)")
                let expected = ReferenceRouter.route(identifier: identifier, in: app)
                let actual = router.route(identifier: identifier)
                #expect(expected.action == actual.action && expected.reason == actual.reason, "\(identifier)")
            }
            // Lint walks the parsed tree again.
            let site = PredicateSite(
                path: "sessions[0].canActivate", role: .canActivate, predicate: predicate, ownerIndex: 0,
                archivedSize: predicate.archivedSize)
            let warnings = ManifestChecker.lint(app, sites: [site], uikitStrict: true, file: "app.json")
            #expect(warnings.contains { $0.code == Diagnostic.Code("ambiguous-precedence") } == false)
        }
    }

    @Test func jsonNestsAtMostAHundredLevelsAndFitsASmallStack() {
        @Sendable func manifest(depth: Int) -> Data {
            Data(
                ("{\"declarations\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                    + "}").utf8)
        }
        Self.onSmallStack {
            do throws(ManifestError) {
                _ = try ManifestLoader.load(manifest(depth: JSONParser.maximumDepth - 1), file: "deep.json")
                Issue.record("an array of arrays is not a declaration")
            } catch {
                #expect(
                    error.description == "deep.json:1:18: declarations[0]: error: expected an object, found an array")
            }
            do throws(ManifestError) {
                _ = try ManifestLoader.load(manifest(depth: JSONParser.maximumDepth), file: "deep.json")
                Issue.record("nesting beyond the limit must be refused")
            } catch {
                #expect(error.errors.first?.message == "nesting deeper than 100 levels")
                #expect(error.errors.first?.column == 116)
            }
        }
    }
}
