import PCRE2Support
import Synchronization

/// Property names ICU takes in `\p{…}` and PCRE2 10.42 does not, rewritten to what PCRE2
/// takes with the same members: long General_Category names (`Letter` → `L`), the POSIX-style
/// names, Java's `java…` predicates, and `In…` blocks (as code point ranges).
enum ICUPropertyNames {
    /// A rewritten property: the members of a character class (without brackets), and
    /// whether they are a single `\p{…}` that can simply be negated.
    struct Members {
        var text: String
        var isSingleProperty: Bool
        /// Whether ICU closes the set over case under `(?i)`: every set but a block's.
        var closesOverCase = true
    }

    /// UAX #44 loose matching: case, spaces, underscores and hyphens do not count.
    static func loose(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" })
    }

    /// Long General_Category names (and their aliases) by loose name, to the short ones
    /// PCRE2 knows.
    static let generalCategories: [String: String] = [
        "other": "C", "control": "Cc", "cntrl": "Cc", "format": "Cf", "unassigned": "Cn", "privateuse": "Co",
        "surrogate": "Cs", "letter": "L", "casedletter": "L&", "lowercaseletter": "Ll", "modifierletter": "Lm",
        "otherletter": "Lo", "titlecaseletter": "Lt", "uppercaseletter": "Lu", "mark": "M", "combiningmark": "M",
        "spacingmark": "Mc", "enclosingmark": "Me", "nonspacingmark": "Mn", "number": "N", "decimalnumber": "Nd",
        "letternumber": "Nl", "othernumber": "No", "punctuation": "P", "punct": "P", "connectorpunctuation": "Pc",
        "dashpunctuation": "Pd", "closepunctuation": "Pe", "finalpunctuation": "Pf", "initialpunctuation": "Pi",
        "otherpunctuation": "Po", "openpunctuation": "Ps", "symbol": "S", "currencysymbol": "Sc",
        "modifiersymbol": "Sk",
        "mathsymbol": "Sm", "othersymbol": "So", "separator": "Z", "lineseparator": "Zl", "paragraphseparator": "Zp",
        "spaceseparator": "Zs",
    ]

    /// Java's `Character.isX` predicates as ICU defines them (checked against ICU for every
    /// code point), by name as ICU spells it (it takes no other case).
    static let java: [String: String] = [
        "javaDefined": #"\P{Cn}"#,
        "javaDigit": #"\p{Nd}"#,
        "javaIdentifierIgnorable": #"\x{0}-\x{8}\x{E}-\x{1B}\x{7F}-\x{9F}\p{Cf}"#,
        "javaISOControl": #"\x{0}-\x{1F}\x{7F}-\x{9F}"#,
        "javaJavaIdentifierPart":
            #"\p{L}\p{Sc}\p{Pc}\p{Nd}\p{Nl}\p{Mc}\p{Mn}\x{0}-\x{8}\x{E}-\x{1B}\x{7F}-\x{9F}\p{Cf}"#,
        "javaJavaIdentifierStart": #"\p{L}\p{Nl}\p{Sc}\p{Pc}"#,
        "javaLetter": #"\p{L}"#,
        "javaLetterOrDigit": #"\p{L}\p{Nd}"#,
        "javaLowerCase": #"\p{Ll}"#,
        "javaMirrored": #"\p{Bidi_Mirrored}"#,
        "javaSpaceChar": #"\p{Z}"#,
        "javaSupplementaryCodePoint": #"\x{10000}-\x{10FFFF}"#,
        "javaTitleCase": #"\p{Lt}"#,
        "javaUnicodeIdentifierStart": #"\p{L}\p{Nl}"#,
        "javaUnicodeIdentifierPart": #"\p{L}\p{Nl}\p{Nd}\p{Pc}\p{Mn}\p{Mc}\x{0}-\x{8}\x{E}-\x{1B}\x{7F}-\x{9F}\p{Cf}"#,
        "javaUpperCase": #"\p{Lu}"#,
        "javaValidCodePoint": #"\x{0}-\x{10FFFF}"#,
        // Java whitespace: separators but the no-break spaces, and the ASCII controls below.
        "javaWhitespace":
            #"\t\n\x{B}\f\r\x{1C}-\x{1F}\x{20}\x{1680}\x{2000}-\x{2006}\x{2008}-\x{200A}\x{2028}\x{2029}\x{205F}\x{3000}"#,
    ]

    /// Names ICU's sets know (by loose name) that PCRE2 10.42 lacks or reads differently: the
    /// POSIX-style classes as UTS #18 defines them (`[:alpha:]` is Alphabetic, where PCRE2
    /// takes letters), and `Any`, `ASCII`, `Assigned`. Each checked against ICU for every code
    /// point.
    static let setNames: [String: String] = [
        "alnum": #"\p{Alphabetic}\p{Nd}"#,
        "alpha": #"\p{Alphabetic}"#,
        "any": #"\p{Any}"#,
        "ascii": #"\x{0}-\x{7F}"#,
        "assigned": #"\P{Cn}"#,
        "blank": #"\p{Zs}\t"#,
        "cntrl": #"\p{Cc}"#,
        "digit": #"\p{Nd}"#,
        "graph": #"\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}\p{Co}"#,
        "lower": #"\p{Lowercase}"#,
        "print": #"\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}\p{Co}\p{Zs}"#,
        "punct": #"\p{P}"#,
        "space": #"\p{White_Space}"#,
        "upper": #"\p{Uppercase}"#,
        "xdigit": #"\p{Nd}\p{Hex_Digit}"#,
    ]

    /// The PCRE2 form of `\p{name}`, or nil to leave the name as written (PCRE2 knows it or
    /// reports it unknown). ICU's order: a name its sets know; `all` and `word` (the regex
    /// engine's own); `In` and a block; `Is` and a set's name (or `Titlecase`); a Java
    /// predicate. `In`, `Is` and the Java names are case-sensitive (`\p{inGreek}` and
    /// `\p{javadigit}` are errors in ICU); the names after `In` and `Is` are loose.
    static func members(of name: String) -> Members? {
        if let members = setMembers(of: name) { return members }
        if name == "all" { return Members(text: #"\p{Any}"#, isSingleProperty: true) }
        if name.lowercased() == "word" { return Members(text: ICURegexTranslator.wordMembers, isSingleProperty: false) }
        if name.hasPrefix("In"), name.count > 2, let range = UnicodeBlocks.ranges[loose(String(name.dropFirst(2)))] {
            return Members(
                text: "\\x{\(String(range.lowerBound, radix: 16))}-\\x{\(String(range.upperBound, radix: 16))}",
                isSingleProperty: false,
                closesOverCase: false)
        }
        if name.hasPrefix("Is"), name.count > 2 {
            let rest = String(name.dropFirst(2))
            if loose(rest) == "titlecase" { return Members(text: #"\p{Lt}"#, isSingleProperty: true) }
            return setMembers(of: rest) ?? script(named: rest) ?? Members(text: "\\p{\(rest)}", isSingleProperty: true)
        }
        if let members = java[name] {
            return Members(text: members, isSingleProperty: isSingleProperty(members))
        }
        return script(named: name)
    }

    /// Scripts PCRE2 knows, asked once each: ICU's `\p{Greek}` is the Script property, PCRE2
    /// 10.40's `\p{Greek}` the Script_Extensions one (it also takes the combining marks Greek
    /// shares with other scripts); `\p{sc=Greek}` is the same in both.
    private static let scripts = Mutex<[String: Bool]>([:])

    /// `\p{sc=name}` when PCRE2 knows `name` as a script, else nil.
    private static func script(named name: String) -> Members? {
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "}") && $0 != UInt8(ascii: "=") })
        else {
            return nil
        }
        let key = loose(name)
        let isScript: Bool
        if let known = scripts.withLock({ $0[key] }) {
            isScript = known
        } else {
            isScript = (try? CompiledPattern("\\p{sc=\(name)}")) != nil
            scripts.withLock { known in
                if known.count < 1024 { known[key] = isScript }
            }
        }
        return isScript ? Members(text: "\\p{sc=\(name)}", isSingleProperty: true) : nil
    }

    /// A name ICU's sets know that PCRE2 spells differently: `gc=Letter`, `Letter`, `alpha`.
    private static func setMembers(of name: String) -> Members? {
        var name = name
        // `gc=Letter` and `General_Category=Letter`.
        if let equals = name.firstIndex(of: "="), ["gc", "generalcategory"].contains(loose(String(name[..<equals]))) {
            name = String(name[name.index(after: equals)...])
        }
        let key = loose(name)
        if let short = generalCategories[key] { return Members(text: "\\p{\(short)}", isSingleProperty: true) }
        if let members = setNames[key] { return Members(text: members, isSingleProperty: isSingleProperty(members)) }
        return nil
    }
}

extension ICUPropertyNames {
    /// `\p{X}` or `\P{X}` alone.
    static func isSingleProperty(_ members: String) -> Bool {
        (members.hasPrefix("\\p{") || members.hasPrefix("\\P{"))
            && members.firstIndex(of: "}") == members.index(before: members.endIndex)
    }

    /// `\p{X}` ↔ `\P{X}`.
    static func negated(_ single: String) -> String {
        (single.hasPrefix("\\p") ? "\\P" : "\\p") + single.dropFirst(2)
    }
}

/// Unicode blocks (`\p{InGreek}`), from the generated table.
enum UnicodeBlocks {}
