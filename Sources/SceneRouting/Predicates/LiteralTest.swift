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
/// describe — the literal's UTF-8, its ASCII form where that differs, and what is derived
/// from it (`BETWEEN`'s upper bound, a non-ASCII literal's keys). At a million windows most
/// conditions are one literal test, and an object, a string and a byte array each cost three
/// blocks where one does. Code that keeps the test alive can point at its bytes: they never
/// move. A reference to that block, immutable after creation, hence `@unchecked Sendable`
/// (a `ManagedBuffer` cannot be `Sendable` itself).
struct LiteralTest: @unchecked Sendable {
    /// The block: the fields, then the bytes.
    final class Storage: ManagedBuffer<LiteralTestFields, UInt8> {}

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
        let keyKind = Self.keyKind(step)
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
        // The ASCII form shares the literal's bytes when it is them.
        let asciiShared = ascii == utf8
        let asciiStart = asciiShared ? 0 : utf8.count
        let asciiCount = ascii?.count ?? 0
        let extraStart = utf8.count + (asciiShared ? 0 : asciiCount)
        let capacity = extraStart + extra.count
        precondition(capacity <= Int(UInt32.max), "a literal is far shorter than 4 GiB")
        var fields = LiteralTestFields(
            step: step, mode: mode, keyKind: keyKind,
            comparesBytes: step == .equal && (mode == .literal || mode == .canonical), derived: derived,
            hasASCIIForm: ascii != nil, utf8Count: UInt32(utf8.count), asciiStart: UInt32(asciiStart),
            asciiCount: UInt32(asciiCount), extraStart: UInt32(extraStart), extraCount: UInt32(extra.count),
            nonASCIILiteral: nil)
        // Foundation compares non-ASCII literals on every evaluation: their string is kept.
        if !isASCII { fields.nonASCIILiteral = literal }
        let storage = unsafeDowncast(
            Storage.create(minimumCapacity: max(capacity, 1)) { _ in fields }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { bytes in
            bytes.initialize(from: utf8, count: utf8.count)
            if let ascii, !asciiShared { (bytes + asciiStart).initialize(from: ascii, count: ascii.count) }
            (bytes + extraStart).initialize(from: extra, count: extra.count)
        }
        return LiteralTest(storage: storage)
    }

    private var fields: LiteralTestFields {
        @inline(__always) _read { yield storage.header }
    }

    @inline(__always)
    private func bytes(_ start: UInt32, _ count: UInt32) -> UnsafeBufferPointer<UInt8> {
        storage.withUnsafeMutablePointerToElements { UnsafeBufferPointer(start: $0 + Int(start), count: Int(count)) }
    }

    var mode: FoldMode { fields.mode }

    var operation: Operation {
        if fields.step == .between { return .between(upper: String(decoding: extraBytes, as: UTF8.self)) }
        return Self.operationsByStep[Int(fields.step.rawValue)]
    }

    /// The operations without an argument, in the order of ``LiteralTestFields/Step``'s cases.
    private static let operationsByStep: [Operation] = [
        .equal, .less, .lessEqual, .greater, .greaterEqual, .beginsWith, .endsWith, .contains, .containedIn,
    ]

    /// The literal's UTF-8, as stated.
    var literalUTF8: UnsafeBufferPointer<UInt8> { bytes(0, fields.utf8Count) }

    /// The literal as stated (made from its bytes for an ASCII literal).
    var literal: String { fields.nonASCIILiteral ?? String(decoding: literalUTF8, as: UTF8.self) }

    /// The literal in the form ASCII identifiers are compared with; nil forces Foundation.
    /// Valid while the test lives.
    var asciiLiteral: UnsafeBufferPointer<UInt8>? {
        fields.hasASCIIForm ? bytes(fields.asciiStart, fields.asciiCount) : nil
    }

    /// `BETWEEN`'s upper bound (in ASCII form if it has one), or a non-ASCII literal's keys.
    private var extraBytes: UnsafeBufferPointer<UInt8> { bytes(fields.extraStart, fields.extraCount) }

    /// The kind of key the operation's literal guarantees; nil for operations keys say
    /// nothing about.
    private static func keyKind(_ step: Step) -> IndexKey.Kind? {
        switch step {
        case .equal: .exact
        case .beginsWith: .prefix
        case .endsWith: .suffix
        case .contains: .inner
        case .less, .lessEqual, .greater, .greaterEqual, .containedIn, .between: nil
        }
    }

    /// Whether the literal's UTF-8 is what verbatim matching and byte equality read: a
    /// non-ASCII literal folded to keys.
    private var readsUTF8: Bool { fields.derived == .foldedKey || fields.derived == .keys }

    /// The literal's UTF-8 as verbatim matching reads it: an ASCII literal's ASCII form
    /// (lowercased only where case is folded, which verbatim matching then ignores).
    private var verbatimBytes: UnsafeBufferPointer<UInt8> {
        if readsUTF8 { return literalUTF8 }
        return asciiLiteral ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The UTF-8 of a non-ASCII literal that an identifier matches exactly when it is the
    /// same bytes (`==` compared byte for byte); nil for any other test. Valid while the
    /// test lives.
    var bytesEqualityLiteral: UnsafeBufferPointer<UInt8>? {
        guard fields.comparesBytes, !fields.hasASCIIForm, readsUTF8 else { return nil }
        return literalUTF8
    }

    /// - Complexity: O(length of identifier + literal); allocation-free for ASCII identifiers.
    func evaluate(_ subject: inout Subject) -> Bool {
        guard subject.hasIdentifier else { return false }
        if fields.comparesBytes { return ASCIIText.equal(subject.bytes, verbatimBytes, caseless: false) }
        if subject.isASCII, let asciiLiteral {
            if fields.derived == .upperBoundByFoundation { return foundation(subject.string!) }
            return ascii(subject.bytes, asciiLiteral)
        }
        if !subject.isASCII {
            if !keysOccur(in: &subject) { return false }
            if foundVerbatim(in: subject.bytes) { return true }
            // Decomposed text (`e` and a combining accent) is found in its composed form. Not
            // for ENDSWITH: CFString's backward search misses `ド` at the end of `ト` and a
            // combining voicing mark.
            if mode != .literal && fields.keyKind != .suffix, let composed = subject.composedForm(),
                foundVerbatim(in: composed)
            {
                return true
            }
        }
        return foundation(subject.string!)
    }

    /// Whether the literal appears byte for byte where the operation needs it, at edges no
    /// character sequence crosses (``VerbatimMatch``): a match under every mode, decided
    /// without CFString.
    private func foundVerbatim(in identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let kind = fields.keyKind else { return false }
        let folding: VerbatimMatch.Folding =
            switch mode {
            case .literal, .canonical: .none
            case .caseInsensitive: .caseOnly
            case .diacriticInsensitive: .diacriticsOnly
            case .caseAndDiacriticInsensitive: .caseAndDiacritics
            }
        return VerbatimMatch.found(verbatimBytes, as: kind, in: identifier, folding: folding)
    }

    /// Whether the keys the literal guarantees (``NeedleKeys``) occur in the identifier's
    /// folds: a match needs them, as the index does, so when one is missing the answer is
    /// false without asking Foundation (most candidates and residual groups of a non-ASCII
    /// identifier end here). True for operations keys say nothing about.
    private func keysOccur(in subject: inout Subject) -> Bool {
        switch fields.derived {
        case .nothing, .upperBound, .upperBoundByFoundation: return true
        case .asciiKey:
            return NeedleKeys.occurs(asciiLiteral!, as: fields.keyKind!, in: subject.keyFold(mode.keyFamily))
        case .foldedKey:
            return NeedleKeys.occurs(extraBytes, as: fields.keyKind!, in: subject.keyFold(mode.keyFamily))
        case .keys:
            return NeedleKeys.allOccur(packed: extraBytes) { subject.keyFold($0) }
        }
    }

    private func ascii(_ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        let caseless = mode.foldsCase
        switch fields.step {
        case .equal: return ASCIIText.equal(text, literal, caseless: caseless)
        case .less: return ASCIIText.compare(text, literal, caseless: caseless) < 0
        case .lessEqual: return ASCIIText.compare(text, literal, caseless: caseless) <= 0
        case .greater: return ASCIIText.compare(text, literal, caseless: caseless) > 0
        case .greaterEqual: return ASCIIText.compare(text, literal, caseless: caseless) >= 0
        case .beginsWith: return ASCIIText.hasPrefix(text, literal, caseless: caseless)
        case .endsWith: return ASCIIText.hasSuffix(text, literal, caseless: caseless)
        case .contains: return ASCIIText.contains(text, literal, caseless: caseless)
        case .containedIn:
            // The identifier is the needle here, so it is folded, not the literal.
            guard !text.isEmpty, text.count <= literal.count else { return false }
            var offset = 0
            while offset + text.count <= literal.count {
                if ASCIIText.matchesAt(literal, offset, text, caseless: false)
                    || (caseless && Self.caselessAt(literal, offset, text))
                {
                    return true
                }
                offset += 1
            }
            return false
        case .between:
            guard ASCIIText.compare(text, literal, caseless: false) >= 0 else { return false }
            precondition(fields.derived == .upperBound, "BETWEEN keeps its upper bound")
            return ASCIIText.compare(text, extraBytes, caseless: false) <= 0
        }
    }

    private static func caselessAt(
        _ haystack: UnsafeBufferPointer<UInt8>, _ offset: Int, _ needle: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var index = 0
        while index < needle.count {
            if haystack[offset + index] != ASCIIText.lowercase(needle[index]) { return false }
            index += 1
        }
        return true
    }

    /// The CFString path alone (what non-ASCII identifiers use); the ASCII fast path must
    /// agree with it on every ASCII identifier.
    func foundation(_ identifier: String) -> Bool {
        let options = mode.compareOptions
        let literal = self.literal
        switch operation {
        case .equal:
            if mode == .canonical { return identifier.utf8.elementsEqual(literal.utf8) }
            return identifier.compare(literal, options: options) == .orderedSame
        case .less: return identifier.compare(literal, options: options) == .orderedAscending
        case .lessEqual: return identifier.compare(literal, options: options) != .orderedDescending
        case .greater: return identifier.compare(literal, options: options) == .orderedDescending
        case .greaterEqual: return identifier.compare(literal, options: options) != .orderedAscending
        case .beginsWith: return FoundationSearch.finds(literal, in: identifier, options: options.union(.anchored))
        case .endsWith:
            return FoundationSearch.finds(literal, in: identifier, options: options.union([.anchored, .backwards]))
        case .contains: return FoundationSearch.finds(literal, in: identifier, options: options)
        case .containedIn: return FoundationSearch.finds(identifier, in: literal, options: options)
        case .between(let upper):
            return identifier.compare(literal) != .orderedAscending && identifier.compare(upper) != .orderedDescending
        }
    }
}

/// What a ``LiteralTest`` holds before its bytes. Its `Step` and the flags are one byte each, so
/// the fields take 48 bytes, a third of them the string of a non-ASCII literal.
struct LiteralTestFields {
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
        /// The literal is ASCII: its one key (``NeedleKeys``) is ``LiteralTest/asciiLiteral``.
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
    /// UTF-8 equals the literal's, as ``LiteralTest/foundation(_:)`` decides.
    var comparesBytes: Bool
    var derived: Derived
    var hasASCIIForm: Bool
    // Where each run of bytes starts among the test's elements, and its length.
    var utf8Count: UInt32
    var asciiStart: UInt32
    var asciiCount: UInt32
    var extraStart: UInt32
    var extraCount: UInt32
    /// The literal itself when it is not ASCII (Foundation then compares it on every
    /// evaluation); an ASCII literal is its bytes.
    var nonASCIILiteral: String?
}
