import Foundation

/// The identifier a predicate is evaluated against, in the forms evaluation may need.
///
/// The UTF-8 view is borrowed for the duration of one evaluation. Non-ASCII identifiers get
/// their key folds (``keyFold(_:)``) and their folded NFKC forms (for patterns) computed at
/// most once per evaluation, on demand; ASCII identifiers need none of them.
package struct Subject {
    /// The identifier, read in place from the caller of ``with(_:_:)``: a copy held here
    /// would be retained and released on every route, and only non-ASCII and Foundation
    /// paths read it. Nil for none.
    private let source: UnsafePointer<String>?
    var string: String? { source?.pointee }
    /// Whether there is an identifier (``string`` is not nil), without copying it.
    var hasIdentifier: Bool { source != nil }
    package let bytes: UnsafeBufferPointer<UInt8>
    package let isASCII: Bool
    /// Whether the identifier is ASCII with an upper-case letter (otherwise its raw and
    /// lowercased readings are the same bytes).
    let hasUppercase: Bool
    /// Room for one key fold per family, `foldStride` bytes apart, then one pattern form per
    /// folding mode, `formStride` bytes apart, then the composed form: the bytes of
    /// ``foldRoom``, borrowed on first need (non-ASCII identifiers only).
    private var foldStorage: UnsafeMutablePointer<UInt8>?
    /// The room `foldStorage` is in, with the pattern forms Foundation made, borrowed from
    /// the thread's ``RouteScratch`` and given back by ``with(_:_:)``. Both held unretained
    /// (the thread keeps them alive), so a route holds no reference and giving back needs no
    /// second thread-local lookup.
    private var foldRoom: Unmanaged<RouteScratch.FoldRoom>?
    private var foldScratch: Unmanaged<RouteScratch>?
    private var foldStride = 0
    private var foldLengths: (Int, Int, Int) = (-1, -1, -1)
    private var formStride = 0
    /// Per folding mode (``PatternFold/slot(of:)``), the pattern form's length: -1 not made
    /// yet, -2 left to Foundation (``PatternFold``).
    private var formLengths: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    /// The composed form's length (``composedForm()``): -1 not made yet, -2 none to make.
    private var composedLength = -1
    /// Whether the caseless folds are the case-sensitive one with ASCII lowercased
    /// (``KeyFold/foldCaseSensitive(_:into:)``): set only when that one is made, so true
    /// also says it is.
    private var foldsDerive = false
    /// Whether the case-sensitive fold, once made, holds an upper-case ASCII letter.
    private var caseSensitiveFoldHasUppercase = false

    @inline(__always)
    private init(source: UnsafePointer<String>?, bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
        (isASCII, hasUppercase) = ASCIIText.classify(bytes)
    }

    /// Runs `body` with a subject for `identifier` (nil: none) without copying its storage.
    @inline(__always)
    package static func with<Result>(_ identifier: String?, _ body: (inout Subject) -> Result) -> Result {
        guard let identifier else { return run(nil, UnsafeBufferPointer(start: nil, count: 0), body) }
        return with(identifier, body)
    }

    /// Runs `body` with a subject for `identifier` without copying its storage. A route's
    /// identifier comes here as it is: made optional on the way, it would be copied (a
    /// retain and a release) to have an address.
    @inline(__always)
    package static func with<Result>(_ identifier: String, _ body: (inout Subject) -> Result) -> Result {
        withUnsafePointer(to: identifier) { source in
            if let result = identifier.utf8.withContiguousStorageIfAvailable({ run(source, $0, body) }) {
                return result
            }
            var copy = identifier
            return copy.withUTF8 { run(source, $0, body) }
        }
    }

    /// Runs `body` with a subject over `bytes`, then gives back what it borrowed.
    @inline(__always)
    private static func run<Result>(
        _ source: UnsafePointer<String>?, _ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout Subject) -> Result
    ) -> Result {
        var subject = Subject(source: source, bytes: bytes)
        defer { subject.release() }
        return body(&subject)
    }

    /// The identifier folded for `family` (``KeyFold``): what index keys of that family are
    /// looked up in, and what the keys a literal guarantees must occur in
    /// (``NeedleKeys``).
    mutating func keyFold(_ family: KeyFamily) -> UnsafeBufferPointer<UInt8> {
        if foldStorage == nil { makeStorage() }
        if family != .caseSensitive && foldsDerive && !caseSensitiveFoldHasUppercase {
            // All three folds are the case-sensitive one: no copy to make.
            return UnsafeBufferPointer(start: foldStorage!, count: foldLengths.0)
        }
        let start = foldStorage! + foldStride * family.rawValue
        var length: Int
        switch family {
        case .caseSensitive: length = foldLengths.0
        case .caseInsensitive: length = foldLengths.1
        case .caseAndDiacriticInsensitive: length = foldLengths.2
        }
        if length < 0 {
            if family == .caseSensitive {
                let notes: KeyFold.Notes
                (length, notes) = KeyFold.shared.foldCaseSensitive(bytes, into: start)
                (foldsDerive, caseSensitiveFoldHasUppercase) = (notes.derivesCaselessFolds, notes.hasUppercase)
            } else if foldsDerive {
                // Most text folds alike but for ASCII case: lowercase the case-sensitive fold.
                length = foldLengths.0
                KeyFold.lowercasingASCII(UnsafeBufferPointer(start: foldStorage!, count: length), into: start)
            } else {
                length = KeyFold.shared.fold(bytes, family, into: start)
            }
            switch family {
            case .caseSensitive: foldLengths.0 = length
            case .caseInsensitive: foldLengths.1 = length
            case .caseAndDiacriticInsensitive: foldLengths.2 = length
            }
        }
        return UnsafeBufferPointer(start: start, count: length)
    }

    private mutating func makeStorage() {
        foldStride = KeyFold.shared.outputCapacity(for: bytes.count)
        formStride = PatternFold.outputCapacity(for: bytes.count)
        let capacity = foldStride * KeyFamily.allCases.count + formStride * PatternFold.slots + composedCapacity
        let scratch = RouteScratch.currentUnmanaged
        let room = scratch._withUnsafeGuaranteedRef { $0.borrowFoldRoom(capacity: capacity) }
        foldStorage = room._withUnsafeGuaranteedRef { $0.bytes.base }
        (foldRoom, foldScratch) = (room, scratch)
    }

    /// Whether the key folds for `a` and `b` are the same bytes (so one probe serves both),
    /// making them if needed. Known without making or comparing them when the caseless folds
    /// derive from the case-sensitive one (``KeyFold/foldCaseSensitive(_:into:)``).
    mutating func keyFoldsAlike(_ a: KeyFamily, _ b: KeyFamily) -> Bool {
        if a == b { return true }
        if foldsDerive {
            return a != .caseSensitive && b != .caseSensitive || !caseSensitiveFoldHasUppercase
        }
        return ASCIIText.equal(keyFold(a), keyFold(b), caseless: false)
    }

    /// Gives back what evaluation borrowed on demand; the subject is not used again.
    private mutating func release() {
        if let foldScratch {
            foldScratch._withUnsafeGuaranteedRef { $0.giveBackFoldRoom() }
            (foldStorage, foldRoom, self.foldScratch) = (nil, nil, nil)
        }
    }

    /// NFC never makes text more than three times longer.
    private var composedCapacity: Int { bytes.count * 3 }

    /// Where pattern form `slot` (``PatternFold/slot(of:)``) is made, after the key folds;
    /// the slot after the last (``PatternFold/slots``) is the composed form's. Only once the
    /// storage exists.
    private func formStart(_ slot: Int) -> UnsafeMutablePointer<UInt8> {
        foldStorage! + foldStride * KeyFamily.allCases.count + formStride * slot
    }

    /// The identifier in NFC (non-ASCII only), when that differs from the identifier: text
    /// canonically equivalent to it, which CFString's comparisons (all but `[n]`, and its
    /// backward search aside: ``LiteralTest``) treat as the identifier itself. Nil when
    /// composing changes nothing (always so for text ``NFKCStableText`` calls stable).
    mutating func composedForm() -> UnsafeBufferPointer<UInt8>? {
        if composedLength == -1 {
            composedLength = -2
            if !NFKCStableText.isStable(bytes), let string {
                if foldStorage == nil { makeStorage() }
                let start = formStart(PatternFold.slots)
                let capacity = composedCapacity
                var length = 0
                // The standard library's normaliser, byte by byte into the scratch.
                string._withNFCCodeUnits { byte in
                    if length < capacity { start[length] = byte }
                    length += 1
                }
                if length <= capacity
                    && !ASCIIText.equal(UnsafeBufferPointer(start: start, count: length), bytes, caseless: false)
                {
                    composedLength = length
                }
            }
        }
        guard composedLength >= 0 else { return nil }
        return UnsafeBufferPointer(start: formStart(PatternFold.slots), count: composedLength)
    }

    /// Runs `body` with the identifier as LIKE/MATCHES see it (non-ASCII only, `mode` not
    /// literal): folded per `mode`, then NFKC. Made in place when ``PatternFold`` can,
    /// otherwise by Foundation (``patternForm(_:)``).
    mutating func withPatternForm<Result>(_ mode: FoldMode, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let form = patternFormInPlace(mode) { return body(form) }
        var form = patternForm(mode)
        return form.withUTF8(body)
    }

    /// The pattern form made in place (``PatternFold``), kept for the rest of the route; nil
    /// when the identifier holds text only Foundation folds, or `mode` is literal.
    mutating func patternFormInPlace(_ mode: FoldMode) -> UnsafeBufferPointer<UInt8>? {
        guard let slot = PatternFold.slot(of: mode) else { return nil }
        if foldStorage == nil { makeStorage() }
        var length: Int
        switch slot {
        case 0: length = formLengths.0
        case 1: length = formLengths.1
        case 2: length = formLengths.2
        default: length = formLengths.3
        }
        if length == -1 {
            length = PatternFold.shared.form(bytes, mode, into: formStart(slot)) ?? -2
            switch slot {
            case 0: formLengths.0 = length
            case 1: formLengths.1 = length
            case 2: formLengths.2 = length
            default: formLengths.3 = length
            }
        }
        return length >= 0 ? UnsafeBufferPointer(start: formStart(slot), count: length) : nil
    }

    /// The identifier as LIKE/MATCHES see it (non-ASCII only): folded per `mode`, then
    /// NFKC, unless the mode is literal (`[n]`), through Foundation.
    private mutating func patternForm(_ mode: FoldMode) -> String {
        let string = self.string ?? ""
        if mode == .literal { return string }
        if foldRoom == nil { makeStorage() }
        return foldRoom!._withUnsafeGuaranteedRef { room in
            if let cached = room.patternForms[mode.rawValue] { return cached }
            let form = mode.fold(string).precomposedStringWithCompatibilityMapping
            room.patternForms[mode.rawValue] = form
            return form
        }
    }
}
