/// Property names ICU takes in `\p{…}` and PCRE2 10.42 does not, rewritten to what PCRE2
/// takes with the same members: long General_Category names (`Letter` → `L`), Java's
/// `java…` predicates, and `In…` blocks (as code point ranges).
enum ICUPropertyNames {
    /// A rewritten property: the members of a character class (without brackets), and
    /// whether they are a single `\p{…}` that can simply be negated.
    struct Members {
        var text: String
        var isSingleProperty: Bool
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
        "otherpunctuation": "Po", "openpunctuation": "Ps", "symbol": "S", "currencysymbol": "Sc", "modifiersymbol": "Sk",
        "mathsymbol": "Sm", "othersymbol": "So", "separator": "Z", "lineseparator": "Zl", "paragraphseparator": "Zp",
        "spaceseparator": "Zs",
    ]

    /// Java's `Character.isX` predicates as ICU defines them (checked against ICU for every
    /// code point), by loose name.
    static let java: [String: String] = [
        "javadefined": #"\P{Cn}"#,
        "javadigit": #"\p{Nd}"#,
        "javaidentifierignorable": #"\x{0}-\x{8}\x{E}-\x{1B}\x{7F}-\x{9F}\p{Cf}"#,
        "javaisocontrol": #"\x{0}-\x{1F}\x{7F}-\x{9F}"#,
        "javajavaidentifierpart": #"\p{L}\p{Sc}\p{Pc}\p{Nd}\p{Nl}\p{Mc}\p{Mn}\x{0}-\x{8}\x{E}-\x{1B}\x{7F}-\x{9F}\p{Cf}"#,
        "javajavaidentifierstart": #"\p{L}\p{Nl}\p{Sc}\p{Pc}"#,
        "javaletter": #"\p{L}"#,
        "javaletterordigit": #"\p{L}\p{Nd}"#,
        "javalowercase": #"\p{Ll}"#,
        "javamirrored": #"\p{Bidi_Mirrored}"#,
        "javaspacechar": #"\p{Z}"#,
        "javasupplementarycodepoint": #"\x{10000}-\x{10FFFF}"#,
        "javatitlecase": #"\p{Lt}"#,
        "javaunicodeidentifierstart": #"\p{L}\p{Nl}"#,
        "javaunicodeidentifierpart": #"\p{L}\p{Nl}\p{Nd}\p{Pc}\p{Mn}\p{Mc}\x{0}-\x{8}\x{E}-\x{1B}\x{7F}-\x{9F}\p{Cf}"#,
        "javauppercase": #"\p{Lu}"#,
        "javavalidcodepoint": #"\x{0}-\x{10FFFF}"#,
        // Java whitespace: separators but the no-break spaces, and the ASCII controls below.
        "javawhitespace": #"\t\n\x{B}\f\r\x{1C}-\x{1F}\x{20}\x{1680}\x{2000}-\x{2006}\x{2008}-\x{200A}\x{2028}\x{2029}\x{205F}\x{3000}"#,
    ]

    /// The PCRE2 form of `\p{name}`, or nil to leave the name as written (PCRE2 knows it or
    /// reports it unknown).
    static func members(of name: String) -> Members? {
        var name = name
        // `gc=Letter` and `General_Category=Letter`.
        if let equals = name.firstIndex(of: "="), ["gc", "generalcategory"].contains(loose(String(name[..<equals]))) {
            name = String(name[name.index(after: equals)...])
        }
        let key = loose(name)
        if let short = generalCategories[key] { return Members(text: "\\p{\(short)}", isSingleProperty: true) }
        if let members = java[key] { return Members(text: members, isSingleProperty: isSingleProperty(members)) }
        if key.hasPrefix("in"), let range = UnicodeBlocks.ranges[String(key.dropFirst(2))] {
            return Members(text: "\\x{\(String(range.lowerBound, radix: 16))}-\\x{\(String(range.upperBound, radix: 16))}", isSingleProperty: false)
        }
        return nil
    }
}

extension ICUPropertyNames {
    /// `\p{X}` or `\P{X}` alone.
    static func isSingleProperty(_ members: String) -> Bool {
        (members.hasPrefix("\\p{") || members.hasPrefix("\\P{")) && members.firstIndex(of: "}") == members.index(before: members.endIndex)
    }

    /// `\p{X}` ↔ `\P{X}`.
    static func negated(_ single: String) -> String {
        (single.hasPrefix("\\p") ? "\\P" : "\\p") + single.dropFirst(2)
    }
}

/// Unicode blocks (`\p{InGreek}`), from the generated table.
enum UnicodeBlocks {}
