import Dispatch
import Foundation
import Synchronization

/// Says on stderr what a long step (loading a manifest, building a table) is doing once it
/// has taken more than a second, with the seconds so far: on a terminal one line rewritten
/// in place and erased when the step ends, in a log a line every few seconds. Quick steps,
/// which are nearly all of them, print nothing.
enum SlowStepProgress {
    static func run<Result>(_ description: String, _ body: () throws -> Result) rethrows -> Result {
        let line = Mutex(ProgressLine(prefix: "scene-router: "))
        let started = DispatchTime.now().uptimeNanoseconds
        let queue = DispatchQueue(label: "scene-router.progress")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: .milliseconds(500))
        timer.setEventHandler {
            let seconds = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000_000
            line.withLock { $0.update("\(description)… \(seconds) s") }
        }
        timer.resume()
        defer {
            timer.cancel()
            // A tick already running finishes before the line is cleared.
            queue.sync {}
            line.withLock { $0.finish() }
        }
        return try body()
    }
}
