import Foundation

/// Where an identifier the app emits lands, as the window that posted it meets it: with that
/// window open in the background behind another, and with it closed.
///
/// Apps post notifications, activities and shortcut items whose identifier carries the
/// posting window's identity (`"atlas://open-scene/\(scene.session.persistentIdentifier)"`)
/// so that the event comes back to that window. `check` asks, for each such template and each
/// declaration whose windows post it, whether it does.
public struct EmittedRoute: Sendable {
    /// What happens to the event.
    public enum Outcome: Sendable, Equatable, CustomStringConvertible {
        /// The posting window is activated.
        case postingWindow(RoutingDecision.Reason)
        /// Another open window, of this declaration, is activated.
        case otherWindow(declaration: String, RoutingDecision.Reason)
        /// A new scene of this declaration is created.
        case create(declaration: String, RoutingDecision.Reason)
        case unhandled

        /// `activates the posting window (prefers)`, `creates 'Inspector' (configuration-for-connecting)`.
        public var description: String {
            switch self {
            case .postingWindow(let reason): "activates the posting window (\(reason.rawValue))"
            case .otherWindow(let declaration, let reason):
                "activates another '\(declaration)' window (\(reason.rawValue))"
            case .create(let declaration, let reason): "creates '\(declaration)' (\(reason.rawValue))"
            case .unhandled: "is unhandled"
            }
        }
    }

    /// The emitted identifier (a ``EmittedIdentifier/Value/template(_:)``).
    public var emitted: EmittedIdentifier
    /// The declaration whose window posts it.
    public var poster: String
    /// Whether the code says that declaration posts it (else it is one of the windows that may).
    public var posterIsKnown: Bool
    /// The identifier routed: the template with the posting window's values, and `x` for
    /// values that are not the window's.
    public var identifier: String
    /// With the posting window open in the background and a window of each declaration open,
    /// one of them in front.
    public var whenOpen: Outcome
    /// With the posting window closed.
    public var whenClosed: Outcome
    /// Whether either outcome rested on a condition routing did not know (a value no window
    /// of the scenario binds, a condition the import could not read).
    public var rested: Bool
}

extension ManifestChecker {
    /// For each emitted template that holds a posting window's own values, and each
    /// declaration whose windows post it (the one the code names, else every window
    /// declaration), where it lands.
    public static func emittedRoutes(_ app: SceneApp) -> [EmittedRoute] {
        guard app.supportsMultipleScenes else { return [] }
        let windows = CreationRule.candidates(app.declarations)
        var routes: [EmittedRoute] = []
        for emitted in app.emitted {
            guard case .template(let template) = emitted.value else { continue }
            let names = template.pieces.compactMap { piece -> String? in
                if case .value(let name) = piece { name } else { nil }
            }
            let posters = emitted.declaration.map { name in windows.filter { $0.name == name } } ?? windows
            for poster in posters {
                let listed = Set(poster.values.map(\.name))
                let own = Set(names.filter { $0 == "persistentIdentifier" || listed.contains($0) })
                guard !own.isEmpty else { continue }
                routes.append(route(template, emitted: emitted, poster: poster, own: own, windows: windows, in: app))
            }
        }
        return routes
    }

    private static func route(
        _ template: ValueTemplate, emitted: EmittedIdentifier, poster: SceneDeclaration, own: Set<String>,
        windows: [SceneDeclaration],
        in app: SceneApp
    ) -> EmittedRoute {
        let postingID = "\(poster.name)-posting"
        func values(of declaration: SceneDeclaration, _ prefix: String) -> [String: String] {
            Dictionary(
                declaration.values.map { ($0.name, "\(prefix)-\($0.name)") }, uniquingKeysWith: { first, _ in first })
        }
        var posting = poster.newSession(id: postingID, values: values(of: poster, "posted"), framework: app.framework)
        posting.lastActive = 1
        var sessions = [posting]
        for (index, declaration) in windows.enumerated() {
            var other = declaration.newSession(
                id: "\(declaration.name)-other", values: values(of: declaration, "other"), framework: app.framework)
            if index == 0 {
                other.state = .foregroundActive
                other.lastActive = 2
            }
            sessions.append(other)
        }
        for index in sessions.indices { sessions[index].bindTemplates(bundleIdentifier: app.bundleIdentifier) }
        var bound = posting.boundValues(bundleIdentifier: app.bundleIdentifier)
        // Values that are not the posting window's own may be anything.
        for case .value(let name) in template.pieces where !own.contains(name) {
            if name == "bundleIdentifier", bound[name] != nil { continue }
            bound[name] = "x"
        }
        let identifier = template.resolved(bound) ?? template.description
        let event = Self.event(for: emitted, identifier: identifier)
        var rested = false
        func outcome(_ sessions: [SceneSession]) -> EmittedRoute.Outcome {
            var world = SceneApp(
                validatedFramework: app.framework, supportsMultipleScenes: true, tieBreak: app.tieBreak,
                declarations: app.declarations,
                sessions: sessions)
            world.bundleIdentifier = app.bundleIdentifier
            world.newScenes = app.newScenes
            let decision = ReferenceRouter.route(event, in: world)
            rested = rested || decision.assumptionCount > 0
            switch decision.action {
            case .activate(let id) where id == postingID: return .postingWindow(decision.reason)
            case .activate(let id):
                return .otherWindow(declaration: sessions.first { $0.id == id }?.declaration ?? id, decision.reason)
            case .create(let declaration, _): return .create(declaration: declaration, decision.reason)
            case .unhandled: return .unhandled
            }
        }
        let whenOpen = outcome(sessions)
        let whenClosed = outcome(Array(sessions.dropFirst()))
        return EmittedRoute(
            emitted: emitted, poster: poster.name, posterIsKnown: emitted.declaration != nil, identifier: identifier,
            whenOpen: whenOpen, whenClosed: whenClosed, rested: rested)
    }

    /// A warning for each route where the code names the posting window and the event does
    /// not come back to it while it is open.
    static func emittedRouteWarnings(_ routes: [EmittedRoute]) -> [Diagnostic] {
        routes.compactMap { route in
            // What rests on a condition routing did not know is not stated as fact.
            guard route.posterIsKnown, !route.rested else { return nil }
            if case .postingWindow = route.whenOpen { return nil }
            let source = route.emitted.source
            return Diagnostic(
                severity: .warning, code: Diagnostic.Code(WarningCode.emittedToOtherWindow),
                message:
                    "\(describe(route.emitted)) carries the posting '\(route.poster)' window's own values, but while that window "
                    + "is open the event \(route.whenOpen) (tried with \(JSONStringLiteral.quoted(route.identifier)))",
                file: source?.file, line: source?.line, column: source?.column)
        }
    }
}
