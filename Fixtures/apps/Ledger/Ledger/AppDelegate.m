#import "AppDelegate.h"
#import "Ledger-Swift.h"

@implementation LDGAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    return YES;
}

- (void)application:(UIApplication *)application
    didReceiveRemoteNotification:(NSDictionary *)userInfo
          fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
    // Reading the identifier of a notification that arrived emits nothing.
    NSString *target = userInfo[@"aps"][@"target-content-id"];
    NSLog(@"push for %@", target);
    completionHandler(UIBackgroundFetchResultNoData);
}

@end
