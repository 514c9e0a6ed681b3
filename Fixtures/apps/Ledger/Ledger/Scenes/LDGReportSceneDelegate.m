#import <UIKit/UIKit.h>

@interface LDGReportSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

// A printable report: it never takes an external event, whichever window is in front.
@implementation LDGReportSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    scene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:NO];
    [scene.activationConditions setValue:[NSPredicate predicateWithValue:NO]
                                  forKey:@"prefersToActivateForTargetContentIdentifierPredicate"];
}

@end
