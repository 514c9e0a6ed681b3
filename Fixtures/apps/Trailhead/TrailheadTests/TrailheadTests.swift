import SwiftUI
import XCTest
@testable import Trailhead

/// A host app for snapshot tests: part of the test bundle, not of the app.
struct SnapshotHostApp: App {
    var body: some Scene {
        WindowGroup(id: "snapshot-host") { Text("Host") }
            .handlesExternalEvents(matching: ["*"])
    }
}

final class TrailheadTests: XCTestCase {
    func testTrailsHaveIDs() {
        XCTAssertFalse(Trail.all.isEmpty)
    }
}
