/// Derives index keys from a compiled predicate: the predicate is put in disjunctive normal
/// form (NOT pushed down to the atoms), and each clause contributes the most selective literal
/// one of its positive atoms requires, folded for its comparison's family (``KeyFamily``). A
/// match of the predicate implies a match of some clause, which implies its folded key occurs
/// in the identifier's fold, so probing the keys finds a superset of the matching predicates,
/// whatever the identifier's script; the table then evaluates the whole predicate.
enum ClauseIndexing {
    /// Above this many clauses the predicate is not expanded; it becomes residual.
    static let clauseLimit = 64

    private struct Atom {
        var node: CompiledNode
        var negated: Bool
    }

    /// How a new group is filed: under the one key of a predicate that is one comparison
    /// offering one key (most predicates at scale: `SELF == 'doc-7'`), without the nested
    /// arrays of `.clauses([[[key]]])`; any other as ``indexing(of:)`` says.
    enum Filing {
        case loneKey(IndexKey)
        case indexing(PredicateIndexing)
    }

    static func filing(of root: CompiledNode) -> Filing {
        guard let keys = comparisonKeys(of: root) else { return .indexing(indexing(of: root)) }
        if case .keys(let keys) = keys, keys.count == 1 { return .loneKey(keys[0]) }
        return .indexing(indexing(ofComparison: keys))
    }

    static func indexing(of root: CompiledNode) -> PredicateIndexing {
        if let keys = comparisonKeys(of: root) { return indexing(ofComparison: keys) }
        guard let clauses = clauses(of: root, negated: false) else { return .residual }
        var indexed: [[[IndexKey]]] = []
        var residual = false
        for clause in clauses {
            if clause.isEmpty { return .always }
            switch alternatives(for: clause) {
            case .unsatisfiable: continue
            case .none: residual = true
            case .alternatives(let options): indexed.append(options)
            case .keys(let keys): indexed.append([keys])
            }
        }
        if residual { return .residual }
        return indexed.isEmpty ? .never : .clauses(indexed)
    }

    /// The keys of a predicate that is one comparison; nil for any other.
    private static func comparisonKeys(of root: CompiledNode) -> ClauseKeys? {
        switch root {
        case .literal, .membership, .pattern: keys(for: root)
        case .constant, .isNil, .not, .and, .or, .dynamic: nil
        }
    }

    /// One atom, one clause: what the expansion gives, without building it (most predicates at
    /// scale are a single comparison, and the build files a million).
    private static func indexing(ofComparison keys: ClauseKeys) -> PredicateIndexing {
        switch keys {
        case .unsatisfiable: .never
        case .none: .residual
        case .keys(let keys): .clauses([[keys]])
        case .alternatives(let options): .clauses([options])
        }
    }

    /// nil when the expansion exceeds ``clauseLimit``.
    private static func clauses(of node: CompiledNode, negated: Bool) -> [[Atom]]? {
        switch node {
        case .constant(let value):
            return value != negated ? [[]] : []
        case .not(let inner):
            return clauses(of: inner, negated: !negated)
        case .and(let operands), .or(let operands):
            let isConjunction = { if case .and = node { true } else { false } }() != negated
            var result: [[Atom]] = isConjunction ? [[]] : []
            for operand in operands {
                guard let part = clauses(of: operand, negated: negated) else { return nil }
                if isConjunction {
                    var product: [[Atom]] = []
                    for left in result {
                        for right in part { product.append(left + right) }
                    }
                    result = product
                } else {
                    result += part
                }
                if result.count > clauseLimit { return nil }
            }
            return result
        case .isNil, .literal, .membership, .pattern, .dynamic:
            return [[Atom(node: node, negated: negated)]]
        }
    }

    private enum ClauseKeys {
        /// The clause cannot hold for a non-nil identifier.
        case unsatisfiable
        /// No positive atom offers a literal.
        case none
        case keys([IndexKey])
        case alternatives([[IndexKey]])
    }

    /// Every positive atom's keys: the table picks the least crowded when filing.
    private static func alternatives(for clause: [Atom]) -> ClauseKeys {
        var options: [[IndexKey]] = []
        for atom in clause where !atom.negated {
            switch keys(for: atom.node) {
            case .unsatisfiable: return .unsatisfiable
            case .none: continue
            case .keys(let candidates): options.append(candidates)
            case .alternatives(let more): options += more
            }
        }
        return options.isEmpty ? .none : .alternatives(options)
    }

    /// The keys a comparison of `kind` on `literal` offers (``NeedleKeys``). An empty needle
    /// is never found (`rangeOfString:`), so such an atom is false. Each key is necessary on
    /// its own: several are alternatives, and the table files the one least crowded when the
    /// predicate arrives (`sección-7/` offers the prefix `secci`, shared by every
    /// `sección-N/`, and the inner `n-7/`).
    private static func key(
        _ kind: IndexKey.Kind, _ literal: String, _ mode: FoldMode, comparedByFoundation: Bool = true
    ) -> ClauseKeys {
        if literal.isEmpty && kind != .exact { return .unsatisfiable }
        let keys = NeedleKeys.keys(
            literal, kind, mode.keyFamily, comparedByFoundation: comparedByFoundation && mode != .literal)
        switch keys.count {
        case 0: return .none
        case 1: return .keys(keys)
        default: return .alternatives(keys.map { [$0] })
        }
    }

    private static func keys(for node: CompiledNode) -> ClauseKeys {
        switch node {
        case .isNil:
            return .unsatisfiable
        case .literal(let test):
            switch test.operation {
            case .equal: return key(.exact, test.literal, test.mode)
            case .beginsWith: return key(.prefix, test.literal, test.mode)
            case .endsWith: return key(.suffix, test.literal, test.mode)
            case .contains: return key(.inner, test.literal, test.mode)
            // Orderings, `IN 'text'` and BETWEEN require no literal in the identifier.
            case .less, .lessEqual, .greater, .greaterEqual, .containedIn, .between: return .none
            }
        case .membership(let test):
            // `isEqual:` on each member: exact, whatever the options.
            guard !test.isEmpty else { return .unsatisfiable }
            return .keys(
                test.members.map {
                    IndexKey(kind: .exact, family: .caseSensitive, bytes: KeyFold.foldedKey($0, .caseSensitive))
                })
        case .pattern(let test):
            guard test.patternText != nil else { return .unsatisfiable }
            // The literals are in the pattern's folded, normalised form, as the identifier is
            // matched; folding them again for the family changes nothing that matters.
            let literals = test.literals
            func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
            // Patterns are matched by PCRE2 on folded text, not by CFString.
            if let exact = literals.exact { return key(.exact, text(exact), test.mode, comparedByFoundation: false) }
            var candidates: [IndexKey] = []
            for (kind, bytes) in [
                (IndexKey.Kind.prefix, literals.prefix), (.suffix, literals.suffix), (.inner, literals.inner),
            ]
            where !bytes.isEmpty {
                if case .keys(let keys) = key(kind, text(bytes), test.mode, comparedByFoundation: false) {
                    candidates += keys
                }
            }
            // Each is necessary on its own: the table files the least crowded, so regexes
            // sharing a prefix (`ticket-[0-9]+-17`, `ticket-[0-9]+-18`) spread over their suffixes.
            switch candidates.count {
            case 0: return .none
            case 1: return .keys(candidates)
            default: return .alternatives(candidates.map { [$0] })
            }
        // Compounds are expanded before their atoms get here; a constant or a comparison
        // with the identifier as its pattern offers no literal.
        case .constant, .not, .and, .or, .dynamic:
            return .none
        }
    }
}

/// How the dispatch table finds a predicate.
enum PredicateIndexing: Sendable, Equatable {
    /// True for every non-nil identifier (TRUEPREDICATE, `*`).
    case always
    /// False for every non-nil identifier.
    case never
    /// Some clause has no usable literal: evaluated on every route.
    case residual
    /// One entry per clause: the alternative key sets that clause offers (each atom's keys;
    /// a membership atom offers several keys at once). Every matching identifier contains
    /// some key of the alternative chosen for some clause, whichever alternatives are chosen.
    case clauses([[[IndexKey]]])
}
