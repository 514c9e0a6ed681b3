#import <UIKit/UIKit.h>
#import <UserNotifications/UserNotifications.h>

@interface LDGReminders : NSObject
+ (void)remindAboutAccount:(NSString *)accountIdentifier;
+ (void)installShortcuts;
@end

@implementation LDGReminders

+ (void)remindAboutAccount:(NSString *)accountIdentifier {
    UNMutableNotificationContent *content = [[UNMutableNotificationContent alloc] init];
    content.title = @"Statement due";
    content.targetContentIdentifier = [NSString stringWithFormat:@"ledger.account.%@", accountIdentifier];
    UNNotificationRequest *request = [UNNotificationRequest requestWithIdentifier:accountIdentifier content:content trigger:nil];
    [[UNUserNotificationCenter currentNotificationCenter] addNotificationRequest:request withCompletionHandler:nil];
}

+ (void)installShortcuts {
    UIMutableApplicationShortcutItem *report = [[UIMutableApplicationShortcutItem alloc] initWithType:@"report" localizedTitle:@"Monthly Report"];
    report.targetContentIdentifier = @"ledger.report";
    UIApplication.sharedApplication.shortcutItems = @[report];
}

@end
