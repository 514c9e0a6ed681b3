/// Batch routing: many events in one call, decided exactly as one call each would decide
/// them, with one hold of the read lock for many routes.
extension SceneRouter {
    /// How many routes of a batch one hold of the read lock covers: churn waits for at most
    /// this many, as it would for as many routes on their own.
    static let routesPerLock = 1_024

    /// Routes identifiers in order, as ``route(identifier:explain:)`` would one at a time,
    /// appending each decision to `decisions`.
    ///
    /// Each decision equals the one routing that identifier alone would give. Churn from
    /// other threads may land between two groups of routes of the batch (never inside a
    /// route), as it may between separate calls. Routing allocates nothing: with room
    /// reserved in `decisions`, a batch allocates nothing at all.
    /// - Parameters:
    ///   - identifiers: target content identifiers (nil: an event without one), read once,
    ///     in order.
    ///   - decisions: where the decisions go, after what it holds.
    /// - Complexity: the routes' cost.
    @inlinable
    public func route(contentsOf identifiers: some Sequence<String?>, into decisions: inout [RoutingDecision]) {
        // Inlined into the caller, an array's or a slice's buffer reaches the loop below as a
        // plain buffer: through the generic sequence, every element was copied by its
        // witnesses, which cost a fifth of a batch.
        let routed: Void? = identifiers.withContiguousStorageIfAvailable {
            routeInPlace(identifiers: $0, into: &decisions)
        }
        if routed == nil { routeInTurn(identifiers: identifiers, into: &decisions) }
    }

    @usableFromInline
    func routeInPlace(identifiers: UnsafeBufferPointer<String?>, into decisions: inout [RoutingDecision]) {
        var remaining = identifiers.makeIterator()
        route(&remaining, into: &decisions, Self.route(_:identifier:))
    }

    @usableFromInline
    func routeInTurn(identifiers: some Sequence<String?>, into decisions: inout [RoutingDecision]) {
        var remaining = identifiers.makeIterator()
        route(&remaining, into: &decisions, Self.route(_:identifier:))
    }

    /// Routes identifiers in order, as `route(contentsOf:into:)` does for identifiers, and
    /// returns the decisions.
    public func route(contentsOf identifiers: some Sequence<String?>) -> [RoutingDecision] {
        var decisions: [RoutingDecision] = []
        decisions.reserveCapacity(identifiers.underestimatedCount)
        route(contentsOf: identifiers, into: &decisions)
        return decisions
    }

    /// Routes events in order, as ``route(_:explain:)`` would one at a time (without an
    /// explanation), appending each decision to `decisions`; the same guarantees as for
    /// identifiers.
    /// - Parameters:
    ///   - events: routed by their target content identifiers
    ///     (``ExternalEvent/targetContentIdentifier(for:)``), read once, in order.
    ///   - decisions: where the decisions go, after what it holds.
    @inlinable
    public func route(contentsOf events: some Sequence<ExternalEvent>, into decisions: inout [RoutingDecision]) {
        let routed: Void? = events.withContiguousStorageIfAvailable { routeInPlace(events: $0, into: &decisions) }
        if routed == nil { routeInTurn(events: events, into: &decisions) }
    }

    @usableFromInline
    func routeInPlace(events: UnsafeBufferPointer<ExternalEvent>, into decisions: inout [RoutingDecision]) {
        var remaining = events.makeIterator()
        route(&remaining, into: &decisions, Self.route(_:event:))
    }

    @usableFromInline
    func routeInTurn(events: some Sequence<ExternalEvent>, into decisions: inout [RoutingDecision]) {
        var remaining = events.makeIterator()
        route(&remaining, into: &decisions, Self.route(_:event:))
    }

    /// Routes events in order, as `route(contentsOf:into:)` does for events, and returns the
    /// decisions.
    public func route(contentsOf events: some Sequence<ExternalEvent>) -> [RoutingDecision] {
        var decisions: [RoutingDecision] = []
        decisions.reserveCapacity(events.underestimatedCount)
        route(contentsOf: events, into: &decisions)
        return decisions
    }

    /// Routes what `remaining` yields, `routesPerLock` to each hold of the read lock,
    /// appending `decide`'s decisions.
    @inline(__always)
    private func route<Remaining: IteratorProtocol>(
        _ remaining: inout Remaining, into decisions: inout [RoutingDecision],
        _ decide: (DispatchTable, Remaining.Element) -> RoutingDecision
    ) {
        var exhausted = false
        while !exhausted {
            reading { table in
                for _ in 0..<Self.routesPerLock {
                    guard let element = remaining.next() else {
                        exhausted = true
                        return
                    }
                    decisions.append(decide(table, element))
                }
            }
        }
    }

    @inline(__always)
    private static func route(_ table: DispatchTable, identifier: String?) -> RoutingDecision {
        table.newScenes == nil
            ? table.route(identifier: identifier) : table.route(.identifier(identifier), identifier: identifier)
    }

    @inline(__always)
    private static func route(_ table: DispatchTable, event: ExternalEvent) -> RoutingDecision {
        table.route(event, identifier: event.targetContentIdentifier(for: table.framework))
    }
}
