import Foundation
import PredicateSyntax

/// `scene-router check`: loads a manifest (any error is fatal) and lints what loaded.
public enum ManifestChecker {
    /// UIKit ignores activation predicates whose archive exceeds this many bytes.
    public static let uikitPredicateSizeLimit = 100_000

    /// Loads and lints the manifest at `path`.
    /// - Parameters:
    ///   - path: the manifest file (`-` for stdin).
    ///   - displayName: how errors and warnings name the file (default: `path`).
    ///   - uikitStrict: report what UIKit's own validator refuses (MATCHES) whatever the app's framework (a UIKit app is always told).
    public static func check(contentsOf path: String, displayName: String? = nil, uikitStrict: Bool = false)
        throws(ManifestError)
        -> CheckReport
    {
        let (app, sites) = try ManifestLoader.loadWithSites(contentsOf: path, displayName: displayName)
        let file = displayName ?? (path == "-" ? "stdin" : path)
        let routes = emittedRoutes(app)
        return accepting(
            CheckReport(
                app: app, warnings: lint(app, sites: sites, routes: routes, uikitStrict: uikitStrict, file: file),
                emittedRoutes: routes))
    }

    /// Lints `app` (an imported app, say) as if loaded from a manifest named `file`: it is
    /// written as a manifest and read back, so whatever a manifest could not hold is an error
    /// here too.
    /// - Throws: the loader's errors, should the app not survive the round trip.
    public static func check(_ app: SceneApp, file: String, uikitStrict: Bool = false) throws(ManifestError)
        -> CheckReport
    {
        let (loaded, sites) = try ManifestLoader.loadWithSites(Array(ManifestWriter.text(of: app).utf8), file: file)
        let routes = emittedRoutes(loaded)
        return accepting(
            CheckReport(
                app: loaded, warnings: lint(loaded, sites: sites, routes: routes, uikitStrict: uikitStrict, file: file),
                emittedRoutes: routes))
    }

    /// `report` without the warnings its manifest accepts: a warning about `declarations[i]`
    /// or `sessions[i]` (or a part of one) whose code that element's `accept` lists.
    static func accepting(_ report: CheckReport) -> CheckReport {
        var report = report
        let app = report.app
        guard
            app.declarations.contains(where: { !$0.acceptedWarnings.isEmpty })
                || app.sessions.contains(where: { !$0.acceptedWarnings.isEmpty })
        else { return report }
        func element(of path: String, _ list: String) -> Int? {
            guard path.hasPrefix(list + "["), let close = path.firstIndex(of: "]") else { return nil }
            return Int(path[path.index(path.startIndex, offsetBy: list.count + 1)..<close])
        }
        report.warnings.removeAll { warning in
            guard let path = warning.path, let code = warning.code?.rawValue else { return false }
            let accepted: [String]
            if let index = element(of: path, "declarations"), app.declarations.indices.contains(index) {
                accepted = app.declarations[index].acceptedWarnings
            } else if let index = element(of: path, "sessions"), app.sessions.indices.contains(index) {
                accepted = app.sessions[index].acceptedWarnings
            } else {
                return false
            }
            guard accepted.contains(code) else { return false }
            report.accepted += 1
            return true
        }
        return report
    }

    /// The warnings about `app`, in manifest order, naming `file`.
    static func lint(
        _ app: SceneApp, sites: [PredicateSite], routes: [EmittedRoute] = [], uikitStrict: Bool, file: String
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        warnings += declarationWarnings(app, sites: sites)
        if app.supportsMultipleScenes {
            warnings += sessionWarnings(app)
            warnings += duplicatePreferenceWarnings(app, sites: sites)
        }
        for site in sites {
            let predicate = site.predicate
            for range in predicate.mixedAndOr {
                warnings.append(
                    Self.warning(
                        code: .ambiguousPrecedence, path: site.path,
                        message: "AND and OR are mixed without parentheses; Apple documents no precedence between them "
                            + "(SceneRouter reads AND first): add parentheses",
                        predicateSource: predicate.format, offset: range.lowerBound, length: range.count))
            }
            // A UIKit app hands its predicates to UIKit, which refuses these: the manifest then
            // describes routing the device does not do. Other apps (SwiftUI, or routing of
            // one's own events) are told only when they ask.
            if uikitStrict || app.framework == .uikit, let parsed = predicate.parsed {
                for range in PredicateInspection.matchesOperators(parsed.node) {
                    warnings.append(
                        Self.warning(
                            code: .uikitRefuses, path: site.path,
                            message:
                                "UIKit's activation-condition validator refuses MATCHES; use LIKE, BEGINSWITH, ENDSWITH or CONTAINS",
                            predicateSource: predicate.format, offset: range.lowerBound, length: range.count))
                }
            }
            if site.archivedSize > uikitPredicateSizeLimit {
                warnings.append(
                    Self.warning(
                        code: .oversizedPredicate, path: site.path,
                        message:
                            "the predicate and its arguments take \(site.archivedSize) bytes; UIKit ignores activation "
                            + "predicates over \(uikitPredicateSizeLimit) bytes"))
            }
        }
        warnings += importWarnings(app)
        warnings += emittedRouteWarnings(routes)
        warnings += crowdedKeyWarnings(app, sites: sites)
        // A warning about something the app's code states points at that code; the JSON path
        // still says which part of the manifest it is.
        var sources: [String: SourceLocation] = [:]
        for site in sites { sources[site.path] = site.predicate.source }
        for (index, declaration) in app.declarations.enumerated() {
            sources["declarations[\(index)]"] = declaration.source
        }
        for index in warnings.indices {
            if warnings[index].file == nil, let path = warnings[index].path, let source = sources[path] {
                warnings[index].file = source.file
                warnings[index].line = source.line
                warnings[index].column = source.column
            }
            if warnings[index].file == nil { warnings[index].file = file }
        }
        return warnings
    }

    /// A lint warning at `path`, pointing into `predicateSource` when given.
    static func warning(
        code: WarningCode, path: String, message: String, predicateSource: String? = nil, offset: Int? = nil,
        length: Int? = nil
    ) -> Diagnostic {
        let excerpt = predicateSource.flatMap { source in
            offset.map { Diagnostic.Excerpt(.predicate, text: source, offset: $0, length: length ?? 1) }
        }
        return Diagnostic(
            severity: .warning, code: Diagnostic.Code(code), message: message, path: path, excerpt: excerpt)
    }

    private static func declarationWarnings(_ app: SceneApp, sites: [PredicateSite]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var firstDefault: Int?
        var matchEverything: Int?
        func shadowedByEverything(_ subject: String, at path: String, by index: Int) -> Diagnostic {
            Self.warning(
                code: .shadowedDeclaration, path: path,
                message: "\(subject) can never be chosen: declarations[\(index)] ('\(app.declarations[index].name)') "
                    + "matches every identifier")
        }
        // Only window declarations compete for events.
        for (index, declaration) in app.declarations.enumerated() where declaration.role.receivesEvents {
            let path = "declarations[\(index)]"
            let name = "'\(declaration.name)'"
            guard let matching = declaration.matching else {
                // A UIKit scene configuration (it names its delegate) is chosen for a new scene
                // by the app delegate's configurationForConnecting, not by its place in the list.
                if let firstDefault, declaration.delegateClass == nil {
                    // Without a matching only because the import could not read it: not a fact.
                    let unread = app.unresolvedConditions.first {
                        $0.declaration == declaration.name && $0.condition == .matching
                    }
                    let verdict =
                        unread.map {
                            "cannot be chosen unless its matching, computed at run time (\($0.expression)), matches: without it, "
                        }
                        ?? "can never be chosen: "
                    warnings.append(
                        Self.warning(
                            code: .shadowedDeclaration, path: path,
                            message: "declaration \(name) \(verdict)declarations[\(firstDefault)] "
                                + "('\(app.declarations[firstDefault].name)') is already the default (the first without matching)"
                        ))
                } else if let matchEverything {
                    firstDefault = index
                    warnings.append(shadowedByEverything("default declaration \(name)", at: path, by: matchEverything))
                } else {
                    firstDefault = index
                }
                continue
            }
            let matchingPath = path + ".matching"
            if let matchEverything {
                warnings.append(shadowedByEverything("declaration \(name)", at: matchingPath, by: matchEverything))
                continue
            }
            if matching.constantValue == false {
                warnings.append(
                    Self.warning(
                        code: .shadowedDeclaration, path: matchingPath,
                        message: "declaration \(name) can never be chosen: its matching condition never matches"))
                continue
            }
            if let earlier = app.declarations[..<index].firstIndex(where: { shadows($0.matching, matching) }) {
                warnings.append(
                    Self.warning(
                        code: .shadowedDeclaration, path: matchingPath,
                        message:
                            "declaration \(name) can never be chosen: every identifier it matches is matched first by "
                            + "declarations[\(earlier)] ('\(app.declarations[earlier].name)')"))
                continue
            }
            if matching.constantValue == true { matchEverything = index }
        }
        return warnings
    }

    /// Whether every identifier `later` matches is matched by `earlier` (decided only for
    /// identical predicates and SwiftUI sets, where a member containing an earlier member
    /// is covered by it).
    private static func shadows(_ earlier: ActivationPredicate?, _ later: ActivationPredicate) -> Bool {
        guard let earlier else { return false }
        if earlier.constantValue == true { return true }
        if earlier.parsed != nil, earlier.format == later.format, earlier.arguments == later.arguments { return true }
        if earlier.swiftUIMembers != nil, let laterMembers = later.swiftUIMembers {
            // `earlier` is the set's own predicate: no second one is built per pair.
            let members = laterMembers.filter { !$0.isEmpty }
            return !members.isEmpty && members.allSatisfy { earlier.evaluate($0) }
        }
        return false
    }

    private static func sessionWarnings(_ app: SceneApp) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (index, session) in app.sessions.enumerated() where session.role.receivesEvents {
            if session.conditions.canActivate.constantValue == false
                && session.conditions.prefersToActivate.constantValue == false
            {
                warnings.append(
                    Self.warning(
                        code: .neverActivated, path: "sessions[\(index)]",
                        message: "session '\(session.id)' can never be activated by an event with an identifier: "
                            + "canActivate and prefersToActivate are both always false"
                            + (app.framework == .swiftui ? " (a SwiftUI scene without handlesExternalEvents)" : "")))
            }
        }
        return warnings
    }

    private static func duplicatePreferenceWarnings(_ app: SceneApp, sites: [PredicateSite]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var preferredBy: [String: Int] = [:]
        for site in sites where site.role == .prefersToActivate {
            guard app.sessions.indices.contains(site.ownerIndex), app.sessions[site.ownerIndex].role.receivesEvents,
                let parsed = site.predicate.parsed, let literals = PredicateInspection.literalIdentifiers(parsed.node)
            else { continue }
            var reported: Set<String> = []
            for literal in literals {
                if let owner = preferredBy[literal], owner != site.ownerIndex {
                    if reported.insert(literal).inserted {
                        warnings.append(
                            Self.warning(
                                code: .duplicatePreference, path: site.path,
                                message: "session '\(app.sessions[site.ownerIndex].id)' prefers '\(literal)', which "
                                    + "sessions[\(owner)] ('\(app.sessions[owner].id)') also prefers; the tie-break decides"
                            ))
                    }
                } else {
                    preferredBy[literal] = site.ownerIndex
                }
            }
        }
        return warnings
    }
}
