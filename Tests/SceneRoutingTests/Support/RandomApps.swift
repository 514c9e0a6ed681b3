import Foundation
import SceneRouterWorkloads

@testable import SceneRouting

// Random apps, events and churn for differential testing: the tests draw their choices from
// a seeded generator, the fuzz target (Fuzz/FuzzTable.swift, which compiles this file too)
// from the fuzzer's bytes.

/// Where a generator's choices come from.
protocol ChoiceSource {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int
}

extension ChoiceSource {
    /// True with `percent` percent probability.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

extension DeterministicRandom: ChoiceSource {}

/// The pieces random texts are made of.
enum RandomText {
    /// Mostly ASCII, with one accented letter.
    static let mostlyASCII = ["a", "b", ".", "A", "é", "/", "ab", "a.", "B"]
    /// Text whose folds are the hard cases: Kelvin sign, long s, dotted and dotless I,
    /// ligatures, sharp s, combining marks alone and after letters, U+0345 and iota,
    /// fullwidth and halfwidth forms, circled digits, skin tones, ZWNJ, digraphs, Hangul,
    /// CJK, emoji; each beside the ASCII it may fold to.
    static let nonASCII = [
        "k", "K", "\u{212A}", "s", "S", "ſ", "ß", "ss", "SS", "ẞ", "i", "I", "İ", "ı", "fi", "ﬁ", "e", "é", "e\u{301}",
        "\u{301}", "É", "a", "Ａ", "ａ", "ᾳ", "α", "ι", "Ι", "\u{345}", "ͺ", "1", "①", "ｶﾞ", "ガ", "カ", "👍", "👍🏻",
        "\u{200C}", "ǅ", "dž", "Dz", "각", "ᄀ", "日本", "📧", "/", ".", "ö", "o", "Ö",
    ]
}

/// Random apps over every operator, option, framework, tie-break, role and event kind.
struct RandomApps<Source: ChoiceSource> {
    var random: Source
    var alphabet = RandomText.mostlyASCII

    /// Long words (8–30 bytes) shared by one app's predicates and events, so that 8-byte
    /// grams, word-at-a-time hashing and the four-byte length classes are exercised, with
    /// hits, under churn too.
    var vocabulary: [String] = []

    /// Mostly short texts, so that identifiers and literals often meet; one in five is a
    /// vocabulary word, alone or between short pieces.
    mutating func text(_ maxPieces: Int = 3) -> String {
        if !vocabulary.isEmpty && random.chance(20) {
            return pieces(1) + vocabulary[random.below(vocabulary.count)] + pieces(1)
        }
        return pieces(maxPieces)
    }

    private mutating func pieces(_ maxPieces: Int) -> String {
        (0..<random.below(maxPieces + 1)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
    }

    mutating func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    mutating func options() -> String { ["", "", "[c]", "[d]", "[cd]", "[n]"][random.below(6)] }

    mutating func atom() -> String {
        switch random.below(16) {
        case 0: return "SELF ==\(options()) \(quoted(text()))"
        case 1: return "SELF !=\(options()) \(quoted(text()))"
        case 2: return "SELF \(["<", "<=", ">", ">="][random.below(4)])\(options()) \(quoted(text()))"
        case 3, 4: return "SELF BEGINSWITH\(options()) \(quoted(text()))"
        case 5: return "SELF ENDSWITH\(options()) \(quoted(text()))"
        case 6, 7: return "SELF CONTAINS\(options()) \(quoted(text(4)))"
        case 8:
            let pattern = (0..<random.below(4)).map { _ in ["a", "*", "?", "b", ".", "é", "A"][random.below(7)] }
                .joined()
            return "SELF LIKE\(options()) \(quoted(pattern))"
        case 9:
            let patterns = [
                "a.*", "[ab]+", "(a|b)\\\\.?", "a\\\\.b", "ab?c?", ".*b", "é+", "A[a-z]*", "(?i)ab", "",
                "[ab]+\\\\.b", ".*é+b", "a?[0-9]*ab", ".*b+", "[a.]+A\\\\d*",
                // A literal run in the middle, which the table may file them under.
                "b*abab[ab]*", ".*ab\\\\.a.*", "[ab]?éabé+", "a+baab.b*",
            ]
            return "SELF MATCHES\(options()) '\(patterns[random.below(patterns.count)])'"
        case 10: return "SELF IN {\((0..<random.below(3)).map { _ in quoted(text()) }.joined(separator: ", "))}"
        case 11: return "SELF IN\(options()) \(quoted(text(4)))"
        case 12: return "SELF BETWEEN {\(quoted(text())), \(quoted(text()))}"
        case 13:
            return ["TRUEPREDICATE", "FALSEPREDICATE", "SELF == nil", "SELF != nil", "SELF == 42"][random.below(5)]
        case 14: return "\(quoted(text(4))) BEGINSWITH SELF"
        default: return "NOT " + atom()
        }
    }

    mutating func predicate(depth: Int = 0) -> String {
        if depth >= 2 || random.chance(45) { return atom() }
        let parts = (0..<(2 + random.below(2))).map { _ in predicate(depth: depth + 1) }
        let joiner = random.chance(50) ? " AND " : " OR "
        let body = parts.joined(separator: joiner)
        return random.chance(20) ? "NOT (\(body))" : "(\(body))"
    }

    mutating func conditions(_ framework: AppFramework) -> ActivationConditions {
        var conditions = ActivationConditions.defaults(for: framework)
        if random.chance(25) {
            let members = (0..<random.below(3)).map { _ in random.chance(10) ? "*" : text() }
            conditions.canActivate = ActivationPredicate(swiftUISet: random.chance(70) ? members : ["*"])
            conditions.prefersToActivate = ActivationPredicate(swiftUISet: (0..<random.below(3)).map { _ in text() })
            return conditions
        }
        if random.chance(70) { conditions.canActivate = try! ActivationPredicate(format: predicate()) }
        if random.chance(80) { conditions.prefersToActivate = try! ActivationPredicate(format: predicate()) }
        return conditions
    }

    mutating func session(_ id: String, framework: AppFramework, declarations: [SceneDeclaration]) -> SceneSession {
        let states = ActivationState.allCases
        return SceneSession(
            id: id, declaration: declarations[random.below(declarations.count)].name,
            role: random.chance(10) ? .windowExternalDisplayNonInteractive : .windowApplication,
            state: states[random.below(states.count)], lastActive: random.below(6), conditions: conditions(framework))
    }

    mutating func app() -> SceneApp {
        vocabulary = (0..<3).map { _ in
            (0..<(5 + random.below(11))).map { _ in alphabet[random.below(alphabet.count)] }.joined()
        }
        let framework: AppFramework = random.chance(50) ? .uikit : .swiftui
        let declarations = (0..<(1 + random.below(3))).map { index in
            SceneDeclaration(
                name: "D\(index)",
                matching: random.chance(60)
                    ? (random.chance(50)
                        ? try! ActivationPredicate(format: atom()) : ActivationPredicate(swiftUISet: [text()]))
                    : nil)
        }
        let sessions = (0..<random.below(12)).map {
            session("S\($0)", framework: framework, declarations: declarations)
        }
        // Ids S0, S1, … and declarations D0, D1, … from the list: always a valid app.
        return try! SceneApp(
            framework: framework, supportsMultipleScenes: !random.chance(10),
            tieBreak: random.chance(50) ? .recency : .order,
            declarations: declarations, sessions: sessions)
    }

    mutating func event(hitting app: SceneApp) -> ExternalEvent {
        let identifier: String? = random.chance(8) ? nil : (random.chance(30) ? text(2) + text(2) : text(5))
        switch random.below(6) {
        case 0: return .notification(targetContentIdentifier: identifier)
        case 1: return .shortcut(type: "t", targetContentIdentifier: identifier)
        case 2:
            return random.chance(50)
                ? .userActivity(activityType: "a", targetContentIdentifier: identifier, webpageURL: nil)
                : .userActivity(activityType: "a", targetContentIdentifier: nil, webpageURL: identifier)
        case 3:
            if let identifier,
                let url = URL(string: "x://" + identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            {
                return .url(url)
            }
            return .identifier(identifier)
        default: return .identifier(identifier)
        }
    }
}

extension RandomApps {
    /// Whether two decisions agree on what the contract fixes (action, reason, identifier).
    static func same(_ a: RoutingDecision, _ b: RoutingDecision) -> Bool {
        a.action == b.action && a.reason == b.reason && a.identifier == b.identifier
    }

    /// One random churn operation, applied to the router and to `app` alike: an open, a
    /// close or an update. Returns a description of the first way the router disagreed with
    /// what the operation should return, or nil.
    mutating func churn(_ router: SceneRouter, _ app: inout SceneApp, nextID: inout Int) -> String? {
        switch random.below(3) {
        case 0:
            let session = session("N\(nextID)", framework: app.framework, declarations: app.declarations)
            nextID += 1
            app.sessions.append(session)
            return Self.refusal { () throws(SceneAppError) in try router.open(session) }
        case 1 where !app.sessions.isEmpty:
            let victim = app.sessions.remove(at: random.below(app.sessions.count))
            return Self.refusal { () throws(SceneAppError) in try router.close(sessionID: victim.id) }
        default:
            guard !app.sessions.isEmpty else { return nil }
            let index = random.below(app.sessions.count)
            var update = SessionUpdate(id: app.sessions[index].id)
            if random.chance(60) { update.state = ActivationState.allCases[random.below(4)] }
            if random.chance(60) { update.lastActive = random.below(8) }
            if random.chance(30) { update.prefersToActivate = try! ActivationPredicate(format: predicate()) }
            if random.chance(20) { update.canActivate = try! ActivationPredicate(format: predicate()) }
            if random.chance(10) {
                update.role = random.chance(50) ? .windowApplication : .windowExternalDisplayNonInteractive
            }
            update.apply(to: &app.sessions[index])
            return Self.refusal { () throws(SceneAppError) in try router.update(update) }
        }
    }

    /// nil when `operation` succeeds, else what it threw.
    static func refusal(_ operation: () throws(SceneAppError) -> Void) -> String? {
        do {
            try operation()
            return nil
        } catch {
            return "refused: \(error)"
        }
    }
}
