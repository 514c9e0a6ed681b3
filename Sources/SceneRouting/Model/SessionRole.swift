/// A scene session's role (`UISceneSession.Role`). Only ``windowApplication`` sessions
/// receive external events.
public struct SessionRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The role's name as manifests write it, e.g. `windowApplication`.
    public let rawValue: String
    /// A role by name; names outside ``known`` are refused by the manifest loader.
    public init(rawValue: String) {
        // A known name keeps the literal's text: a manifest of a million sessions would
        // otherwise hold a million copies of `windowApplication`, 64 heap bytes each.
        self.rawValue = Self.knownNames.first { $0 == rawValue } ?? rawValue
    }

    private static let knownNames = [
        "windowApplication", "windowExternalDisplayNonInteractive", "windowExternalDisplay",
        "immersiveSpaceApplication", "carTemplateApplication", "carTemplateApplicationInstrumentCluster",
        "windowApplicationVolumetric", "carTemplateApplicationDashboard",
    ]

    /// An interactive window of the app (the default).
    public static let windowApplication = SessionRole(rawValue: "windowApplication")
    /// A non-interactive window on an external display.
    public static let windowExternalDisplayNonInteractive = SessionRole(rawValue: "windowExternalDisplayNonInteractive")
    /// The pre-iOS 16 name of the external display role.
    public static let windowExternalDisplay = SessionRole(rawValue: "windowExternalDisplay")
    /// A visionOS immersive space.
    public static let immersiveSpaceApplication = SessionRole(rawValue: "immersiveSpaceApplication")
    /// A visionOS volumetric window. Whether the system routes target content identifiers to
    /// volumes is not documented; SceneRouter routes events to ``windowApplication`` only.
    public static let windowApplicationVolumetric = SessionRole(rawValue: "windowApplicationVolumetric")
    /// CarPlay templates.
    public static let carTemplateApplication = SessionRole(rawValue: "carTemplateApplication")
    /// The CarPlay instrument cluster.
    public static let carTemplateApplicationInstrumentCluster = SessionRole(
        rawValue: "carTemplateApplicationInstrumentCluster")
    /// The CarPlay dashboard.
    public static let carTemplateApplicationDashboard = SessionRole(rawValue: "carTemplateApplicationDashboard")

    /// The roles a manifest may name.
    public static let known = knownNames.map(SessionRole.init(rawValue:))

    /// Whether sessions with this role can be chosen for an external event.
    public var receivesEvents: Bool { self == .windowApplication }

    /// The role's name.
    public var description: String { rawValue }
}
