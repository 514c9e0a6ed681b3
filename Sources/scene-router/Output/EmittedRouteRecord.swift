import SceneRouting

/// `check`'s account of where each emitted identifier lands for the window that posts it: a
/// JSON Lines record (`{"emittedRoute": …}`), or lines of text after the warnings.
struct EmittedRouteRecord: Encodable {
    struct Outcome: Encodable {
        var action: String
        /// `posting` for the posting window, else the declaration activated or created.
        var window: String?
        var reason: String?

        init(_ outcome: EmittedRoute.Outcome) {
            switch outcome {
            case .postingWindow(let reason): (action, window, self.reason) = ("activate", "posting", reason.rawValue)
            case .otherWindow(let declaration, let reason):
                (action, window, self.reason) = ("activate", declaration, reason.rawValue)
            case .create(let declaration, let reason):
                (action, window, self.reason) = ("create", declaration, reason.rawValue)
            case .unhandled: (action, window, reason) = ("unhandled", nil, nil)
            }
        }
    }

    struct Body: Encodable {
        var template: String
        var carrier: String?
        var source: String?
        var postedBy: String
        /// Whether the code says that declaration posts it (else it is one that may).
        var posterKnown: Bool
        var identifier: String
        var open: Outcome
        var closed: Outcome
        /// Present when an outcome rested on a condition routing did not know.
        var assumed: Bool?
    }

    var emittedRoute: Body

    init(_ route: EmittedRoute) {
        var template = ""
        if case .template(let value) = route.emitted.value { template = value.description }
        emittedRoute = Body(
            template: template, carrier: route.emitted.carrier?.rawValue, source: route.emitted.source?.description,
            postedBy: route.poster,
            posterKnown: route.posterIsKnown, identifier: route.identifier, open: Outcome(route.whenOpen),
            closed: Outcome(route.whenClosed),
            assumed: route.rested ? true : nil)
    }

    /// The routes grouped by emitted identifier, one line per posting declaration.
    static func text(_ routes: [EmittedRoute]) -> [String] {
        guard !routes.isEmpty else { return [] }
        var lines = ["emitted identifiers that carry the posting window's values, and where they land:"]
        var last: String?
        for route in routes {
            let record = EmittedRouteRecord(route).emittedRoute
            let heading =
                JSONLines.quoted(record.template) + (record.carrier.map { " (\($0))" } ?? "")
                + (record.source.map { " at \($0)" } ?? "")
            if heading != last {
                lines.append("  " + heading)
                last = heading
            }
            let poster =
                route.posterIsKnown ? "posted by a '\(route.poster)' window" : "if a '\(route.poster)' window posts it"
            lines.append(
                "    \(poster): open → \(route.whenOpen); closed → \(route.whenClosed)"
                    + (route.rested ? "  [assumed: a condition routing did not know]" : ""))
        }
        return lines
    }
}
