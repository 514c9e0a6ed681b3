#!/usr/bin/env python3
"""Writes a UIKit app of N Swift files to DIR for timing `scene-router import`:

    Scripts/generate-app-tree.py 1000 /tmp/big-app
    scene-router import --plist /tmp/big-app/Info.plist --sources /tmp/big-app/Sources > /dev/null

A tenth of the files are scene delegates (each named in Info.plist) that set both activation
conditions, the rest view controllers and helpers that emit identifiers from notifications,
activities and shortcuts, about 120 lines each.
"""
import os
import sys


def scene_delegate(index):
    return f'''import UIKit

final class Scene{index}Delegate: UIResponder, UIWindowSceneDelegate {{
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {{
        guard let windowScene = scene as? UIWindowScene else {{ return }}
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = Screen{index}ViewController()
        window?.makeKeyAndVisible()
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'area{index}.'")
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF IN %@", ["area{index}.home", "area{index}.home/"])
    }}
}}
'''


def helper(index):
    methods = "\n".join(f'''
    func item{n}(_ record: Record) -> UNMutableNotificationContent {{
        let content = UNMutableNotificationContent()
        content.title = record.title
        content.body = "\\(record.count) updates in section {n}"
        content.targetContentIdentifier = "area{index % 100}.record.\\(record.id)"
        if record.isPinned {{
            content.threadIdentifier = "pinned-{n}"
        }}
        return content
    }}''' for n in range(8))
    return f'''import UIKit
import UserNotifications

final class Screen{index}ViewController: UIViewController {{
    private var records: [Record] = []

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = "Screen {index}"
        let activity = NSUserActivity(activityType: "com.example.area{index % 100}")
        activity.targetContentIdentifier = "area{index % 100}.home"
        userActivity = activity
    }}

    func shortcut() -> UIApplicationShortcutItem {{
        let item = UIMutableApplicationShortcutItem(type: "com.example.open{index}", localizedTitle: "Open {index}")
        item.targetContentIdentifier = "area{index % 100}.screen{index}"
        return item
    }}
{methods}
}}
'''


def plist(scenes):
    entries = "".join(f'''
				<dict>
					<key>UISceneConfigurationName</key>
					<string>Scene {index}</string>
					<key>UISceneDelegateClassName</key>
					<string>$(PRODUCT_MODULE_NAME).Scene{index}Delegate</string>
				</dict>''' for index in range(scenes))
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>UIApplicationSceneManifest</key>
	<dict>
		<key>UIApplicationSupportsMultipleScenes</key>
		<true/>
		<key>UISceneConfigurations</key>
		<dict>
			<key>UIWindowSceneSessionRoleApplication</key>
			<array>{entries}
			</array>
		</dict>
	</dict>
</dict>
</plist>
'''


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit("usage: generate-app-tree.py FILES DIR")
    count, root = int(sys.argv[1]), sys.argv[2]
    sources = os.path.join(root, "Sources")
    os.makedirs(sources, exist_ok=True)
    scenes = max(1, count // 10)
    for index in range(count):
        name, text = (f"Scene{index}Delegate.swift", scene_delegate(index)) if index < scenes else (f"Screen{index}.swift", helper(index))
        with open(os.path.join(sources, name), "w") as file:
            file.write(text)
    with open(os.path.join(root, "Info.plist"), "w") as file:
        file.write(plist(scenes))


if __name__ == "__main__":
    main()
