import Foundation
import SceneRouting

/// APNs payloads kept as JSON files (`--payloads DIR`: every `.json` and `.apns` file below
/// it): their `aps.target-content-id`, read by `ExternalEvent.notification(payload:)` as
/// routing reads it (so are payloads written as JSON string literals in Swift).
enum PayloadFiles {
    /// The `.apns` payload files below an app's folder (JSON files there are often something
    /// else, such as asset catalogs, so only `--payloads` reads those); what the walk would
    /// not read is added to `diagnostics`.
    static func files(in folder: AppFolder, into diagnostics: inout [Diagnostic]) -> [String] {
        let listing = folder.list(extensions: ["apns"])
        diagnostics += listing.warnings
        return listing.files.map(\.path)
    }

    /// The emitted identifier of each payload file, and a diagnostic for each file that is
    /// not an APNs payload: an error for a file named with `--payloads`, a warning
    /// (`unread-payload`) for one of `discovered`, the `.apns` files found below an app's
    /// folder, which are the developer's test pushes rather than part of the app.
    static func read(_ paths: [String], discovered: Set<String> = []) -> (
        emitted: [EmittedIdentifier], problems: [Diagnostic]
    ) {
        var emitted: [EmittedIdentifier] = []
        var problems: [Diagnostic] = []
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = try SafeFile.contents(of: path)
            } catch {
                problems.append(error)
                continue
            }
            // Read as routing reads a notification's payload: a syntax error at its line and
            // column, a wrong-typed key by its path.
            let event: ExternalEvent
            do {
                event = try ExternalEvent.notification(payload: Data(bytes))
            } catch {
                var located = error
                located.file = path
                if discovered.contains(path) {
                    located.severity = .warning
                    located.code = Diagnostic.Code(WarningCode.unreadPayload)
                    located.message += " (a test payload below the app's folder: not read)"
                }
                problems.append(located)
                continue
            }
            guard case .notification(let identifier?) = event else {
                problems.append(
                    Diagnostic(
                        severity: .warning, message: "a payload without aps.target-content-id: no identifier to route",
                        file: path))
                continue
            }
            emitted.append(
                EmittedIdentifier(
                    .identifier(identifier), carrier: .payload, source: SourceLocation(file: path, line: 1, column: 1)))
        }
        return (emitted, problems)
    }
}
