import PCRE2Support
import Synchronization

/// What ICU adds to a property under `(?i)`: it closes the property's set over case before
/// matching (`(?i)\p{Lu}` matches `a`, and `(?i)\P{Ll}` does not match `A`, as the negation is
/// taken after), where PCRE2 tests properties as they are. The characters to add are found by
/// asking PCRE2 which members of each case class the property holds.
enum CaseClosure {
    /// Characters that share a simple case folding (Unicode's C and S foldings), each class
    /// holding two or more.
    static let classes: [[UInt32]] = {
        var byFolding: [UInt32: [UInt32]] = [:]
        for (scalar, folded) in FullCaseFolding.common + simpleOnly {
            byFolding[folded, default: [folded]].append(scalar)
        }
        return byFolding.keys.sorted().map { byFolding[$0]! }
    }()

    /// The simple foldings (status S) of characters whose full folding is several characters:
    /// `ẞ` folds to `ß` one for one, the Greek capitals with prosgegrammeni to their small
    /// forms (CaseFolding.txt, unchanged since Unicode 5.1).
    static let simpleOnly: [(UInt32, UInt32)] = {
        var pairs: [(UInt32, UInt32)] = [(0x1E9E, 0x00DF), (0x1FBC, 0x1FB3), (0x1FCC, 0x1FC3), (0x1FFC, 0x1FF3)]
        for offset: UInt32 in 0..<8 {
            pairs.append((0x1F88 + offset, 0x1F80 + offset))
            pairs.append((0x1F98 + offset, 0x1F90 + offset))
            pairs.append((0x1FA8 + offset, 0x1FA0 + offset))
        }
        return pairs
    }()

    /// Closures already computed, by the class members they were computed for; a pattern
    /// names few properties, and a process few more.
    private static let known = Mutex<[String: [UInt32]]>([:])
    private static let maximumKnown = 4096

    /// The characters outside the class with `members` (PCRE2 class syntax, no brackets)
    /// whose case partners are in it; nil when PCRE2 does not compile the class (it then
    /// reports the error itself).
    static func additions(toClassWith members: String) -> [UInt32]? {
        if let cached = known.withLock({ $0[members] }) { return cached }
        guard let pattern = try? CompiledPattern("[" + members + "]") else { return nil }
        var result: [UInt32] = []
        for caseClass in classes {
            let inside = caseClass.map { scalar in
                Unicode.Scalar(scalar).map { pattern.matches(String(Character($0))) == .match } ?? false
            }
            guard inside.contains(true) else { continue }
            for (scalar, isInside) in zip(caseClass, inside) where !isInside { result.append(scalar) }
        }
        result.sort()
        known.withLock { cache in
            if cache.count < maximumKnown { cache[members] = result }
        }
        return result
    }

    /// `scalars` as members of a PCRE2 class.
    static func members(_ scalars: [UInt32]) -> String {
        scalars.map { "\\x{" + String($0, radix: 16) + "}" }.joined()
    }
}
