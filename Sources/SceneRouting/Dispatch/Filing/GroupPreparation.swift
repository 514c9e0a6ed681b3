/// What filing a new group takes that its predicate alone decides: the hashed keys it is filed
/// under (or the list it joins) when no choice between keys depends on how crowded the index
/// is, and the check or ASCII program that verifies a hit. Deriving them walks the predicate's
/// compiled nodes, tests and literals (at a million distinct predicates, a chain of cache
/// misses each), expands compound predicates and encodes programs; a large build does it
/// ahead on threads that have finished their own work (``PreparationPipeline``), so the
/// thread filling the tier mostly looks up, files and ranks. Whatever is nil here the tier
/// derives itself.
///
/// Plain values: a program's bytes live in its chunk's ``ProgramSpace``.
struct GroupPreparation: BitwiseCopyable {
    enum Filing: BitwiseCopyable {
        /// Filed under every one of these keys.
        case keys(HashedKeys)
        case always, residual, never
    }

    enum Verification: BitwiseCopyable {
        /// A single literal or pattern test.
        case check(ASCIICheck)
        /// An ASCII program (``ASCIIProgram``), valid while its chunk is.
        case program(UnsafeBufferPointer<UInt8>)
    }

    let filing: Filing?
    let verification: Verification?

    /// `programs` receives the predicate's program, if it has one and it fits.
    init(_ root: CompiledNode, programs: inout ProgramSpace) {
        filing = Self.filing(of: root)
        let check = PredicateTier.checkWithoutProgram(for: root)
        if check.operation != .none {
            verification = .check(check)
        } else if let program = ASCIIProgram.encode(root), let stored = programs.store(program) {
            verification = .program(stored)
        } else {
            verification = nil
        }
    }

    /// The filing, unless it is a choice among alternatives (made by current loads) or some
    /// key goes by its grams (also chosen by load).
    private static func filing(of root: CompiledNode) -> Filing? {
        let indexing: PredicateIndexing
        switch ClauseIndexing.filing(of: root) {
        case .loneKey(let key):
            guard let hashed = LiteralIndex.hashed(key) else { return nil }
            var keys = HashedKeys()
            keys.append(hashed)
            return .keys(keys)
        case .indexing(let derived): indexing = derived
        }
        switch indexing {
        case .always: return .always
        case .residual: return .residual
        case .never: return .never
        case .clauses(let clauses):
            // A choice among alternatives goes by the index's loads: the tier makes it.
            guard let chosen = PredicateTier.keys(filing: clauses, choose: { _ in nil }),
                chosen.count <= HashedKeys.capacity
            else { return nil }
            var keys = HashedKeys()
            for key in chosen {
                guard let hashed = LiteralIndex.hashed(key) else { return nil }
                keys.append(hashed)
            }
            return .keys(keys)
        }
    }
}
