/// Timelines through the table: what `scene-router replay` runs, deciding as
/// ``TimelineReplayer`` does (the reference, one session at a time) at the table's cost.
extension SceneRouter {
    /// Applies one timeline entry as ``TimelineReplayer`` does: an event is delivered
    /// (``deliver(_:explain:)``: the chosen or created session becomes the key window) and
    /// its decision returned; `open`, `close` and `update` change the sessions and return
    /// nil. An `open` without an id gets `DECLARATION-k`, the first k not in use.
    /// - Throws: ``TimelineReplayer/ReplayError`` with the replayer's message when an `open`
    ///   names an id already open or an unknown declaration, or a `close` or `update` names
    ///   no open session; nothing changes then.
    /// - Complexity: an event costs a route plus O(log n) per window whose state changes; a
    ///   lifecycle entry O(log n) plus compiling predicates no open session shares.
    /// Opens a session as a timeline's `open` does and returns its id: the session's own, or
    /// when it has none `DECLARATION-k`, the first k not in use.
    /// - Throws: ``TimelineReplayer/ReplayError`` when the id is already open or the
    ///   declaration unknown; nothing changes then.
    @discardableResult
    public func open(assigningIDTo session: SceneSession) throws(TimelineReplayer.ReplayError) -> String {
        var session = session
        return try writing { table throws(TimelineReplayer.ReplayError) in
            if session.id.isEmpty { session.id = table.firstFreeID(for: session.declaration) }
            do throws(SceneAppError) {
                try table.open(session)
            } catch .duplicateSessionID {
                throw TimelineReplayer.ReplayError(
                    message: "cannot open '\(session.id)': a session with that id is already open")
            } catch {
                throw TimelineReplayer.ReplayError(message: "cannot open '\(session.id)': \(error)")
            }
            return session.id
        }
    }

    @discardableResult
    public func apply(_ entry: TimelineEntry, explain: Bool = false) throws(TimelineReplayer.ReplayError)
        -> RoutingDecision?
    {
        switch entry {
        case .event(let event):
            return deliver(event, explain: explain)
        case .open(let session):
            _ = try open(assigningIDTo: session)
        case .close(let id):
            do throws(SceneAppError) {
                try close(sessionID: id)
            } catch {
                throw TimelineReplayer.ReplayError(message: "cannot close '\(id)': no open session has that id")
            }
        case .update(let update):
            do throws(SceneAppError) {
                try self.update(update)
            } catch {
                throw TimelineReplayer.ReplayError(message: "cannot update '\(update.id)': no open session has that id")
            }
        }
        return nil
    }
}
