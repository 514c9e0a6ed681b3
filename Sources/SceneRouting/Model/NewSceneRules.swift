import Foundation

/// What a UIKit app delegate's `application(_:configurationForConnecting:options:)` decides:
/// which scene configuration a new scene gets for the event that creates it.
///
/// When no open window takes an event, UIKit creates a scene session and asks the app
/// delegate for its configuration, handing it the event in the connection options (the user
/// activity, the shortcut item, the URL, the notification response). Without these rules a
/// new scene is the first configuration, as UIKit does when the app delegate does not choose.
///
///     let rules = NewSceneRules(
///         rules: [NewSceneRule(when: [.activityType(["com.example.inspect"])], configuration: "Inspector")],
///         otherwise: "Default Configuration")
public struct NewSceneRules: Sendable {
    /// In the order the app delegate tests them: the first that holds chooses.
    public var rules: [NewSceneRule]
    /// The configuration when no rule holds; nil: the first configuration.
    public var otherwise: String?
    /// Where the app delegate's method is, when imported.
    public var source: SourceLocation?

    public init(rules: [NewSceneRule] = [], otherwise: String? = nil, source: SourceLocation? = nil) {
        self.rules = rules
        self.otherwise = otherwise
        self.source = source
    }

    /// How a new scene's configuration was chosen.
    public struct Choice: Sendable, Equatable {
        /// The index of the rule that chose; nil: `otherwise`, or the first configuration.
        public var rule: Int?
        /// The configuration chosen.
        public var configuration: String
        /// Where the choice is stated.
        public var source: SourceLocation?
    }
}

/// One branch of `configurationForConnecting`: when every test holds for the event, the new
/// scene gets `configuration`.
public struct NewSceneRule: Sendable {
    /// A property of the connecting event.
    public enum Test: Sendable {
        /// The event is of this kind: `notification`, `shortcut`, `userActivity` or `url`.
        case event(EventKind)
        /// A user activity whose `activityType` is one of these.
        case activityType([String])
        /// A shortcut item whose `type` is one of these.
        case shortcutType([String])
        /// An opened URL whose absolute string matches.
        case url(ActivationPredicate)
        /// An event whose target content identifier matches (none: no match).
        case identifier(ActivationPredicate)
    }

    /// The kinds of event that create scenes, as the connection options carry them.
    public enum EventKind: String, Sendable, CaseIterable {
        case notification, shortcut, userActivity, url
    }

    /// All must hold; none: the rule always holds.
    public var tests: [Test]
    /// The configuration the branch returns; nil when the import could not read it.
    public var configuration: String?
    /// Swift the import could not read: the branch's condition when ``configuration`` is
    /// known, else the configuration it returns. Routing cannot tell whether such a rule
    /// holds, or what it returns, and says so in the decisions it touches.
    public var unread: String?
    /// Where the branch is.
    public var source: SourceLocation?

    public init(when tests: [Test], configuration: String?, unread: String? = nil, source: SourceLocation? = nil) {
        self.tests = tests
        self.configuration = configuration
        self.unread = unread
        self.source = source
    }

    /// Whether the stated tests hold for `event` (an unread condition is not among them).
    func holds(for event: ExternalEvent) -> Bool {
        tests.allSatisfy { test in
            switch (test, event) {
            case (.event(let kind), _): return kind == EventKind(of: event)
            case (.activityType(let types), .userActivity(let type?, _, _)): return types.contains(type)
            case (.shortcutType(let types), .shortcut(let type?, _)): return types.contains(type)
            case (.url(let predicate), .url(let url)): return predicate.evaluate(url.absoluteString)
            case (.identifier(let predicate), _):
                guard let identifier = event.targetContentIdentifier(for: .uikit) else { return false }
                return predicate.evaluate(identifier)
            default: return false
            }
        }
    }
}

extension NewSceneRule.EventKind {
    /// The kind of `event`; nil for a bare identifier, which stands for no particular kind.
    init?(of event: ExternalEvent) {
        switch event {
        case .identifier: return nil
        case .notification: self = .notification
        case .shortcut: self = .shortcut
        case .userActivity: self = .userActivity
        case .url: self = .url
        }
    }
}
