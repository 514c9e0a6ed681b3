/// Derives index keys from a compiled predicate: the predicate is put in disjunctive normal
/// form (NOT pushed down to the atoms), and each clause contributes the most selective literal
/// one of its positive atoms requires. A match of the predicate implies a match of some
/// clause, which implies its key occurs in the identifier, so probing the keys finds a
/// superset of the matching predicates; the table then evaluates the whole predicate.
enum ClauseIndexing {
    /// Above this many clauses the predicate is not expanded; it becomes residual.
    static let clauseLimit = 64

    private struct Atom {
        var node: CompiledNode
        var negated: Bool
    }

    static func indexing(of root: CompiledNode) -> PredicateIndexing {
        switch root {
        case .literal, .membership, .pattern:
            // One atom, one clause: what the expansion below gives, without building it (most
            // predicates at scale are a single comparison, and the build files a million).
            switch keys(for: root) {
            case .unsatisfiable: return .never
            case .none, .alternatives: return .residual
            case .keys(let keys): return .clauses([[keys]])
            }
        default:
            break
        }
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
        default:
            return [[Atom(node: node, negated: negated)]]
        }
    }

    private enum ClauseKeys {
        /// The clause cannot hold for a non-nil ASCII identifier.
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
            case .none, .alternatives: continue
            case .keys(let candidates): options.append(candidates)
            }
        }
        return options.isEmpty ? .none : .alternatives(options)
    }

    private static func family(_ mode: FoldMode) -> KeyFamily { mode.foldsCase ? .lowercase : .raw }

    private static func isASCII(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 < 0x80 } }

    private static func keys(for node: CompiledNode) -> ClauseKeys {
        switch node {
        case .isNil:
            return .unsatisfiable
        case .literal(let test):
            guard let key = test.asciiKey else {
                // Exact code units that are not ASCII never equal an ASCII identifier.
                if case .equal = test.operation, test.mode == .literal { return .unsatisfiable }
                return .none
            }
            let kind: IndexKey.Kind
            switch test.operation {
            case .equal: kind = .exact
            case .beginsWith: kind = .prefix
            case .endsWith: kind = .suffix
            case .contains: kind = .inner
            default: return .none
            }
            // An empty needle is never found (rangeOfString:), so the atom is false.
            if key.isEmpty && kind != .exact { return .unsatisfiable }
            return .keys([IndexKey(kind: kind, family: family(test.mode), bytes: key)])
        case .membership(let test):
            let members = test.members.map { Array($0.utf8) }.filter(isASCII)
            guard !members.isEmpty else { return .unsatisfiable }
            return .keys(members.map { IndexKey(kind: .exact, family: .raw, bytes: $0) })
        case .pattern(let test):
            guard test.pattern != nil else { return .unsatisfiable }
            let literals = test.literals
            let keyFamily = family(test.mode)
            var candidates: [IndexKey] = []
            if let exact = literals.exact {
                guard isASCII(exact) else { return .unsatisfiable }
                return .keys([IndexKey(kind: .exact, family: keyFamily, bytes: exact)])
            }
            for (kind, bytes) in [(IndexKey.Kind.prefix, literals.prefix), (.suffix, literals.suffix), (.inner, literals.inner)]
            where !bytes.isEmpty {
                // A required non-ASCII literal cannot occur in an ASCII identifier.
                guard isASCII(bytes) else { return .unsatisfiable }
                candidates.append(IndexKey(kind: kind, family: keyFamily, bytes: bytes))
            }
            guard let best = candidates.max(by: { $0.selectivity < $1.selectivity }) else { return .none }
            return .keys([best])
        default:
            return .none
        }
    }
}
