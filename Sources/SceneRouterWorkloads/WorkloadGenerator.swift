import Foundation
public import SceneRouting

/// A generated app and the events to route against it.
public struct Workload: Sendable {
    /// The generated app: declarations and sessions.
    public var app: SceneApp
    /// Target content identifiers (nil: an event without one).
    public var events: [String?]
}

/// The benchmark mixes, as Benchmarks/README.md describes them.
public enum WorkloadMix: String, Sendable, CaseIterable {
    /// `==`, `IN`, `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, some `AND`.
    case literal
    /// The shapes real apps use (per-window ids, aliases, sms: URLs, attachments), with some
    /// LIKE, MATCHES and AND/OR/NOT.
    case realistic
    /// Mostly LIKE/MATCHES; a fifth of the predicates have no literal at all.
    case regexHeavy = "regex-heavy"
    /// Realistic plus catastrophic-backtracking regexes, identifiers sharing long prefixes,
    /// NOT-only predicates.
    case adversarial
    /// The realistic shapes over non-ASCII identifiers: accented Latin, CJK, Cyrillic, emoji,
    /// with events in other case, in decomposed form and in fullwidth forms.
    case unicode
    /// Patterns that share their leading literal and differ only after a wildcard: regexes
    /// on `ticket-…-N` and `ticket-…-N-…`, URL regexes on one host, `LIKE 'chart-*-N'`,
    /// among the literal shapes.
    case crowded
    /// The crowded mix where 2% of sessions instead prefer regexes that share every literal
    /// they have (`ticket-[0-9]{A}[a-z]{B}`, distinct repeat counts): no literal tells them
    /// apart, so an event for one verifies all of them.
    case sharedLiterals = "shared-literals"
    /// Every window prefers its own identity, as real apps state it: a template
    /// `SELF == 'app://open-scene/${persistentIdentifier}'` each session binds with its id
    /// (UIKit's canActivate TRUE); events name one window's identity, or none.
    case windowIdentity = "window-identity"
    /// Every window prefers one condition of its own, every literal distinct, over every
    /// operator: 40% `==`, 15% `IN`, 15% `BEGINSWITH`, 10% `ENDSWITH`, 10% `CONTAINS[c]`,
    /// 5% `LIKE 'chart-*-N'`, 5% `MATCHES 'ticket-[0-9]+-N'`.
    case mixedOperators = "mixed-operators"
}

/// Builds workloads deterministically from a seed: the same arguments give the same
/// sessions and events on every machine.
public enum WorkloadGenerator {
    /// Creates `sessionCount` sessions of `mix` and `eventCount` events: about 70% hit some
    /// session's preferred identifier, 20% only a canActivate, 10% nothing or nil.
    public static func make(mix: WorkloadMix, sessions sessionCount: Int, events eventCount: Int, seed: UInt64)
        -> Workload
    {
        var random = DeterministicRandom(seed: seed)
        let declarations = [
            SceneDeclaration(
                name: "Compose", matching: try! ActivationPredicate(format: "SELF BEGINSWITH 'compose/'"),
                initialConditions: ActivationConditions(
                    canActivate: .alwaysFalse,
                    prefersToActivate: try! ActivationPredicate(format: "SELF BEGINSWITH 'compose/'"))),
            SceneDeclaration(name: "Viewer", matching: try! ActivationPredicate(format: "SELF ENDSWITH[c] '.pdf'")),
            SceneDeclaration(name: "Main"),
        ]
        var sessions: [SceneSession] = []
        var hits: [String] = []
        sessions.reserveCapacity(sessionCount)
        hits.reserveCapacity(sessionCount)
        let states: [ActivationState] = [.foregroundActive, .foregroundInactive, .background, .background, .unattached]
        let identity = ConditionTemplate(
            format: "SELF == %@",
            arguments: [.string(try! ValueTemplate(parsing: "app://open-scene/${persistentIdentifier}"))])
        for index in 0..<sessionCount where mix == .windowIdentity {
            var session = SceneSession(
                id: "w\(index)", declaration: "Main", state: states[random.below(states.count)],
                lastActive: random.below(1_000_000), conditions: ActivationConditions())
            session.templates.prefersToActivate = identity
            // Bound as the manifest loader binds them, so that the reference router sees them too.
            session.bindTemplates(bundleIdentifier: nil)
            sessions.append(session)
            hits.append("app://open-scene/w\(index)")
        }
        for index in 0..<sessionCount where mix != .windowIdentity {
            let (prefers, hit) = preferred(mix: mix, index: index, random: &random)
            let can = canActivate(mix: mix, random: &random)
            var session = SceneSession(
                id: "w\(index)", declaration: "Main", state: states[random.below(states.count)],
                lastActive: random.below(1_000_000),
                conditions: ActivationConditions(canActivate: can, prefersToActivate: prefers))
            if mix == .adversarial && random.chance(1) { session.role = .windowExternalDisplayNonInteractive }
            sessions.append(session)
            hits.append(hit)
        }
        var events: [String?] = []
        events.reserveCapacity(eventCount)
        for _ in 0..<eventCount {
            let roll = random.below(100)
            if roll < 70, !hits.isEmpty {
                events.append(hits[random.below(hits.count)])
            } else if roll < 90 {
                events.append(
                    mix == .unicode
                        ? "sección-\(random.below(100))/ítem-\(random.below(1_000))"
                        : "section-\(random.below(100))/item-\(random.below(1_000))")
            } else if roll < 95 {
                events.append(nil)
            } else if mix == .unicode {
                events.append(
                    random.chance(50) ? "✉️/\(random.below(1_000_000))" : "неизвестно-\(random.below(1_000_000))")
            } else if mix == .adversarial {
                events.append(
                    random.chance(50)
                        ? String(repeating: "a", count: 40) + "!" : longPrefix + "-miss-\(random.below(1_000))")
            } else {
                events.append(
                    random.chance(50) ? "compose/new-\(random.below(100))" : "unknown-\(random.below(1_000_000))")
            }
        }
        // Ids are w0, w1, … and every session names a declared scene: the app is valid.
        let app = try! SceneApp(framework: .uikit, tieBreak: .recency, declarations: declarations, sessions: sessions)
        return Workload(app: app, events: events)
    }

    /// Non-ASCII names, one per session, and the same name as an event may spell it: in
    /// upper case, decomposed, or in fullwidth digits, as the predicate's options allow.
    private static let unicodeWords = ["café", "文档", "документ", "📄", "résumé", "übersicht", "ドキュメント", "Øre", "ἀρχεῖο"]

    private static func unicodePreferred(roll: Int, index: Int, random: inout DeterministicRandom)
        -> (ActivationPredicate, String)
    {
        let word = unicodeWords[index % unicodeWords.count]
        let hex = String(UInt64(index) &* (Hashing.golden >> 32), radix: 16)
        switch roll {
        case 0..<50:
            let id = "\(word)/fenêtre-\(hex)"
            return (predicate("SELF == %@", [.string(id)]), id)
        case 50..<60:
            return (
                predicate("SELF IN %@", [.strings(["\(word)/\(index)", "https://example.com/\(word)/\(index)"])]),
                "https://example.com/\(word)/\(index)"
            )
        case 60..<68:
            return (
                predicate("SELF BEGINSWITH[cd] 'sms:' AND SELF CONTAINS[cd] %@", [.string("grüppe-\(index);")]),
                "SMS:GRÜPPE-\(index);öffnen"
            )
        case 68..<75:
            return (
                predicate("SELF ENDSWITH %@", [.string("/anhänge/\(index).pdf")]), "file:///post/anhänge/\(index).pdf"
            )
        case 75..<80:
            return (predicate("SELF LIKE[c] %@", [.string("\(word)-\(index)-*")]), "\(word.uppercased())-\(index)-v3")
        case 80..<85:
            return (predicate("SELF MATCHES %@", [.string("tíquet-\(index)-[0-9]+")]), "tíquet-\(index)-42")
        case 85..<95:
            return (
                predicate("SELF BEGINSWITH[d] %@ AND NOT SELF ENDSWITH '.tmp'", [.string("\(word)/\(index)/")]),
                "\(word.decomposedStringWithCanonicalMapping)/\(index)/x"
            )
        default:
            return (ActivationPredicate(swiftUISet: ["thème-\(index)."]), "forum/THÈME-\(index).html")
        }
    }

    static let longPrefix =
        "com.example.enterprise.suite.workspace.tenant-0042.region-eu-west.cluster-7.service.documents"

    private static func predicate(_ format: String, _ arguments: [PredicateArgument] = []) -> ActivationPredicate {
        // Generated formats are valid by construction.
        try! ActivationPredicate(format: format, arguments: arguments)
    }

    private static func canActivate(mix: WorkloadMix, random: inout DeterministicRandom) -> ActivationPredicate {
        let roll = random.below(100)
        if roll < 60 { return .alwaysTrue } // UIKit's default
        if roll < 75 { return .alwaysFalse }
        let section = random.below(100)
        if mix == .unicode {
            if roll < 95 { return predicate("SELF BEGINSWITH %@", [.string("sección-\(section)/")]) }
            return predicate("SELF LIKE[cd] %@", [.string("SECCION-\(section)/*")])
        }
        if roll < 95 { return predicate("SELF BEGINSWITH %@", [.string("section-\(section)/")]) }
        return predicate("SELF LIKE[c] %@", [.string("SECTION-\(section)/*")])
    }

    /// A prefersToActivate predicate for session `index` and an identifier it matches.
    private static func preferred(mix: WorkloadMix, index: Int, random: inout DeterministicRandom)
        -> (ActivationPredicate, String)
    {
        let roll = random.below(100)
        switch mix {
        case .literal:
            switch roll {
            case 0..<55:
                let id = "com.example.app.window.\(index)"
                return (predicate("SELF == %@", [.string(id)]), id)
            case 55..<70:
                return (
                    predicate("SELF IN %@", [.strings(["doc/\(index)", "https://example.com/doc/\(index)"])]),
                    "doc/\(index)"
                )
            case 70..<80:
                return (predicate("SELF BEGINSWITH %@", [.string("thread/\(index)/")]), "thread/\(index)/message-3")
            case 80..<88:
                return (
                    predicate("SELF ENDSWITH %@", [.string("/attachments/\(index).pdf")]),
                    "file:///mail/attachments/\(index).pdf"
                )
            case 88..<95:
                return (predicate("SELF CONTAINS %@", [.string("topic-\(index).")]), "forum/topic-\(index).html")
            default:
                return (
                    predicate("SELF BEGINSWITH %@ AND SELF ENDSWITH %@", [.string("note/\(index)/"), ".txt"]),
                    "note/\(index)/draft.txt"
                )
            }
        case .realistic, .adversarial:
            if mix == .adversarial {
                switch roll {
                case 0..<3:
                    let pool = ["(a+)+b", "(x+x+)+y", "(a|aa)+c", "(.*a){8}z", "([a-z]+)*!x"]
                    return (
                        predicate("SELF MATCHES %@", [.string(pool[index % pool.count])]),
                        String(repeating: "a", count: 30) + "b"
                    )
                case 3..<8:
                    return (predicate("NOT SELF BEGINSWITH %@", [.string("zz\(index % 20)")]), "anything-\(index)")
                case 8..<20:
                    let id = "\(longPrefix)/item-\(index)"
                    return (predicate("SELF == %@", [.string(id)]), id)
                default: break
                }
            }
            switch roll {
            case 0..<50:
                let id = "com.example.app.window.\(String(UInt64(index) &* (Hashing.golden >> 32), radix: 16))"
                return (predicate("SELF == %@", [.string(id)]), id)
            case 50..<60:
                return (
                    predicate("SELF IN %@", [.strings(["doc/\(index)", "https://example.com/doc/\(index)"])]),
                    "https://example.com/doc/\(index)"
                )
            case 60..<68:
                return (
                    predicate("SELF BEGINSWITH[cd] 'sms:' AND SELF CONTAINS[cd] %@", [.string("group-\(index);")]),
                    "SMS:group-\(index);open"
                )
            case 68..<75:
                return (
                    predicate("SELF ENDSWITH %@", [.string("/attachments/\(index).pdf")]),
                    "file:///mail/attachments/\(index).pdf"
                )
            case 75..<80:
                return (predicate("SELF LIKE %@", [.string("doc-\(index)-*")]), "doc-\(index)-rev3")
            case 80..<85:
                return (predicate("SELF MATCHES %@", [.string("ticket-\(index)-[0-9]+")]), "ticket-\(index)-42")
            case 85..<95:
                return (
                    predicate(
                        "(SELF BEGINSWITH %@ OR SELF == %@) AND NOT SELF ENDSWITH '.tmp'",
                        [.string("note/\(index)/"), .string("note-\(index)")]),
                    "note/\(index)/x"
                )
            default:
                return (ActivationPredicate(swiftUISet: ["topic-\(index)."]), "forum/Topic-\(index).html")
            }
        case .unicode:
            return unicodePreferred(roll: roll, index: index, random: &random)
        case .windowIdentity:
            preconditionFailure("window-identity sessions bind a template instead")
        case .sharedLiterals:
            guard roll < 2 else { return preferred(mix: .crowded, index: index, random: &random) }
            let (digits, letters) = (1 + index % 45, 1 + index / 45 % 45)
            let hit =
                "ticket-" + (0..<digits).map { _ in String(random.below(10)) }.joined()
                + String(
                    decoding: (0..<letters).map { _ in UInt8(ascii: "a") + UInt8(random.below(26)) }, as: UTF8.self)
            return (predicate("SELF MATCHES %@", [.string("ticket-[0-9]{\(digits)}[a-z]{\(letters)}")]), hit)
        case .crowded:
            switch roll {
            case 0..<3:
                return (
                    predicate("SELF MATCHES %@", [.string("ticket-[0-9]+-\(index)")]),
                    "ticket-\(random.below(100_000))-\(index)"
                )
            case 3..<5:
                return (
                    predicate("SELF MATCHES %@", [.string("ticket-[0-9]+-\(index)-[a-z]+")]),
                    "ticket-\(random.below(100_000))-\(index)-\(["open", "close", "x"][random.below(3)])"
                )
            case 5..<8:
                return (
                    predicate("SELF MATCHES %@", [.string("https://example\\.com/[a-z]+/item/\(index)")]),
                    "https://example.com/\(["mail", "notes", "docs"][random.below(3)])/item/\(index)"
                )
            case 8..<10:
                return (
                    predicate("SELF LIKE %@", [.string("chart-*-\(index)")]), "chart-\(random.below(1_000))-\(index)"
                )
            case 10..<60:
                let id = "com.example.app.window.\(index)"
                return (predicate("SELF == %@", [.string(id)]), id)
            case 60..<70:
                return (
                    predicate("SELF IN %@", [.strings(["doc/\(index)", "https://example.com/doc/\(index)"])]),
                    "doc/\(index)"
                )
            case 70..<78:
                return (predicate("SELF BEGINSWITH %@", [.string("note/\(index)/")]), "note/\(index)/x")
            case 78..<86:
                return (
                    predicate("SELF ENDSWITH %@", [.string("/attachments/\(index).pdf")]),
                    "file:///mail/attachments/\(index).pdf"
                )
            case 86..<94:
                return (predicate("SELF CONTAINS[c] %@", [.string("group-\(index);")]), "sms:Group-\(index);open")
            default:
                return (predicate("SELF LIKE %@", [.string("doc-\(index)-*")]), "doc-\(index)-rev3")
            }
        case .mixedOperators:
            switch roll {
            case 0..<40:
                let id = "com.example.app.window.\(index)"
                return (predicate("SELF == %@", [.string(id)]), id)
            case 40..<55:
                return (
                    predicate("SELF IN %@", [.strings(["doc/\(index)", "https://example.com/doc/\(index)"])]),
                    "doc/\(index)"
                )
            case 55..<70:
                return (predicate("SELF BEGINSWITH %@", [.string("note/\(index)/")]), "note/\(index)/x")
            case 70..<80:
                return (
                    predicate("SELF ENDSWITH %@", [.string("/attachments/\(index).pdf")]),
                    "file:///mail/attachments/\(index).pdf"
                )
            case 80..<90:
                return (predicate("SELF CONTAINS[c] %@", [.string("group-\(index);")]), "sms:Group-\(index);open")
            case 90..<95:
                return (
                    predicate("SELF LIKE %@", [.string("chart-*-\(index)")]), "chart-\(random.below(1_000))-\(index)"
                )
            default:
                return (
                    predicate("SELF MATCHES %@", [.string("ticket-[0-9]+-\(index)")]),
                    "ticket-\(random.below(100_000))-\(index)"
                )
            }
        case .regexHeavy:
            switch roll {
            case 0..<40:
                return (predicate("SELF LIKE[c] %@", [.string("report-\(index)-*.pdf")]), "Report-\(index)-2026.pdf")
            case 40..<80:
                return (
                    predicate("SELF MATCHES %@", [.string("issue-\(index)/[a-z]+-[0-9]{1,4}")]), "issue-\(index)/bug-17"
                )
            default:
                let pool = (0..<50).map { "[a-z]{\($0 % 5 + 2)}-[0-9]{\($0 % 3 + 1)}" }
                let pattern = pool[index % pool.count]
                return (predicate("SELF MATCHES %@", [.string(pattern)]), "ab-1")
            }
        }
    }
}
