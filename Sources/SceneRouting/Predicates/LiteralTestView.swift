import Foundation

/// A literal test read in place: its fields and bytes wherever they are, in the test's own
/// block (``LiteralTest/withView(_:)``) or in a table's pages (``LiteralTestArena``). All of
/// a literal test's answers are computed here. Plain pointers, valid while what holds the
/// test does.
struct LiteralTestView {
    let fields: UnsafePointer<LiteralTestFields>
    /// The bytes `fields` describes.
    let bytes: UnsafePointer<UInt8>
    /// Where the block keeps a non-ASCII literal's string; nil in a table's pages, which
    /// hold ASCII literals only.
    let literalString: UnsafePointer<String?>?

    /// The view of a test stored as its fields and then, right after them, its bytes.
    init(record: UnsafeRawPointer) {
        fields = record.assumingMemoryBound(to: LiteralTestFields.self)
        bytes = (record + Self.recordHeaderBytes).assumingMemoryBound(to: UInt8.self)
        literalString = nil
    }

    init(fields: UnsafePointer<LiteralTestFields>, bytes: UnsafePointer<UInt8>, literalString: UnsafePointer<String?>?)
    {
        self.fields = fields
        self.bytes = bytes
        self.literalString = literalString
    }

    /// Where a record's bytes start after its fields.
    static let recordHeaderBytes = MemoryLayout<LiteralTestFields>.stride

    @inline(__always)
    private func bytes(_ start: UInt32, _ count: UInt32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + Int(start), count: Int(count))
    }

    var mode: FoldMode { fields.pointee.mode }

    /// How many bytes follow the fields.
    var byteCount: Int {
        Int(fields.pointee.utf8Start) + Int(fields.pointee.utf8Count) + Int(fields.pointee.extraCount)
    }

    /// The string a non-ASCII literal's block keeps, if any.
    var storedLiteral: String? { literalString?.pointee }

    var operation: LiteralTest.Operation {
        if fields.pointee.step == .between { return .between(upper: String(decoding: extraBytes, as: UTF8.self)) }
        return Self.operationsByStep[Int(fields.pointee.step.rawValue)]
    }

    /// The operations without an argument, in the order of ``LiteralTestFields/Step``'s cases.
    private static let operationsByStep: [LiteralTest.Operation] = [
        .equal, .less, .lessEqual, .greater, .greaterEqual, .beginsWith, .endsWith, .contains, .containedIn,
    ]

    /// The literal's UTF-8, as stated.
    var literalUTF8: UnsafeBufferPointer<UInt8> { bytes(fields.pointee.utf8Start, fields.pointee.utf8Count) }

    /// The literal as stated (made from its bytes for an ASCII literal).
    var literal: String { storedLiteral ?? String(decoding: literalUTF8, as: UTF8.self) }

    /// The literal in the form ASCII identifiers are compared with; nil forces Foundation.
    var asciiLiteral: UnsafeBufferPointer<UInt8>? {
        fields.pointee.hasASCIIForm ? bytes(0, fields.pointee.asciiCount) : nil
    }

    /// `BETWEEN`'s upper bound (in ASCII form if it has one), or a non-ASCII literal's keys.
    private var extraBytes: UnsafeBufferPointer<UInt8> {
        bytes(fields.pointee.utf8Start + fields.pointee.utf8Count, fields.pointee.extraCount)
    }

    /// The kind of key the operation's literal guarantees; nil for operations keys say
    /// nothing about.
    static func keyKind(_ step: LiteralTestFields.Step) -> IndexKey.Kind? {
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
    private var readsUTF8: Bool { fields.pointee.derived == .foldedKey || fields.pointee.derived == .keys }

    /// The literal's UTF-8 as verbatim matching reads it: an ASCII literal's ASCII form
    /// (lowercased only where case is folded, which verbatim matching then ignores).
    private var verbatimBytes: UnsafeBufferPointer<UInt8> {
        if readsUTF8 { return literalUTF8 }
        return asciiLiteral ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The UTF-8 of a non-ASCII literal that an identifier matches exactly when it is the
    /// same bytes (`==` compared byte for byte); nil for any other test.
    var bytesEqualityLiteral: UnsafeBufferPointer<UInt8>? {
        guard fields.pointee.comparesBytes, !fields.pointee.hasASCIIForm, readsUTF8 else { return nil }
        return literalUTF8
    }

    /// - Complexity: O(length of identifier + literal); allocation-free for ASCII identifiers.
    func evaluate(_ subject: inout Subject) -> Bool {
        guard subject.hasIdentifier else { return false }
        if fields.pointee.comparesBytes { return ASCIIText.equal(subject.bytes, verbatimBytes, caseless: false) }
        if subject.isASCII, let asciiLiteral {
            if fields.pointee.derived == .upperBoundByFoundation { return foundation(subject.string!) }
            return ascii(subject.bytes, asciiLiteral)
        }
        if !subject.isASCII {
            if !keysOccur(in: &subject) { return false }
            if foundVerbatim(in: subject.bytes) { return true }
            // Decomposed text (`e` and a combining accent) is found in its composed form. Not
            // for ENDSWITH: CFString's backward search misses `ド` at the end of `ト` and a
            // combining voicing mark.
            if mode != .literal && fields.pointee.keyKind != .suffix, let composed = subject.composedForm(),
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
        guard let kind = fields.pointee.keyKind else { return false }
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
        switch fields.pointee.derived {
        case .nothing, .upperBound, .upperBoundByFoundation: return true
        case .asciiKey:
            return NeedleKeys.occurs(asciiLiteral!, as: fields.pointee.keyKind!, in: subject.keyFold(mode.keyFamily))
        case .foldedKey:
            return NeedleKeys.occurs(extraBytes, as: fields.pointee.keyKind!, in: subject.keyFold(mode.keyFamily))
        case .keys:
            return NeedleKeys.allOccur(packed: extraBytes) { subject.keyFold($0) }
        }
    }

    private func ascii(_ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        let caseless = mode.foldsCase
        switch fields.pointee.step {
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
            precondition(fields.pointee.derived == .upperBound, "BETWEEN keeps its upper bound")
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
