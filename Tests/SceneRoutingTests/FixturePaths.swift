import Foundation

/// Locates files under the package's `Fixtures/` directory from the test sources.
enum FixturePaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func url(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
    }
}
