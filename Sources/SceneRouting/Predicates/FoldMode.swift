import Foundation
import PredicateSyntax

/// How two strings are compared, derived from a comparison's options.
///
/// Apple passes the options to CFString (`CFStringCompareWithOptionsAndLocale`,
/// `rangeOfString:options:`): `[c]` adds case *and width* insensitivity, `[d]` diacritic *and
/// width* insensitivity, `[n]` makes the comparison literal and supersedes both.
enum FoldMode: Int, Sendable {
    /// Literal code-unit comparison (`[n]`).
    case literal
    /// No options: canonical-equivalence comparison (CFString's default, non-literal).
    case canonical
    case caseInsensitive
    case diacriticInsensitive
    case caseAndDiacriticInsensitive

    init(_ options: ComparisonOptions) {
        if options.contains(.normalized) {
            self = .literal
            return
        }
        switch (options.contains(.caseInsensitive), options.contains(.diacriticInsensitive)) {
        case (false, false): self = .canonical
        case (true, false): self = .caseInsensitive
        case (false, true): self = .diacriticInsensitive
        case (true, true): self = .caseAndDiacriticInsensitive
        }
    }

    /// Whether ASCII text must be lowercased for comparison in this mode.
    var foldsCase: Bool { self == .caseInsensitive || self == .caseAndDiacriticInsensitive }

    /// Whether diacritics are ignored in this mode (`[d]`).
    var ignoresDiacritics: Bool { self == .diacriticInsensitive || self == .caseAndDiacriticInsensitive }

    /// The options Foundation's CFString-backed comparisons take.
    var compareOptions: String.CompareOptions {
        switch self {
        case .literal: [.literal]
        case .canonical: []
        case .caseInsensitive: [.caseInsensitive, .widthInsensitive]
        case .diacriticInsensitive: [.diacriticInsensitive, .widthInsensitive]
        case .caseAndDiacriticInsensitive: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        }
    }

    /// `CFStringFold` for this mode: what LIKE and MATCHES apply to pattern and subject.
    func fold(_ text: String) -> String {
        switch self {
        case .literal, .canonical: text
        default:
            // CFStringFold changes ASCII text only by lowercasing it (for the case modes).
            if ASCIIText.isASCII(text) {
                foldsCase ? String(decoding: text.utf8.map(ASCIIText.lowercase), as: UTF8.self) : text
            } else {
                text.folding(options: compareOptions, locale: nil)
            }
        }
    }

    /// The ASCII form a literal takes for comparison against ASCII identifiers, or nil when
    /// the literal has no such form (it then always uses the Foundation path).
    ///
    /// Unfolded modes only take literals that are ASCII as written: CFString does not treat
    /// singleton decompositions (the Kelvin sign) as their ASCII counterparts. Folded modes
    /// accept folds that land in ASCII (`Ａ` → `a`, `ß` → `ss`), which CFString matches too.
    func asciiForm(of literal: String) -> [UInt8]? {
        if ASCIIText.isASCII(literal) {
            // Folding and canonical decomposition leave ASCII as it is, case apart.
            return foldsCase ? literal.utf8.map(ASCIIText.lowercase) : Array(literal.utf8)
        }
        let folded: String =
            switch self {
            case .literal, .canonical: literal
            default: fold(literal).decomposedStringWithCanonicalMapping
            }
        let bytes = Array(folded.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return foldsCase ? bytes.map(ASCIIText.lowercase) : bytes
    }
}

extension FoldMode {
    /// The key family of comparisons made in this mode.
    var keyFamily: KeyFamily {
        switch self {
        case .literal, .canonical, .diacriticInsensitive: .caseSensitive
        case .caseInsensitive: .caseInsensitive
        case .caseAndDiacriticInsensitive: .caseAndDiacriticInsensitive
        }
    }
}
