import Foundation

/// `SELF op 'literal'` for the string operators, with the literal pre-folded.
///
/// ASCII identifiers compare bytes against the literal's ASCII form (no allocation); other
/// identifiers go through Foundation's CFString comparisons, the same code Apple's
/// NSPredicate operators call, unless the literal's keys are missing from their folds (no
/// match) or the literal appears verbatim between inert neighbours in the identifier or in
/// its composed form (a match).
///
/// A class that owns its literal's ASCII bytes (immutable after init, hence
/// `@unchecked Sendable`), so that code keeping the test alive can point at them.
final class LiteralTest: @unchecked Sendable {
    enum Operation: Sendable {
        case equal, less, lessEqual, greater, greaterEqual
        case beginsWith, endsWith, contains
        /// `SELF IN 'text'`: the identifier is a substring of the literal.
        case containedIn
        /// Inclusive `lower <= SELF <= upper` (bounds already in order).
        case between(upper: String)
    }

    let operation: Operation
    let mode: FoldMode
    // Read by routes as plain values (switching over `operation` or an enum with arrays in
    // it counts references); one byte each, in the padding after `operation`.
    /// The kind of key the literal guarantees (``keyKind(_:)``).
    private let keyKind: IndexKey.Kind?
    /// `==` without options (compiled as `[n]`: `isEqual:`) or with `[n]`: the identifier's
    /// UTF-8 equals the literal's, as ``foundation(_:)`` decides.
    private let comparesBytes: Bool
    private let derived: Derived
    let literal: String
    /// The literal in the form ASCII identifiers are compared with; nil forces Foundation.
    /// Owned memory, so its address is stable while the test lives.
    // `var`s only so that optional chaining can borrow them; never written after `init`.
    @exclusivity(unchecked) private var asciiStorage: OwnedBuffer<UInt8>?
    var asciiLiteral: UnsafeBufferPointer<UInt8>? { asciiStorage?.elements }
    /// Owned bytes (``OwnedBytes``): a non-ASCII literal's UTF-8 and the key it folds to
    /// (``Derived/foldedKey``) or its keys (``Derived/keys``, as ``NeedleKeys/packed(_:)``
    /// packs them), or `BETWEEN`'s upper bound in ASCII form.
    @exclusivity(unchecked) private var side: OwnedBytes?

    /// What a route would otherwise derive from the literal on every evaluation, made once.
    private enum Derived: UInt8 {
        case nothing
        /// `BETWEEN` with an ASCII upper bound (``LiteralTest/side``'s first bytes).
        case upperBound
        /// `BETWEEN` whose upper bound only Foundation compares.
        case upperBoundByFoundation
        /// The literal is ASCII: its one key (``NeedleKeys``) is ``LiteralTest/asciiLiteral``.
        case asciiKey
        /// A non-ASCII literal folded as one key of the comparison's own kind and family
        /// (``LiteralTest/side``'s second bytes).
        case foldedKey
        /// A non-ASCII literal's keys, one per run of characters CFString matches as their
        /// fold says (``NeedleKeys``), packed in ``LiteralTest/side``'s second bytes.
        case keys
    }

    init(_ operation: Operation, literal: String, mode: FoldMode) {
        self.operation = operation
        self.mode = mode
        self.literal = literal
        let isASCII = ASCIIText.isASCII(literal)
        // As a haystack, a literal is searched by CFString without splitting the expansions
        // folding makes (it finds no "i" inside "ﬁ"), so only a literal already in ASCII
        // can be searched byte-wise.
        if case .containedIn = operation, !isASCII {
            self.asciiStorage = nil
        } else if let form = mode.asciiForm(of: literal) {
            self.asciiStorage = OwnedBuffer(copying: form)
        } else {
            self.asciiStorage = nil
        }
        keyKind = Self.keyKind(operation)
        if case .equal = operation, mode == .literal || mode == .canonical {
            comparesBytes = true
        } else {
            comparesBytes = false
        }
        if case .between(let upper) = operation {
            let bound = mode.asciiForm(of: upper)
            derived = bound == nil ? .upperBoundByFoundation : .upperBound
            if let bound { side = OwnedBytes(bound, []) } else { side = nil }
            return
        }
        guard let kind = keyKind, !literal.isEmpty else {
            derived = .nothing
            side = nil
            return
        }
        if isASCII {
            derived = .asciiKey
            side = nil
            return
        }
        let keys = NeedleKeys.keys(literal, kind, mode.keyFamily, comparedByFoundation: mode != .literal)
        if keys.count == 1, keys[0].kind == kind {
            derived = .foldedKey
            side = OwnedBytes(Array(literal.utf8), keys[0].bytes)
        } else {
            derived = .keys
            side = OwnedBytes(Array(literal.utf8), NeedleKeys.packed(keys))
        }
    }

    /// The kind of key the operation's literal guarantees; nil for operations keys say
    /// nothing about.
    private static func keyKind(_ operation: Operation) -> IndexKey.Kind? {
        switch operation {
        case .equal: .exact
        case .beginsWith: .prefix
        case .endsWith: .suffix
        case .contains: .inner
        case .less, .lessEqual, .greater, .greaterEqual, .containedIn, .between: nil
        }
    }

    /// The key or keys a non-ASCII literal was folded to (``Derived/foldedKey``,
    /// ``Derived/keys``).
    private var derivedKeys: UnsafeBufferPointer<UInt8> {
        guard let keys = side?.second else { preconditionFailure("a folded literal keeps its keys") }
        return keys
    }

    /// The literal's UTF-8 as verbatim matching reads it: an ASCII literal's ASCII form
    /// (lowercased only where case is folded, which verbatim matching then ignores).
    private var verbatimBytes: UnsafeBufferPointer<UInt8> {
        if derived != .upperBound, let first = side?.first { return first }
        return asciiLiteral ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The UTF-8 of a non-ASCII literal that an identifier matches exactly when it is the
    /// same bytes (`==` compared byte for byte); nil for any other test. Valid while the
    /// test lives.
    var bytesEqualityLiteral: UnsafeBufferPointer<UInt8>? {
        guard comparesBytes, asciiLiteral == nil else { return nil }
        return side?.first
    }

    /// - Complexity: O(length of identifier + literal); allocation-free for ASCII identifiers.
    func evaluate(_ subject: inout Subject) -> Bool {
        guard subject.hasIdentifier else { return false }
        if comparesBytes { return ASCIIText.equal(subject.bytes, verbatimBytes, caseless: false) }
        if subject.isASCII, let asciiLiteral {
            if derived == .upperBoundByFoundation { return foundation(subject.string!) }
            return ascii(subject.bytes, asciiLiteral)
        }
        if !subject.isASCII {
            if !keysOccur(in: &subject) { return false }
            if foundVerbatim(in: subject.bytes) { return true }
            // Decomposed text (`e` and a combining accent) is found in its composed form. Not
            // for ENDSWITH: CFString's backward search misses `ド` at the end of `ト` and a
            // combining voicing mark.
            if mode != .literal && keyKind != .suffix, let composed = subject.composedForm(),
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
        guard let kind = keyKind else { return false }
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
        switch derived {
        case .nothing, .upperBound, .upperBoundByFoundation: return true
        case .asciiKey:
            return NeedleKeys.occurs(asciiLiteral!, as: keyKind!, in: subject.keyFold(mode.keyFamily))
        case .foldedKey:
            return NeedleKeys.occurs(derivedKeys, as: keyKind!, in: subject.keyFold(mode.keyFamily))
        case .keys:
            return NeedleKeys.allOccur(packed: derivedKeys) { subject.keyFold($0) }
        }
    }

    private func ascii(_ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        let caseless = mode.foldsCase
        switch operation {
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
            guard derived == .upperBound, let upper = side?.first else {
                preconditionFailure("BETWEEN keeps its upper bound")
            }
            return ASCIIText.compare(text, upper, caseless: false) <= 0
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
