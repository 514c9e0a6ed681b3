/// A whole predicate's test on ASCII identifiers, as plain data kept beside a group's best
/// session: verifying an index hit then reads the literal's bytes directly instead of walking
/// from the group's compiled predicate through its nodes (at a million groups, each hop a
/// cache miss). Exactly what ``LiteralTest`` computes for an ASCII identifier. A predicate
/// that is one pattern test keeps that test here instead, for any identifier.
///
/// `@unchecked Sendable`: the literal's bytes are written once, before any check reads them.
struct ASCIICheck: @unchecked Sendable, BitwiseCopyable {
    enum Operation: UInt8, Sendable, BitwiseCopyable {
        /// No ASCII form: evaluate the compiled predicate.
        case none, equal, prefix, suffix, contains
        /// A ``ASCIIProgram`` in the tier's ``ByteRecordArena``, at the offset `count` holds.
        case program
        /// The predicate is one LIKE or MATCHES test, reached through a pointer kept here and
        /// evaluated for any identifier, ASCII or not (``evaluatePattern(_:budgetExceeded:)``).
        case pattern
        /// The predicate is one literal test without an ASCII form (most often one on a
        /// non-ASCII literal), reached through a pointer kept here and evaluated for any
        /// identifier (``evaluateLiteral(_:)``).
        case literalTest

        /// Whether the check compares the identifier with literal bytes it points at.
        var comparesLiteral: Bool {
            switch self {
            case .equal, .prefix, .suffix, .contains: true
            case .none, .program, .pattern, .literalTest: false
            }
        }
    }

    // The literal's bytes, owned by the group's ``LiteralTest`` or its record in the tier's
    // ``LiteralTestArena``, or (`.pattern`) the group's ``PatternTest``: the group keeps
    // them alive. The pointer and count come first and the four one-byte fields last, so the
    // check packs into 16 bytes and a ``GroupHead`` into 40.
    private var start: UnsafeRawPointer?
    private var count: Int32
    var operation: Operation
    var caseless: Bool
    /// The check decides non-ASCII identifiers too: `==` on a non-ASCII literal compared byte
    /// for byte, which `.equal` without `caseless` computes for any identifier. Verifying such
    /// a group then reads the literal here rather than through its test (a cache miss fewer
    /// at scale) and skips the test's folds.
    private(set) var decidesAnyIdentifier = false
    /// The test is a record in the tier's ``LiteralTestArena``: a `.literalTest` check points
    /// at the record, a single-test check at its ASCII form, the first of its bytes.
    private(set) var inArena = false

    init(operation: Operation, caseless: Bool, literal: UnsafeBufferPointer<UInt8>) {
        self.operation = operation
        self.caseless = caseless
        start = literal.baseAddress.map(UnsafeRawPointer.init)
        count = Int32(clamping: literal.count)
    }

    /// A check that evaluates `test`, the whole predicate of a group that keeps it alive.
    static func pattern(_ test: PatternTest) -> ASCIICheck { reaching(test, as: .pattern) }

    /// A check that evaluates `test`, the whole predicate of a group that keeps it alive.
    static func literalTest(_ test: LiteralTest) -> ASCIICheck { reaching(test.storage, as: .literalTest) }

    private static func reaching(_ test: AnyObject, as operation: Operation) -> ASCIICheck {
        var check = ASCIICheck.none
        check.operation = operation
        check.start = UnsafeRawPointer(Unmanaged.passUnretained(test).toOpaque())
        return check
    }

    /// Evaluates a `.pattern` check's test without retaining it: a retain and release per
    /// verification were a fifth of a regex-heavy route.
    @inline(__always)
    func evaluatePattern(_ subject: inout Subject, budgetExceeded: inout Bool) -> Bool {
        withTest(PatternTest.self) { $0.evaluate(&subject, budgetExceeded: &budgetExceeded) }
    }

    /// Evaluates a `.literalTest` check's test without retaining it, or copying the group's
    /// compiled predicate to reach it.
    @inline(__always)
    func evaluateLiteral(_ subject: inout Subject) -> Bool {
        if inArena { return LiteralTestView(record: start!).evaluate(&subject) }
        return withTest(LiteralTest.Storage.self) { LiteralTest(storage: $0).evaluate(&subject) }
    }

    /// The check of a group whose test is the record `view` reads in its tier's arena: a
    /// single-test check on its ASCII form when there is one, else one that evaluates it.
    static func arena(_ view: LiteralTestView) -> ASCIICheck {
        var check = ASCIICheck(view) ?? ASCIICheck.none
        if check.operation == .none {
            check.operation = .literalTest
            check.start = UnsafeRawPointer(view.fields)
        }
        check.inArena = true
        return check
    }

    /// The record a check of ``arena(_:)`` reads, which computes what the check does not
    /// decide (a non-ASCII identifier); nil for other checks.
    var arenaTest: LiteralTestView? {
        guard inArena, let start else { return nil }
        return LiteralTestView(record: operation == .literalTest ? start : start - LiteralTestView.recordHeaderBytes)
    }

    /// `start` read as the test it points at: only a `.pattern` check holds a ``PatternTest``
    /// there and only a `.literalTest` check a ``LiteralTest`` (debug builds check which).
    @inline(__always)
    private func withTest<Test: AnyObject, Result>(_ type: Test.Type, _ body: (Test) -> Result) -> Result {
        assert(
            (operation == .pattern && Test.self == PatternTest.self)
                || (operation == .literalTest && Test.self == LiteralTest.Storage.self),
            "a \(operation) check holds no \(Test.self)")
        return Unmanaged<Test>.fromOpaque(start!)._withUnsafeGuaranteedRef(body)
    }

    static let none = ASCIICheck(operation: .none, caseless: false, literal: UnsafeBufferPointer(start: nil, count: 0))

    /// `start` and `count` read as a literal's bytes: what a single-test check holds there,
    /// where a program check holds an offset and a test check a reference (debug builds
    /// check which).
    private var literal: UnsafeBufferPointer<UInt8> {
        assert(operation.comparesLiteral, "a \(operation) check holds no literal")
        return UnsafeBufferPointer(start: start?.assumingMemoryBound(to: UInt8.self), count: Int(count))
    }

    /// A check that runs the program at `offset` of its tier's arena.
    static func program(at offset: Int32) -> ASCIICheck {
        var check = ASCIICheck.none
        check.operation = .program
        check.count = offset
        return check
    }

    /// Where this check's program starts in its tier's arena, if it is a program: `count`
    /// holds the offset only then.
    var programOffset: Int32? { operation == .program ? count : nil }

    /// A check that runs the program at `offset` for every identifier: a membership test's,
    /// whose exact `==` tests compare bytes as the test does (``ASCIIProgram/members(ofMembership:)``
    /// reads its members back).
    static func membershipProgram(at offset: Int32) -> ASCIICheck {
        var check = program(at: offset)
        check.decidesAnyIdentifier = true
        return check
    }

    /// This program check with its program moved to `offset`.
    func movingProgram(to offset: Int32) -> ASCIICheck {
        var check = self
        check.count = offset
        return check
    }

    /// Where a single-test check starts reading (its literal, or the test it evaluates), for
    /// a fetch ahead of it.
    var literalAddress: UnsafeRawPointer? {
        switch operation {
        case .equal, .prefix, .suffix, .contains, .literalTest, .pattern: start
        case .none, .program: nil
        }
    }

    /// Calls `body` with the literal a single-test check compares with.
    func withLiteral<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result { body(literal) }

    /// The check an ASCII identifier needs when `test` is a whole predicate the table can
    /// verify without evaluating it: `==`, BEGINSWITH, ENDSWITH and CONTAINS with an ASCII
    /// form. Valid while what `test` reads is.
    init?(_ test: LiteralTestView) {
        guard let literal = test.asciiLiteral, literal.count <= Int32.max else { return nil }
        let operation: Operation
        switch test.operation {
        case .equal: operation = .equal
        case .beginsWith: operation = .prefix
        case .endsWith: operation = .suffix
        case .contains: operation = .contains
        case .less, .lessEqual, .greater, .greaterEqual, .containedIn, .between: return nil
        }
        self.init(operation: operation, caseless: test.mode.foldsCase, literal: literal)
    }

    /// The check of a test in a block of its own, as for its view; valid while `test` is alive.
    init?(_ test: LiteralTest) {
        guard let check = test.withView({ ASCIICheck($0) }) else { return nil }
        self = check
    }

    /// The check for a group's predicate, if it is a single literal comparison: its ASCII
    /// form; for `==` compared byte for byte on a non-ASCII literal, that literal's bytes,
    /// deciding every identifier; otherwise (no program can verify it either) the test
    /// itself.
    static func of(_ root: CompiledNode) -> ASCIICheck {
        guard case .literal(let test) = root else { return .none }
        if let check = ASCIICheck(test) { return check }
        if let bytes = test.bytesEqualityLiteral, bytes.count <= Int32.max {
            var check = ASCIICheck(operation: .equal, caseless: false, literal: bytes)
            check.decidesAnyIdentifier = true
            return check
        }
        return .literalTest(test)
    }

    /// Whether an ASCII identifier passes (operations other than `.none`); `programs` is the
    /// tier's program arena (``ByteRecordArena/withBytes(_:)``).
    @inline(__always)
    func holds(_ identifier: UnsafeBufferPointer<UInt8>, programs: UnsafePointer<UInt8>) -> Bool {
        if operation == .program { return ASCIIProgram.holds(programs + Int(count), identifier) }
        return holds(identifier)
    }

    /// Whether an ASCII identifier passes a single-test check.
    @inline(__always)
    func holds(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        switch operation {
        case .none, .program, .pattern, .literalTest: preconditionFailure("not a single-test check")
        case .equal: ASCIIText.equal(identifier, literal, caseless: caseless)
        case .prefix: ASCIIText.hasPrefix(identifier, literal, caseless: caseless)
        case .suffix: ASCIIText.hasSuffix(identifier, literal, caseless: caseless)
        case .contains: ASCIIText.contains(identifier, literal, caseless: caseless)
        }
    }
}
