#import <UIKit/UIKit.h>

@interface LDGAccountSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@property (copy, nonatomic) NSString *accountIdentifier;
@end
