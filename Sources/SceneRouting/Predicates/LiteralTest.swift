import Foundation

/// `SELF op 'literal'` for the string operators, with the literal pre-folded.
///
/// ASCII identifiers compare bytes against the literal's ASCII form (no allocation); other
/// identifiers go through Foundation's CFString comparisons, the same code Apple's
/// NSPredicate operators call, unless the literal's keys are missing from their folds (no
/// match) or the literal appears verbatim between inert neighbours in the identifier or in
/// its composed form (a match).
///
/// One block of memory: a few fields (``LiteralTestFields``) and then the bytes they
/// describe — the literal's ASCII form, its UTF-8 where that differs, and what is derived
/// from it (`BETWEEN`'s upper bound, a non-ASCII literal's keys). At a million windows most
/// conditions are one literal test, and an object, a string and a byte array each cost three
/// blocks where one does. Code that keeps the test alive can point at its bytes: they never
/// move. A table copies the fields and bytes of the tests it keeps into pages of its own
/// (``LiteralTestArena``) and reads them there through the same ``LiteralTestView``. A
/// reference to that block, immutable after creation, hence `@unchecked Sendable` (a
/// `ManagedBuffer` cannot be `Sendable` itself).
struct LiteralTest: @unchecked Sendable {
    /// The block: the fields (and a non-ASCII literal's string), then the bytes.
    final class Storage: ManagedBuffer<LiteralTestHeader, UInt8> {}

    let storage: Storage

    enum Operation: Sendable {
        case equal, less, lessEqual, greater, greaterEqual
        case beginsWith, endsWith, contains
        /// `SELF IN 'text'`: the identifier is a substring of the literal.
        case containedIn
        /// Inclusive `lower <= SELF <= upper` (bounds already in order).
        case between(upper: String)
    }

    typealias Step = LiteralTestFields.Step
    typealias Derived = LiteralTestFields.Derived

    /// The test of `identifier op literal` under `mode`.
    static func make(_ operation: Operation, literal: String, mode: FoldMode) -> LiteralTest {
        let isASCII = ASCIIText.isASCII(literal)
        let utf8 = Array(literal.utf8)
        // As a haystack, a literal is searched by CFString without splitting the expansions
        // folding makes (it finds no "i" inside "ﬁ"), so only a literal already in ASCII
        // can be searched byte-wise.
        var ascii: [UInt8]?
        if case .containedIn = operation, !isASCII {
            ascii = nil
        } else {
            ascii = mode.asciiForm(of: literal)
        }
        let step = Step(operation)
        let keyKind = LiteralTestView.keyKind(step)
        var derived = Derived.nothing
        var extra: [UInt8] = []
        if case .between(let upper) = operation {
            if let bound = mode.asciiForm(of: upper) {
                derived = .upperBound
                extra = bound
            } else {
                derived = .upperBoundByFoundation
                extra = Array(upper.utf8)
            }
        } else if let kind = keyKind, !literal.isEmpty {
            if isASCII {
                derived = .asciiKey
            } else {
                let keys = NeedleKeys.keys(literal, kind, mode.keyFamily, comparedByFoundation: mode != .literal)
                if keys.count == 1, keys[0].kind == kind {
                    derived = .foldedKey
                    extra = keys[0].bytes
                } else {
                    derived = .keys
                    extra = NeedleKeys.packed(keys)
                }
            }
        }
        // The ASCII form comes first (a table's check on it finds the whole test from its
        // address, ``LiteralTestArena``) and shares the literal's bytes when it is them.
        let asciiCount = ascii?.count ?? 0
        let utf8Start = ascii == nil || ascii == utf8 ? 0 : asciiCount
        let capacity = utf8Start + utf8.count + extra.count
        precondition(capacity <= Int(UInt32.max), "a literal is far shorter than 4 GiB")
        let fields = LiteralTestFields(
            step: step, mode: mode, keyKind: keyKind,
            comparesBytes: step == .equal && (mode == .literal || mode == .canonical), derived: derived,
            hasASCIIForm: ascii != nil, utf8Start: UInt32(utf8Start), utf8Count: UInt32(utf8.count),
            asciiCount: UInt32(asciiCount), extraCount: UInt32(extra.count))
        // Foundation compares non-ASCII literals on every evaluation: their string is kept.
        let header = LiteralTestHeader(fields: fields, nonASCIILiteral: isASCII ? nil : literal)
        let storage = unsafeDowncast(
            Storage.create(minimumCapacity: max(capacity, 1)) { _ in header }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { bytes in
            if let ascii, utf8Start > 0 { bytes.initialize(from: ascii, count: ascii.count) }
            (bytes + utf8Start).initialize(from: utf8, count: utf8.count)
            (bytes + utf8Start + utf8.count).initialize(from: extra, count: extra.count)
        }
        return LiteralTest(storage: storage)
    }

    /// A test with the fields and bytes `view` reads (a table's kept test, made a block again
    /// for what outlives the table's pages: a predicate handed back, an explanation).
    init(copying view: LiteralTestView) {
        let header = LiteralTestHeader(fields: view.fields.pointee, nonASCIILiteral: view.storedLiteral)
        let count = view.byteCount
        storage = unsafeDowncast(Storage.create(minimumCapacity: max(count, 1)) { _ in header }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(from: view.bytes, count: count) }
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// Runs `body` with the test read in place; the view must not escape it.
    @inline(__always)
    func withView<Result>(_ body: (LiteralTestView) -> Result) -> Result {
        storage.withUnsafeMutablePointers { header, bytes in
            let base = UnsafeRawPointer(header)
            return body(
                LiteralTestView(
                    fields: (base + Self.fieldsOffset).assumingMemoryBound(to: LiteralTestFields.self),
                    bytes: UnsafePointer(bytes),
                    literalString: (base + Self.literalOffset).assumingMemoryBound(to: String?.self)))
        }
    }

    private static let fieldsOffset = MemoryLayout<LiteralTestHeader>.offset(of: \.fields)!
    private static let literalOffset = MemoryLayout<LiteralTestHeader>.offset(of: \.nonASCIILiteral)!

    /// A view whose pointers stay valid while the test lives (its block never moves).
    private var lastingView: LiteralTestView { withView { $0 } }

    var mode: FoldMode { storage.header.fields.mode }

    var operation: LiteralTest.Operation { withView(\.operation) }

    /// The literal's UTF-8, as stated. Valid while the test lives.
    var literalUTF8: UnsafeBufferPointer<UInt8> { lastingView.literalUTF8 }

    /// The literal as stated (made from its bytes for an ASCII literal).
    var literal: String { withView(\.literal) }

    /// The literal in the form ASCII identifiers are compared with; nil forces Foundation.
    /// Valid while the test lives.
    var asciiLiteral: UnsafeBufferPointer<UInt8>? { lastingView.asciiLiteral }

    /// The UTF-8 of a non-ASCII literal that an identifier matches exactly when it is the
    /// same bytes (`==` compared byte for byte); nil for any other test. Valid while the
    /// test lives.
    var bytesEqualityLiteral: UnsafeBufferPointer<UInt8>? { lastingView.bytesEqualityLiteral }

    /// - Complexity: O(length of identifier + literal); allocation-free for ASCII identifiers.
    @inline(__always)
    func evaluate(_ subject: inout Subject) -> Bool {
        withView { $0.evaluate(&subject) }
    }

    /// The CFString path alone (what non-ASCII identifiers use); the ASCII fast path must
    /// agree with it on every ASCII identifier.
    func foundation(_ identifier: String) -> Bool {
        withView { $0.foundation(identifier) }
    }
}

/// What a ``LiteralTest``'s block holds before its bytes.
struct LiteralTestHeader {
    var fields: LiteralTestFields
    /// The literal itself when it is not ASCII (Foundation then compares it on every
    /// evaluation); an ASCII literal is its bytes.
    var nonASCIILiteral: String?
}

/// What a literal test's bytes are and how it compares with them: plain values, so that a
/// table can copy them into its own pages (``LiteralTestArena``). The one-byte fields and
/// four counts take 24 bytes.
struct LiteralTestFields: BitwiseCopyable {
    /// ``LiteralTest/Operation`` without `BETWEEN`'s bound, which is among the bytes.
    enum Step: UInt8 {
        case equal, less, lessEqual, greater, greaterEqual, beginsWith, endsWith, contains, containedIn, between

        init(_ operation: LiteralTest.Operation) {
            self =
                switch operation {
                case .equal: .equal
                case .less: .less
                case .lessEqual: .lessEqual
                case .greater: .greater
                case .greaterEqual: .greaterEqual
                case .beginsWith: .beginsWith
                case .endsWith: .endsWith
                case .contains: .contains
                case .containedIn: .containedIn
                case .between: .between
                }
        }
    }

    /// What a route would otherwise derive from the literal on every evaluation, made once.
    enum Derived: UInt8 {
        case nothing
        /// `BETWEEN` with an ASCII upper bound (the extra bytes).
        case upperBound
        /// `BETWEEN` whose upper bound only Foundation compares (its UTF-8 is the extra bytes).
        case upperBoundByFoundation
        /// The literal is ASCII: its one key (``NeedleKeys``) is ``LiteralTestView/asciiLiteral``.
        case asciiKey
        /// A non-ASCII literal folded as one key of the comparison's own kind and family
        /// (the extra bytes).
        case foldedKey
        /// A non-ASCII literal's keys, one per run of characters CFString matches as their
        /// fold says (``NeedleKeys``), packed as ``NeedleKeys/packed(_:)`` packs them.
        case keys
    }

    var step: Step
    var mode: FoldMode
    /// The kind of key the literal guarantees.
    var keyKind: IndexKey.Kind?
    /// `==` without options (compiled as `[n]`: `isEqual:`) or with `[n]`: the identifier's
    /// UTF-8 equals the literal's, as ``LiteralTestView/foundation(_:)`` decides.
    var comparesBytes: Bool
    var derived: Derived
    /// Whether the ASCII form is there: the first `asciiCount` bytes.
    var hasASCIIForm: Bool
    /// Where the literal's UTF-8 starts (0 when it is the ASCII form, or there is none) and
    /// its length; the extra bytes follow it.
    var utf8Start: UInt32
    var utf8Count: UInt32
    var asciiCount: UInt32
    var extraCount: UInt32
}
