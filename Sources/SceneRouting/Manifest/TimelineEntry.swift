import Foundation
import PredicateSyntax

/// One line of an events file or a replay timeline.
public enum TimelineEntry: Sendable {
    /// An event to route.
    case event(ExternalEvent)
    /// `{"open": {session}}`: a new session, appended to the list. Its `id` is empty when the
    /// line gave none (replay names it).
    case open(SceneSession)
    /// `{"close": "S2"}`.
    case close(sessionID: String)
    /// `{"update": {"id": …, …}}`: changes state, lastActive, role or conditions in place.
    case update(SessionUpdate)

    /// Whether this line is an event (rather than a lifecycle operation).
    public var isEvent: Bool {
        if case .event = self { return true }
        return false
    }
}
