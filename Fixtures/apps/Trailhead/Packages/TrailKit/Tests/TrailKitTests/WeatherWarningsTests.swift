import XCTest
@testable import TrailKit

final class WeatherWarningsTests: XCTestCase {
    func testPosting() {
        let content = UNMutableNotificationContent()
        content.targetContentIdentifier = "test.only"
        XCTAssertEqual(content.targetContentIdentifier, "test.only")
    }
}
