/// What a comparison's literal (its needle) guarantees about every identifier it matches,
/// in folded bytes: keys that must occur in the identifier's fold (``KeyFold``).
///
/// A needle that CFString compares (any mode but `[n]`, and not the exact `==`) may hold
/// characters CFString matches otherwise than their fold says
/// (``KeyFold/isReliableNeedle(_:_:)``); around them CFString still matches character by
/// character, so each run of reliable characters is a key of its own: the first run a
/// prefix, the last a suffix, any other an inner key. A needle without such characters is
/// one key of the comparison's kind.
enum NeedleKeys {
    /// Every key `literal` guarantees for a comparison of `kind` whose keys are of `family`:
    /// all of them occur in the fold of any identifier the comparison matches. Empty when the
    /// literal folds to nothing usable; callers handle an empty literal (never found)
    /// themselves.
    /// - Parameter comparedByFoundation: whether CFString compares the literal (so it may
    ///   match some characters otherwise than their fold says); false for a literal compared
    ///   code unit by code unit (`[n]`) or matched by PCRE2 after folding (pattern literals).
    static func keys(
        _ literal: String, _ kind: IndexKey.Kind, _ family: KeyFamily, comparedByFoundation: Bool
    ) -> [IndexKey] {
        guard comparedByFoundation else { return whole(literal, kind, family) }
        // Most literals are ASCII, and every ASCII character is reliable in every family: one
        // key, found without walking grapheme clusters (slow when a build files a million
        // literals) or building the fold table.
        if let folded = KeyFold.asciiKey(literal, family) { return key(folded, kind, family) }
        // Runs of reliable characters (grapheme clusters, so a mark never leaves its base).
        var runs: [Range<String.Index>] = []
        var runStart: String.Index?
        var index = literal.startIndex
        while index < literal.endIndex {
            let next = literal.index(after: index)
            if isReliable(literal.unicodeScalars[index..<next], family) {
                runStart = runStart ?? index
            } else if let start = runStart {
                runs.append(start..<index)
                runStart = nil
            }
            index = next
        }
        if let start = runStart { runs.append(start..<literal.endIndex) }
        if runs.count == 1 && runs[0] == literal.startIndex..<literal.endIndex { return whole(literal, kind, family) }
        var keys: [IndexKey] = []
        for run in runs {
            let anchored: IndexKey.Kind =
                run.lowerBound == literal.startIndex && (kind == .exact || kind == .prefix)
                ? .prefix
                : run.upperBound == literal.endIndex && (kind == .exact || kind == .suffix) ? .suffix : .inner
            let folded = KeyFold.foldedKey(String(literal[run]), family)
            if !folded.isEmpty { keys.append(IndexKey(kind: anchored, family: family, bytes: folded)) }
        }
        return keys
    }

    private static func isReliable(_ scalars: Substring.UnicodeScalarView, _ family: KeyFamily) -> Bool {
        for scalar in scalars where !KeyFold.shared.isReliableNeedle(scalar, family) { return false }
        return true
    }

    /// The whole literal folded as one key (none when it folds to nothing, unless exact).
    private static func whole(_ literal: String, _ kind: IndexKey.Kind, _ family: KeyFamily) -> [IndexKey] {
        key(KeyFold.foldedKey(literal, family), kind, family)
    }

    /// `folded` as one key (none when empty, unless exact).
    private static func key(_ folded: [UInt8], _ kind: IndexKey.Kind, _ family: KeyFamily) -> [IndexKey] {
        folded.isEmpty && kind != .exact ? [] : [IndexKey(kind: kind, family: family, bytes: folded)]
    }

    /// Whether `key` occurs in `folded` (an identifier folded for the key's family) where its
    /// kind says.
    static func occurs(_ key: IndexKey, in folded: UnsafeBufferPointer<UInt8>) -> Bool {
        key.bytes.withUnsafeBufferPointer { occurs($0, as: key.kind, in: folded) }
    }

    /// `keys` as one byte string (``allOccur(packed:in:)`` reads it): per key its kind, its
    /// family, its length (four bytes, little-endian) and its bytes.
    static func packed(_ keys: [IndexKey]) -> [UInt8] {
        var bytes: [UInt8] = []
        for key in keys {
            precondition(key.bytes.count <= Int(UInt32.max), "key too long to pack")
            bytes.append(UInt8(key.kind.rawValue))
            bytes.append(UInt8(key.family.rawValue))
            withUnsafeBytes(of: UInt32(key.bytes.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: key.bytes)
        }
        return bytes
    }

    /// Whether every key of `packed` (``packed(_:)``) occurs, as ``occurs(_:as:in:)`` says,
    /// in `fold` of its family: read in place, without the reference counting an array of
    /// keys costs.
    static func allOccur(
        packed: UnsafeBufferPointer<UInt8>, in fold: (KeyFamily) -> UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let base = packed.baseAddress else { return true }
        var offset = 0
        while offset < packed.count {
            let kind = IndexKey.Kind(rawValue: Int(base[offset]))!
            let family = KeyFamily(rawValue: Int(base[offset + 1]))!
            let length = Int(UInt32(littleEndian: UnsafeRawPointer(base + offset + 2).loadUnaligned(as: UInt32.self)))
            let bytes = UnsafeBufferPointer(start: base + offset + 6, count: length)
            if !occurs(bytes, as: kind, in: fold(family)) { return false }
            offset += 6 + length
        }
        return true
    }

    /// Whether a key of `kind` made of `bytes` occurs in `folded` where its kind says.
    static func occurs(
        _ bytes: UnsafeBufferPointer<UInt8>, as kind: IndexKey.Kind, in folded: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        switch kind {
        case .exact: ASCIIText.equal(folded, bytes, caseless: false)
        case .prefix: ASCIIText.hasPrefix(folded, bytes, caseless: false)
        case .suffix: ASCIIText.hasSuffix(folded, bytes, caseless: false)
        case .inner: ASCIIText.contains(folded, bytes, caseless: false)
        }
    }
}
