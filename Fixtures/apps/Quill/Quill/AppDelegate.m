#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    return YES;
}

// An inspector Handoff from another device opens an inspector; everything else a main window.
- (UISceneConfiguration *)application:(UIApplication *)application
    configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession
                                   options:(UISceneConnectionOptions *)options {
    for (NSUserActivity *activity in options.userActivities) {
        if ([activity.activityType isEqualToString:@"com.example.quill.inspector"]) {
            return [UISceneConfiguration configurationWithName:@"Inspector" sessionRole:connectingSceneSession.role];
        }
    }
    return [UISceneConfiguration configurationWithName:@"Main" sessionRole:connectingSceneSession.role];
}

@end
