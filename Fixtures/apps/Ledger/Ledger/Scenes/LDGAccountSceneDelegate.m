#import "LDGAccountSceneDelegate.h"

/* One account per window. */
@implementation LDGAccountSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    self.accountIdentifier = session.userInfo[@"account"];
    UISceneActivationConditions *conditions = scene.activationConditions;
    conditions.canActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", @"ledger.account."];
    NSPredicate *own = [NSPredicate predicateWithFormat:@"SELF == %@",
                        [@"ledger.account." stringByAppendingString:self.accountIdentifier]];
    [conditions setPrefersToActivateForTargetContentIdentifierPredicate:own];
}

@end
