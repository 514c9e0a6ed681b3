import Foundation

@testable import SceneRouting

// libFuzzer target: the dispatch table against the reference router, under churn.
//
// The input's bytes are the choices of the random-app generator the differential tests use
// (compiled in from Tests/SceneRoutingTests/Support/RandomApps.swift): an app over ASCII and
// the hard non-ASCII cases, then events and open/close/update operations until the bytes run
// out. After every event the table must decide as the reference router on the app as it
// stands, and after every operation the two must hold the same sessions.

/// Choices read from the fuzzer's bytes: one byte per choice (two for bounds over 256);
/// zeros once they run out.
struct ByteChoices: ChoiceSource {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var exhausted: Bool { position >= bytes.count }

    mutating func below(_ bound: Int) -> Int {
        guard bound > 1, position < bytes.count else { return 0 }
        var value = Int(bytes[position])
        position += 1
        if bound > 256, position < bytes.count {
            value = value << 8 | Int(bytes[position])
            position += 1
        }
        return value % bound
    }
}

private func fail(_ message: String) -> Never {
    fatalError("FuzzTable: \(message)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var generator = RandomApps(
        random: ByteChoices(bytes: UnsafeBufferPointer(start: data, count: size)),
        alphabet: RandomText.mostlyASCII + RandomText.nonASCII)
    var app = generator.app()
    let router = SceneRouter(app: app)
    var nextID = 100
    for step in 0..<200 where !generator.random.exhausted {
        let event = generator.event(hitting: app)
        let expected = ReferenceRouter.route(event, in: app)
        let actual = router.route(event)
        if !RandomApps<ByteChoices>.same(expected, actual) {
            fail("step \(step): \(event) expected \(expected) got \(actual)")
        }
        guard step % 3 == 2 else { continue }
        if let refused = generator.churn(router, &app, nextID: &nextID) { fail("step \(step): \(refused)") }
        if router.snapshot.sessions.map(\.id) != app.sessions.map(\.id) { fail("step \(step): sessions differ") }
    }
    return 0
}
