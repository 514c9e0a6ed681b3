import Foundation
import PredicateSyntax

/// Lints that need what an import records: the identifiers the app emits, the conditions it
/// could not read, and the SwiftUI scenes that state no `handlesExternalEvents`.
extension ManifestChecker {
    static func importWarnings(_ app: SceneApp) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for unresolved in app.unresolvedConditions {
            let owner = unresolved.declaration.map { "of '\($0)' " } ?? ""
            let assumed: String
            switch (unresolved.condition, app.framework) {
            case (.matching, _): assumed = "the declaration is treated as a default one"
            case (.canActivate, .uikit): assumed = "routing assumes the default (can activate for anything)"
            case (.canActivate, .swiftui), (.prefersToActivate, _): assumed = "routing assumes the default (never)"
            }
            warnings.append(
                located(
                    code: .unresolvedCondition, at: unresolved.source,
                    message:
                        "\(unresolved.condition.rawValue) \(owner)is computed at run time (\(unresolved.expression)): \(assumed)"
                ))
        }
        for declaration in app.declarations {
            for (name, template) in [
                ("canActivate", declaration.conditionTemplates.canActivate),
                ("prefersToActivate", declaration.conditionTemplates.prefersToActivate),
            ] {
                guard let template else { continue }
                let own = template.valueNames.filter { !SessionValue.builtInNames.contains($0) }
                guard !own.isEmpty else { continue }
                let expressions = own.map { name in
                    declaration.values.first { $0.name == name }?.expression.map { "\(name) = \($0)" } ?? name
                }
                warnings.append(
                    located(
                        code: .windowValues, at: template.source,
                        message:
                            "\(name) of '\(declaration.name)' uses values each window has (\(expressions.joined(separator: "; "))): "
                            + "a window routes by it once a manifest or timeline binds them (\"values\"); until then routing assumes "
                            + "the default"))
            }
        }
        if app.framework == .swiftui && app.supportsMultipleScenes {
            // Every window of a SwiftUI scene runs the same view code: an open session that
            // states conditions shows that the scene's views do, whatever the declaration says
            // (routing goes by the session's own conditions), so only a scene none of whose
            // sessions can take an event is warned about.
            let statingConditions = Set(
                app.sessions.filter {
                    $0.conditions.canActivate.constantValue != false
                        || $0.conditions.prefersToActivate.constantValue != false
                }.map(\.declaration))
            for (index, declaration) in app.declarations.enumerated()
            where declaration.role.receivesEvents && declaration.initialConditions == nil
                && !statingConditions.contains(declaration.name)
                && !app.unresolvedConditions.contains(where: {
                    $0.declaration == declaration.name && $0.condition != .matching
                })
            {
                var warning = located(
                    code: .noExternalEvents, at: declaration.source,
                    message:
                        "scene '\(declaration.name)' states no handlesExternalEvents(preferring:allowing:) and none of its open "
                        + "sessions does: its windows never take an external event, so each event meant for it opens a new window"
                )
                warning.path = "declarations[\(index)]"
                warnings.append(warning)
            }
        }
        guard !app.emitted.isEmpty else { return warnings }
        let witnesses = EmittedWitnesses(app)
        let windows = CreationRule.candidates(app.declarations)
        let fallback = windows.first { $0.matching == nil }
        // Conditions the lint cannot read (computed at run time, or using window values): an
        // identifier none of the readable ones accepts may still be accepted by one of these.
        var unknown = app.unresolvedConditions.map { "\($0.condition.rawValue) of '\($0.declaration ?? "?")'" }
        for declaration in app.declarations where declaration.role.receivesEvents {
            for (name, template) in [
                ("canActivate", declaration.conditionTemplates.canActivate),
                ("prefersToActivate", declaration.conditionTemplates.prefersToActivate),
            ]
            where template != nil {
                unknown.append("\(name) of '\(declaration.name)'")
            }
        }
        let unless =
            unknown.isEmpty
            ? ""
            : "unless \(unknown.prefix(3).joined(separator: ", "))\(unknown.count > 3 ? " or \(unknown.count - 3) more" : ""), "
                + "which depend\(unknown.count == 1 ? "s" : "") on the running app, accept\(unknown.count == 1 ? "s" : "") it, "
        for emitted in app.emitted {
            guard let candidates = witnesses.candidates(for: emitted.value),
                !candidates.contains(where: { witnesses.isAccepted($0) })
            else { continue }
            // The scene a new one would be: the app delegate's choice for the event, if it chooses.
            var created = fallback.map {
                RoutingDecision(
                    identifier: candidates.first, action: .create(declaration: $0.name, sessionID: nil),
                    reason: .defaultDeclaration)
            }
            if var decision = created, let newScenes = app.newScenes {
                newScenes.apply(
                    to: &decision, event: Self.event(for: emitted, identifier: candidates.first),
                    declarations: app.declarations)
                created = decision
            }
            let outcome: String
            if case .create(let name, _)? = created?.action {
                outcome = "every such event opens a new '\(name)' scene"
            } else {
                outcome = "every such event is unhandled"
            }
            warnings.append(
                located(
                    code: .unacceptedIdentifier, at: emitted.source,
                    message:
                        "\(Self.describe(emitted)) is accepted by no declaration's matching and no scene's conditions that can be read: "
                        + unless + outcome))
        }
        let computed = app.emitted.filter { if case .dynamic = $0.value { true } else { false } }.count
        let reached = witnesses.declarationsReached(by: app.emitted)
        for (index, declaration) in app.declarations.enumerated() where declaration.role.receivesEvents {
            guard let matching = declaration.matching, matching.constantValue != true, !reached.contains(index) else {
                continue
            }
            var warning = located(
                code: .unreachedDeclaration, at: matching.source ?? declaration.source,
                message:
                    "declaration '\(declaration.name)' has a matching condition that no identifier the app emits meets")
            warning.path = "declarations[\(index)].matching"
            if computed > 0 {
                warning.notes = [
                    "\(computed) emitted identifier\(computed == 1 ? " is" : "s are") computed at run time and might"
                ]
            }
            warnings.append(warning)
        }
        return warnings
    }

    /// The event an emitted identifier arrives as, by its carrier.
    static func event(for emitted: EmittedIdentifier, identifier: String?) -> ExternalEvent {
        switch emitted.carrier {
        case .notification?, .payload?: .notification(targetContentIdentifier: identifier)
        case .shortcut?: .shortcut(type: nil, targetContentIdentifier: identifier)
        case .userActivity?: .userActivity(activityType: nil, targetContentIdentifier: identifier, webpageURL: nil)
        case .url?: identifier.flatMap { URL(string: $0) }.map(ExternalEvent.url) ?? .identifier(identifier)
        case nil: .identifier(identifier)
        }
    }

    /// `'mail.inbox' (notification)`, `'mail.thread.*' (user activity)`.
    static func describe(_ emitted: EmittedIdentifier) -> String {
        let text: String
        switch emitted.value {
        case .identifier(let identifier): text = "identifier \(JSONStringLiteral.quoted(identifier))"
        case .pattern(let prefix, let suffix):
            text = "identifier pattern \(JSONStringLiteral.quoted(prefix + "*" + suffix))"
        case .template(let template): text = "identifier template \(JSONStringLiteral.quoted(template.description))"
        case .dynamic(let expression): text = "identifier \(expression)"
        }
        return text + (emitted.carrier.map { " (\($0.rawValue))" } ?? "")
    }

    /// A warning placed at `source` (the app's code), or without a place.
    private static func located(code: WarningCode, at source: SourceLocation?, message: String) -> Diagnostic {
        Diagnostic(
            severity: .warning, code: Diagnostic.Code(code), message: message, file: source?.file, line: source?.line,
            column: source?.column)
    }
}

/// Concrete identifiers standing for what an app emits, and whether the app takes them.
///
/// Whether an identifier is taken is asked of dispatch tables, as routing asks: one holds a
/// window of every declaration (with its initial conditions) and every open window, one a
/// window per `matching`; so the lints cost a route per identifier, not a check of every
/// declaration per identifier.
///
/// A literal stands for itself. A pattern (`prefix*suffix`, from an interpolation such as
/// `"mail.thread.\(id)"`) stands for its ends around an identifier-like value (letters,
/// digits, `-` and `_`: what apps interpolate, ids, numbers, UUIDs): the ends around a few
/// such values and around every identifier-like literal the app's predicates mention, and
/// each literal of the app that is the ends around such a value. If one of them is taken,
/// the pattern reaches a scene; if none is, it most likely does not (the lints say no more).
struct EmittedWitnesses {
    private let app: SceneApp
    private let literals: [String]
    /// The identifier-like literals, which stand in a pattern's middle.
    private let middles: [String]
    /// A window of each declaration that receives events, with its initial conditions, and
    /// every open window that receives them.
    private let acceptance: SceneRouter

    init(_ app: SceneApp) {
        self.app = app
        var literals: [String] = []
        func collect(_ predicate: ActivationPredicate?) {
            guard let predicate else { return }
            literals += predicate.swiftUIMembers ?? []
            for argument in predicate.arguments {
                switch argument {
                case .string(let value): literals.append(value)
                case .strings(let values): literals += values
                }
            }
            if let parsed = predicate.parsed { literals += PredicateInspection.stringLiterals(parsed.node) }
        }
        for declaration in app.declarations {
            collect(declaration.matching)
            collect(declaration.initialConditions?.canActivate)
            collect(declaration.initialConditions?.prefersToActivate)
        }
        for session in app.sessions {
            collect(session.conditions.canActivate)
            collect(session.conditions.prefersToActivate)
        }
        let filled = literals.map {
            $0.replacingOccurrences(of: "*", with: "x").replacingOccurrences(of: "?", with: "x")
        }
        self.literals = Array(Set(literals + filled)).sorted()
        middles = self.literals.filter(Self.isIdentifierLike)
        // One window per open window, per declaration's initial conditions and per
        // `matching`, all of one declaration without `matching`: a route that finds no
        // window then creates that one at once, instead of trying every declaration in turn.
        var sessions: [SceneSession] = []
        func window(_ id: String, _ conditions: ActivationConditions) {
            sessions.append(SceneSession(id: id, declaration: Self.windowDeclaration.name, conditions: conditions))
        }
        for (index, session) in app.sessions.enumerated() where session.role.receivesEvents {
            window("open-\(index)", session.conditions)
        }
        for (index, declaration) in app.declarations.enumerated() where declaration.role.receivesEvents {
            window("declaration-\(index)", declaration.initialConditions ?? .defaults(for: app.framework))
            if let matching = declaration.matching {
                window("matching-\(index)", ActivationConditions(canActivate: matching))
            }
        }
        acceptance = Self.router(sessions)
    }

    /// The one declaration of the lint tables' windows.
    private static let windowDeclaration = SceneDeclaration(name: "window")

    private static func router(_ sessions: [SceneSession]) -> SceneRouter {
        SceneRouter(
            app: SceneApp(
                validatedFramework: .uikit, supportsMultipleScenes: true, tieBreak: .order,
                declarations: [windowDeclaration],
                sessions: sessions))
    }

    /// The identifiers standing for `value`; nil for a value computed at run time.
    func candidates(for value: EmittedIdentifier.Value) -> [String]? {
        switch value {
        case .identifier(let identifier): return [identifier]
        case .dynamic: return nil
        case .template(let template):
            // Every value the same identifier-like stand-in: the text between them is kept.
            let values = ["", "x", "0", "42", "a-b", "X_9", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"] + middles
            let names = Set(template.pieces.compactMap { if case .value(let name) = $0 { name } else { nil } })
            return values.compactMap { value in
                template.resolved(Dictionary(uniqueKeysWithValues: names.map { ($0, value) }))
            }
        case .pattern(let prefix, let suffix):
            let values = ["", "x", "0", "42", "a-b", "X_9", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"] + middles
            var candidates = values.map { prefix + $0 + suffix }
            for literal in literals
            where literal.hasPrefix(prefix) && literal.hasSuffix(suffix)
                && literal.count >= prefix.count + suffix.count
                && Self.isIdentifierLike(String(literal.dropFirst(prefix.count).dropLast(suffix.count)))
            {
                candidates.append(literal)
            }
            return candidates
        }
    }

    /// Letters, digits, `-` and `_` only (possibly nothing).
    static func isIdentifierLike(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    /// Whether some declaration's `matching` or some scene's conditions (declared or open)
    /// take `identifier`: the acceptance table activates a window for it.
    func isAccepted(_ identifier: String) -> Bool {
        if case .activate = acceptance.route(identifier: identifier).action { return true }
        return false
    }

    /// The indices of the declarations whose `matching` some identifier standing for
    /// `emitted` meets. A table of one window per `matching` names one winner a route;
    /// winners are closed and the identifiers routed again until a round finds none new.
    func declarationsReached(by emitted: [EmittedIdentifier]) -> Set<Int> {
        var sessions: [SceneSession] = []
        for (index, declaration) in app.declarations.enumerated() where declaration.role.receivesEvents {
            guard let matching = declaration.matching, matching.constantValue != true else { continue }
            sessions.append(
                SceneSession(
                    id: "\(index)", declaration: Self.windowDeclaration.name,
                    conditions: ActivationConditions(canActivate: matching)))
        }
        guard !sessions.isEmpty else { return [] }
        let router = Self.router(sessions)
        var identifiers: [String] = []
        var seen = Set<String>()
        for value in emitted {
            for candidate in candidates(for: value.value) ?? [] where seen.insert(candidate).inserted {
                identifiers.append(candidate)
            }
        }
        var reached = Set<Int>()
        while true {
            var winners = Set<Int>()
            for identifier in identifiers {
                let decision = router.route(identifier: identifier)
                if case .activate(let id) = decision.action, let index = Int(id) { winners.insert(index) }
            }
            guard !winners.isEmpty else { return reached }
            reached.formUnion(winners)
            for index in winners { try? router.close(sessionID: "\(index)") }
        }
    }
}
