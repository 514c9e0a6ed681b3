import AppKit

/// Loaded by the Catalyst app for menu bar extras AppKit alone provides.
@objc(MacBridge) final class MacBridge: NSObject {
    @objc func installStatusItem() {
        NSStatusBar.system.statusItem(withLength: NSStatusItem.variableLength).button?.title = "⚓︎"
    }
}
