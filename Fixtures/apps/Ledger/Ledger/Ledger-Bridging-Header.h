#import "LDGAccountSceneDelegate.h"
