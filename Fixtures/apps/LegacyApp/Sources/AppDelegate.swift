import UIKit

/// An app from before scenes: one window, owned by the app delegate.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}
