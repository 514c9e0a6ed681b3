import Foundation

/// The identifier a predicate is evaluated against, in the forms evaluation may need.
///
/// The UTF-8 view is borrowed for the duration of one evaluation. Non-ASCII identifiers get
/// their folded and NFKC forms computed at most once per evaluation, on demand; ASCII
/// identifiers need none of them.
struct Subject {
    let string: String?
    let bytes: UnsafeBufferPointer<UInt8>
    let isASCII: Bool
    private var patternForms: [FoldMode: String] = [:]

    init(string: String?, bytes: UnsafeBufferPointer<UInt8>) {
        self.string = string
        self.bytes = bytes
        self.isASCII = ASCIIText.isASCII(bytes)
    }

    /// Runs `body` with a subject for `identifier` without copying its storage.
    @inline(__always)
    static func with<Result>(_ identifier: String?, _ body: (inout Subject) -> Result) -> Result {
        guard let identifier else {
            var subject = Subject(string: nil, bytes: UnsafeBufferPointer(start: nil, count: 0))
            return body(&subject)
        }
        if let result = identifier.utf8.withContiguousStorageIfAvailable({ buffer -> Result in
            var subject = Subject(string: identifier, bytes: buffer)
            return body(&subject)
        }) {
            return result
        }
        var copy = identifier
        return copy.withUTF8 { buffer in
            var subject = Subject(string: identifier, bytes: buffer)
            return body(&subject)
        }
    }

    /// The identifier as LIKE/MATCHES see it (non-ASCII only): folded per `mode`, then
    /// NFKC, unless the mode is literal (`[n]`).
    mutating func patternForm(_ mode: FoldMode) -> String {
        let string = self.string ?? ""
        if mode == .literal { return string }
        if let cached = patternForms[mode] { return cached }
        let form = mode.fold(string).precomposedStringWithCompatibilityMapping
        patternForms[mode] = form
        return form
    }
}
