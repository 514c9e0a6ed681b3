#import <XCTest/XCTest.h>

@interface LedgerTests : XCTestCase
@end

@implementation LedgerTests
- (void)testNothing {
    XCTAssertTrue(YES);
}
@end
