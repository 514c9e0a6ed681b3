/// The release `scene-router --version` prints; CHANGELOG.md lists what each one brought.
enum SceneRouterVersion {
    static let current = "0.6.0"
}
