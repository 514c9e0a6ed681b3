import SceneRouting

/// What a regex-set engine must hold to route an app's events: one whole-string expression
/// per distinct condition that has a regular reading (``PredicateShape``), the windows each
/// expression speaks for, and the conditions no expression can stand for, which every route
/// evaluates.
///
/// A compound condition stands on one expression when it can: `OR` of readable operands is
/// their alternation (exact); `AND` stands on its most literal readable operand, whose
/// matches are then verified by evaluating the whole condition. Expressions read either the identifier or
/// the identifier lowercased (for `[c]`), so a route scans each form it needs once.
struct RegexPlan {
    /// A window's `prefersToActivate` (`prefers`) or `canActivate`.
    struct Condition {
        let session: Int
        let prefers: Bool
        /// A match of the expression decides the condition; otherwise the condition is
        /// evaluated for each match.
        let exact: Bool

        /// What the condition gives its window when it matches.
        var strength: MatchStrength { prefers ? .prefers : .can }
    }

    /// Distinct expressions (PCRE2 syntax that Hyperscan and RE2 read alike, without
    /// anchors) and, for each, the conditions it stands for.
    struct Expressions {
        private(set) var texts: [String] = []
        private(set) var conditions: [[Condition]] = []
        private var positions: [String: Int] = [:]

        mutating func add(_ text: String, for condition: Condition) {
            let position = positions[text] ?? texts.count
            if position == texts.count {
                positions[text] = position
                texts.append(text)
                conditions.append([])
            }
            conditions[position].append(condition)
        }
    }

    /// Expressions that read the identifier, and those that read it lowercased.
    private(set) var exact = Expressions()
    private(set) var lowercased = Expressions()
    /// Conditions without a regular reading: evaluated on every route.
    private(set) var evaluated: [Condition] = []
    /// Of the conditions every ASCII identifier satisfies (`TRUEPREDICATE`), the best
    /// ranked: the only one that can win a route (the router does not change while it
    /// lives).
    private(set) var alwaysSatisfied: [Condition] = []

    init(router: LinearScanRouter) {
        let sessions = router.app.sessions
        var bestAlways: [Bool: Int] = [:]
        for session in router.windows {
            for prefers in [true, false] {
                let predicate =
                    prefers ? sessions[session].conditions.prefersToActivate : sessions[session].conditions.canActivate
                switch Self.reading(predicate.shape) {
                case .never:
                    continue
                case .always:
                    if let best = bestAlways[prefers], !router.ranks(session, before: best) { continue }
                    bestAlways[prefers] = session
                case .opaque:
                    evaluated.append(Condition(session: session, prefers: prefers, exact: false))
                case .expression(let text, let readsLowercased, let isExact):
                    let condition = Condition(session: session, prefers: prefers, exact: isExact)
                    if readsLowercased {
                        lowercased.add(text, for: condition)
                    } else {
                        exact.add(text, for: condition)
                    }
                }
            }
        }
        alwaysSatisfied = bestAlways.sorted { $0.key && !$1.key }.map {
            Condition(session: $0.value, prefers: $0.key, exact: true)
        }
    }

    /// A condition's reading for an ASCII identifier.
    enum Reading: Equatable {
        /// No ASCII identifier satisfies it.
        case never
        /// Every ASCII identifier satisfies it.
        case always
        /// Every identifier the condition accepts matches `text`; when `exact`, only those.
        case expression(String, lowercased: Bool, exact: Bool)
        case opaque
    }

    static func reading(_ shape: PredicateShape) -> Reading {
        switch shape {
        case .constant(false), .isNil:
            return .never
        case .constant(true):
            return .always
        case .not, .opaque:
            return .opaque
        case .comparison(let comparison, let literal, let lowercased):
            let escaped = escape(literal)
            let text =
                switch comparison {
                case .equal: escaped
                case .prefix: escaped + ".*"
                case .suffix: ".*" + escaped
                case .contains: ".*" + escaped + ".*"
                }
            return .expression(text, lowercased: lowercased, exact: true)
        case .membership(let members):
            let ascii = members.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
            guard !ascii.isEmpty else { return .never }
            return .expression(
                ascii.map { escape(Array($0.utf8)) }.joined(separator: "|"), lowercased: false, exact: true)
        case .regex(let expression, let lowercased):
            return .expression(expression, lowercased: lowercased, exact: true)
        case .and(let operands):
            let readings = operands.map(reading).filter { $0 != .always }
            if readings.contains(.never) { return .never }
            if readings.isEmpty { return .always }
            if readings.count == 1 { return readings[0] }
            // The operand with the longest expression, as a rule the most literal text and so
            // the fewest matches to verify (`BEGINSWITH 'sms:' AND CONTAINS 'group-7;'`
            // stands on the group, which few windows share).
            var chosen: (text: String, lowercased: Bool)?
            for case .expression(let text, let lowercased, _) in readings
            where text.utf8.count > chosen?.text.utf8.count ?? -1 {
                chosen = (text, lowercased)
            }
            guard let chosen else { return .opaque }
            return .expression(chosen.text, lowercased: chosen.lowercased, exact: false)
        case .or(let operands):
            let readings = operands.map(reading).filter { $0 != .never }
            if readings.contains(.always) { return .always }
            guard let first = readings.first else { return .never }
            guard case .expression(_, let firstLowercased, _) = first else { return .opaque }
            var texts: [String] = []
            var exact = true
            for reading in readings {
                // One expression reads one form of the identifier.
                guard case .expression(let text, let lowercased, let isExact) = reading, lowercased == firstLowercased
                else {
                    return .opaque
                }
                texts.append("(?:" + text + ")")
                exact = exact && isExact
            }
            return readings.count == 1
                ? first : .expression(texts.joined(separator: "|"), lowercased: firstLowercased, exact: exact)
        }
    }

    /// ASCII bytes as an expression that matches exactly them: letters and digits as they
    /// are, every other byte as `\xHH`, which both engines read as that byte.
    private static func escape(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return text
    }
}
