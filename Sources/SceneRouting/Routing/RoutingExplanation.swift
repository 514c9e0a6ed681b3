import PredicateSyntax

/// Why routing decided as it did: every session that competed, ranked as routing ranks them,
/// with the condition that scored each one; and, when no session scored, each declaration
/// that was considered for a new scene and whether its `matching` matched.
///
/// Computed by evaluating every session one by one (a diagnostic path, not a fast one).
public struct RoutingExplanation: Sendable, Equatable {
    /// A session that competed for the event.
    public struct Candidate: Sendable, Equatable {
        /// The session's id.
        public var sessionID: String
        /// The name of the declaration the session was created from.
        public var declaration: String
        /// 2 prefers, 1 can, 0 neither; nil when predicates were not evaluated (no identifier,
        /// single-scene app).
        public var score: Int?
        /// The condition that gave the score; nil for a score of 0 or nil.
        public var matched: MatchedCondition?
        /// The rank keys, compared in this order under the `recency` tie-break (`order` uses
        /// `position` alone): state, then larger lastActive, then earlier position.
        public var state: ActivationState
        /// The session's activation counter: larger is more recent.
        public var lastActive: Int
        /// 0-based position in the session list.
        public var position: Int
    }

    /// The activation condition that matched, and the comparisons in it that decided.
    public struct MatchedCondition: Sendable, Equatable {
        /// Which of the session's two conditions.
        public enum Condition: String, Sendable {
            /// `prefersToActivateForTargetContentIdentifierPredicate`.
            case prefersToActivate
            /// `canActivateForTargetContentIdentifierPredicate`.
            case canActivate
        }

        /// Which condition matched: prefersToActivate scores 2, canActivate 1.
        public var condition: Condition
        /// The predicate as written (a SwiftUI set as its equivalent predicate), followed by
        /// its `%@` arguments when it has any: `SELF IN %@ (%@: ["a", "b"])`.
        public var predicate: String
        /// The comparisons that made it true, as written (joined by `AND` when a conjunction
        /// decided); for a SwiftUI set, the member the identifier contains. nil when nothing
        /// narrower than the predicate decided (a constant, a `NOT`).
        public var decidedBy: String?
        /// Where the app's code states the condition (imported apps).
        public var source: SourceLocation?
    }

    /// A declaration considered for a new scene, in declaration order.
    public struct DeclarationCheck: Sendable, Equatable {
        /// The declaration's name.
        public var name: String
        /// Its `matching` predicate; nil for a default declaration.
        public var matching: String?
        /// Whether `matching` matched; nil for a default declaration (it is used when no
        /// declaration matches).
        public var matched: Bool?
        /// Where the app's code declares the scene or states its `matching` (imported apps).
        public var source: SourceLocation?
    }

    /// Every window session, in the order routing ranks them (best first).
    public var candidates: [Candidate]
    /// The declarations checked for creation (empty when an open session was chosen).
    public var declarations: [DeclarationCheck]
    /// How many sessions can receive events (windowApplication role).
    public var considered: Int
    /// How equally scored candidates were ordered.
    public var tieBreak: TieBreakPolicy

    /// Explains routing `identifier` in `app`, by the same rules as ``ReferenceRouter``.
    public init(identifier: String?, in app: SceneApp) {
        let sessions = app.sessions
        let windows = sessions.indices.filter { sessions[$0].role.receivesEvents }
        considered = windows.count
        tieBreak = app.tieBreak
        declarations = []
        var scored: [(index: Int, strength: MatchStrength?, matched: MatchedCondition?)] = windows.map {
            ($0, nil, nil)
        }
        let scoredIdentifier =
            app.supportsMultipleScenes ? identifier.flatMap { ReferenceRouter.refuses($0) ? nil : $0 } : nil
        if let identifier = scoredIdentifier {
            scored = windows.map { index in
                let conditions = sessions[index].conditions
                var budgetExceeded = false
                let strength = conditions.strength(for: identifier, budgetExceeded: &budgetExceeded)
                let matched: MatchedCondition? =
                    switch strength {
                    case .prefers: Self.matched(.prefersToActivate, conditions.prefersToActivate, identifier)
                    case .can: Self.matched(.canActivate, conditions.canActivate, identifier)
                    case .neither: nil
                    }
                return (index, strength, matched)
            }
        }
        scored.sort { a, b in
            (a.strength ?? .neither) != (b.strength ?? .neither)
                ? (a.strength ?? .neither) > (b.strength ?? .neither)
                : SessionRanking.precedes(a.index, b.index, in: sessions, policy: app.tieBreak)
        }
        candidates = scored.map { entry in
            let session = sessions[entry.index]
            return Candidate(
                sessionID: session.id, declaration: session.declaration, score: entry.strength?.rawValue,
                matched: entry.matched,
                state: session.state, lastActive: session.lastActive, position: entry.index)
        }
        // Only a multi-scene app scores an identifier.
        let creates =
            scoredIdentifier != nil ? (scored.first?.strength ?? .neither) == .neither : windows.isEmpty
        if creates {
            let windows = CreationRule.candidates(app.declarations)
            let checked = app.supportsMultipleScenes ? windows : Array(windows.prefix(1))
            declarations = checked.map { declaration in
                let source = declaration.matching?.source ?? declaration.source
                guard let matching = declaration.matching, app.supportsMultipleScenes else {
                    return DeclarationCheck(
                        name: declaration.name, matching: declaration.matching.map(Self.shown), matched: nil,
                        source: source)
                }
                return DeclarationCheck(
                    name: declaration.name, matching: Self.shown(matching), matched: matching.evaluate(identifier),
                    source: source)
            }
        }
    }

    private static func matched(
        _ condition: MatchedCondition.Condition, _ predicate: ActivationPredicate, _ identifier: String?
    ) -> MatchedCondition {
        MatchedCondition(
            condition: condition, predicate: shown(predicate), decidedBy: decidingText(predicate, identifier),
            source: predicate.source)
    }

    /// The format string followed by its arguments, as format-string literals.
    static func shown(_ predicate: ActivationPredicate) -> String {
        guard !predicate.arguments.isEmpty else { return predicate.format }
        let arguments = predicate.arguments.map { argument in
            switch argument {
            case .string(let value): ActivationPredicate.quoted(value)
            case .strings(let values): "[" + values.map(ActivationPredicate.quoted).joined(separator: ", ") + "]"
            }
        }
        return predicate.format + " (%@: " + arguments.joined(separator: ", ") + ")"
    }

    /// The comparisons that made `predicate` true for `identifier`: down an `OR`, the first
    /// operand that holds; across an `AND`, every operand's own.
    private static func decidingText(_ predicate: ActivationPredicate, _ identifier: String?) -> String? {
        if let members = predicate.swiftUIMembers {
            if members.contains("*") { return "*" }
            return members.first { !$0.isEmpty && ActivationPredicate(swiftUISet: [$0]).evaluate(identifier) }
        }
        guard let parsed = predicate.parsed else { return nil }
        let compiler = PredicateCompiler(source: parsed.source)
        func holds(_ node: PredicateNode) -> Bool {
            guard let compiled = try? compiler.compile(node) else { return false }
            var budgetExceeded = false
            return Subject.with(identifier) { compiled.evaluate(&$0, budgetExceeded: &budgetExceeded) }
        }
        func deciding(_ node: PredicateNode) -> [Comparison] {
            switch node {
            case .comparison(let comparison): [comparison]
            case .or(let operands): operands.first(where: holds).map(deciding) ?? []
            case .and(let operands): operands.flatMap(deciding)
            case .not, .constant: []
            }
        }
        let comparisons = deciding(parsed.node)
        guard !comparisons.isEmpty else { return nil }
        let utf8 = Array(parsed.source.utf8)
        let texts = comparisons.map { comparison in
            let range = comparison.lhs.range.lowerBound..<comparison.rhs.range.upperBound
            return String(decoding: utf8[range.clamped(to: 0..<utf8.count)], as: UTF8.self)
        }
        let text = texts.joined(separator: " AND ")
        return text == parsed.source ? nil : text
    }
}
