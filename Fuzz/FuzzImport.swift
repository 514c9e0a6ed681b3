import Foundation

@testable import SceneRouterImport
@testable import SceneRouting

// libFuzzer target: an app's folder written by a stranger, read by `import` and `check`.
//
// The input is a list of files: each record is a kind byte, a two-byte big-endian length
// and that many bytes. The kind picks the file: an Info.plist (XML, binary or OpenStep, as
// the bytes are), a project.pbxproj, a Swift file, an Objective-C file, an APNs payload, an
// .xcconfig. They are written to a fresh folder beside a file the import must never read,
// and the folder is imported as `check --app` would, then linted. Besides not crashing or
// hanging: every diagnostic names a file inside the folder (or none), nothing of the file
// outside the folder appears anywhere, and a read app round-trips through the manifest.

// In memory where the machine has a tmpfs: every input writes a whole folder again.
private let root = URL(
    fileURLWithPath: access("/dev/shm", W_OK) == 0 ? "/dev/shm" : FileManager.default.temporaryDirectory.path
).appendingPathComponent("fuzz-import-\(getpid())")
private let folder = root.appendingPathComponent("App")
private let secret = "outside-secret-7f3a"

private let kinds = [
    "App/Info.plist", "App.xcodeproj/project.pbxproj", "App/Scene.swift", "App/Delegate.m", "App/Push.apns",
    "App/Base.xcconfig",
    "App/Other.swift", "App/More.m",
]

private func fail(_ message: String) -> Never {
    fatalError("FuzzImport: \(message)")
}

/// Writes `bytes` to `path` without the fsync that `Data.write(to:)` makes on Linux, which
/// took more than half of each execution's time; false if the file could not be written.
@discardableResult
private func write(_ bytes: some Collection<UInt8>, to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return Array(bytes).withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    try? FileManager.default.removeItem(at: root)
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // What a link out of the folder would reach.
    let outside = "{\"aps\": {\"target-content-id\": \"\(secret)\"}} \(secret)"
    guard write(outside.utf8, to: root.appendingPathComponent("secret.apns").path) else {
        fail("cannot write the file outside the folder")
    }
    var index = 0
    while index + 3 <= bytes.count {
        let kind = Int(bytes[index]) % (kinds.count + 1)
        let length = Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
        let body = Array(bytes[(index + 3)..<min(bytes.count, index + 3 + length)])
        index += 3 + length
        if kind == kinds.count {
            // A link: to the secret outside, or to a device.
            let target = body.first.map { $0 % 2 == 0 ? "../secret.apns" : "/dev/zero" } ?? "../secret.apns"
            try? FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("Link\(index).swift").path, withDestinationPath: target)
            continue
        }
        let file = folder.appendingPathComponent(kinds[kind])
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        write(body, to: file.path)
    }

    let result: AppImport
    do {
        result = try AppImport(folder: folder.path, options: AppImport.Options(excludes: []))
    } catch {
        if error.message.contains(secret) { fail("a usage error quotes the file outside the folder") }
        return 0
    }
    for diagnostic in result.diagnostics {
        if let file = diagnostic.file, !file.hasPrefix(folder.path) {
            fail("a diagnostic names a file outside the folder: \(file)")
        }
        if diagnostic.rendered().contains(secret) { fail("a diagnostic quotes the file outside the folder") }
    }
    guard let app = result.app else { return 0 }
    let manifest = ManifestWriter.text(of: app)
    if manifest.contains(secret) { fail("the manifest holds the file outside the folder") }
    if let report = try? ManifestChecker.check(app, file: folder.path) {
        for warning in report.warnings where warning.rendered().contains(secret) {
            fail("a lint quotes the file outside the folder")
        }
    }
    do {
        let reloaded = try ManifestLoader.load(Data(manifest.utf8), file: "imported.json")
        let rewritten = ManifestWriter.text(of: reloaded)
        if rewritten != manifest {
            let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            let again = rewritten.split(separator: "\n", omittingEmptySubsequences: false)
            let first =
                zip(lines, again).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(lines.count, again.count)
            fail(
                "the imported manifest does not read back as itself: line \(first + 1) was "
                    + "\(first < lines.count ? String(lines[first]) : "missing") and reads back as "
                    + "\(first < again.count ? String(again[first]) : "missing")")
        }
    } catch {
        fail("the imported manifest does not load: \(error)")
    }
    return 0
}
