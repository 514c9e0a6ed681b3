import Foundation

@testable import SceneRouting

// libFuzzer target: manifests and timelines decoded from untrusted bytes.
//
// The input is read as a manifest; if it loads, its table is built, linted, and routed
// against the reference router for every session id and declaration name. Then each line of
// the input is decoded as a timeline line against a small app and replayed. Besides not
// crashing or hanging: every error renders with the file's name, the table agrees with
// the reference router, and whatever the direct (tree-less) manifest decoder accepts, the
// tree-based reading accepts as the same app.

private let timelineApp = try! SceneApp(
    framework: .uikit, declarations: [SceneDeclaration(name: "Main")],
    sessions: [SceneSession(id: "S1", declaration: "Main", conditions: .defaults(for: .uikit))])

private func fail(_ message: String) -> Never {
    fatalError("FuzzDecoding: \(message)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let direct = DirectManifestDecoder.decode(bytes, file: "fuzz.json", collectsSites: true) {
        guard let tree = try? ManifestLoader.loadThroughTree(bytes, file: "fuzz.json"),
            ManifestWriter.text(of: tree.app) == ManifestWriter.text(of: direct.app),
            tree.sites.count == direct.sites.count
        else { fail("the direct decoder accepted a manifest the tree refuses or reads otherwise") }
    }
    do {
        let (app, sites) = try ManifestLoader.loadWithSites(bytes, file: "fuzz.json")
        _ = ManifestChecker.lint(app, sites: sites, uikitStrict: true, file: "fuzz.json")
        let router = SceneRouter(app: app)
        let probes: [String?] = [nil] + app.sessions.map(\.id) + app.declarations.map(\.name)
        for identifier in probes {
            let expected = ReferenceRouter.route(identifier: identifier, in: app)
            let actual = router.route(identifier: identifier)
            if expected.action != actual.action || expected.reason != actual.reason {
                fail("table and reference disagree on \(String(describing: identifier))")
            }
        }
    } catch {
        for problem in error.errors where !problem.rendered().hasPrefix("fuzz.json") {
            fail("an error does not name its file: \(problem.rendered())")
        }
    }

    let decoder = TimelineDecoder(file: "fuzz.jsonl", app: timelineApp, allowsLifecycle: true)
    var replayer = TimelineReplayer(app: timelineApp)
    for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
        do {
            let entry = try decoder.decode(line, line: index + 1)
            if case .event(let event) = entry {
                _ = replayer.route(event)
            } else {
                try? replayer.apply(entry)
            }
        } catch {
            if !error.rendered().hasPrefix("fuzz.jsonl:\(index + 1)") {
                fail("a line error is not located: \(error.rendered())")
            }
        }
    }
    return 0
}
