import SceneRouterWorkloads

/// Random ICU regexes from a small grammar (literals, `.`, sets, `\d`, a group with an
/// alternation, each possibly quantified), each drawn with an identifier it matches: for
/// checking what is read from a pattern against what PCRE2 matches.
enum RandomRegex {
    static func withMatch(_ random: inout DeterministicRandom, atoms: ClosedRange<Int> = 1...7) -> (
        pattern: String, identifier: String
    ) {
        var pattern = ""
        var identifier = ""
        for _ in 0..<(atoms.lowerBound + random.below(atoms.count)) {
            let (piece, sample) = atom(&random)
            let quantifiers = [
                ("", 1, 1), ("?", 0, 1), ("*", 0, 3), ("+", 1, 3), ("{2}", 2, 2), ("{0,2}", 0, 2), ("{1,}", 1, 3),
                ("+?", 1, 3), ("{1,3}", 1, 3),
            ]
            let (quantifier, low, high) = quantifiers[random.chance(60) ? 0 : 1 + random.below(quantifiers.count - 1)]
            pattern += piece + quantifier
            for _ in 0..<(low + random.below(high - low + 1)) { identifier += sample(&random) }
        }
        return (pattern, identifier)
    }

    /// One atom and a way to draw text it matches.
    private static func atom(_ random: inout DeterministicRandom) -> (String, (inout DeterministicRandom) -> String) {
        switch random.below(10) {
        case 0, 1, 2:
            let literal = ["a", "b", "-", "1", "é"][random.below(5)]
            return (literal, { _ in literal })
        case 3: return ("\\.", { _ in "." })
        case 4: return (".", { random in ["a", "-", "z", "ü"][random.below(4)] })
        case 5: return ("[ab]", { random in random.chance(50) ? "a" : "b" })
        case 6: return ("[^a]", { random in random.chance(50) ? "b" : "-" })
        case 7: return ("\\d", { random in String(random.below(10)) })
        case 8: return ("\\w", { random in ["x", "7", "é"][random.below(3)] })
        default: return ("(a|b1)", { random in random.chance(50) ? "a" : "b1" })
        }
    }
}
