#import <UIKit/UIKit.h>

@interface LDGAppDelegate : UIResponder <UIApplicationDelegate>
@end
