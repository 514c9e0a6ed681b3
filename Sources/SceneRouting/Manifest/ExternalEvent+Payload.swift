public import Foundation

/// Events from an APNs payload, decoded as the manifest and timeline decoders decode one.
extension ExternalEvent {
    /// A tapped push notification, from its APNs payload as `userInfo` holds it
    /// (`{"aps": {"target-content-id": …}, …}`; other keys are the app's own data).
    /// - Throws: `Diagnostic` naming the key at fault when `aps` is not a dictionary or
    ///   `target-content-id` is not a string.
    public static func notification(payload: [String: Any]) throws(Diagnostic) -> ExternalEvent {
        try notification(aps: payload["aps"])
    }

    /// A tapped push notification, from `userInfo` exactly as UIKit hands it
    /// (`UNNotificationContent.userInfo`, `[AnyHashable: Any]`): its `aps` dictionary's
    /// `target-content-id`, read as a `[String: Any]` payload is.
    /// - Throws: `Diagnostic` naming the key at fault when `aps` is not a dictionary or
    ///   `target-content-id` is not a string.
    public static func notification(payload: [AnyHashable: Any]) throws(Diagnostic) -> ExternalEvent {
        try notification(aps: payload[AnyHashable("aps")])
    }

    private static func notification(aps apsValue: Any?) throws(Diagnostic) -> ExternalEvent {
        func fail(_ path: String, _ message: String) -> Diagnostic {
            Diagnostic(message: message, file: "payload", path: path)
        }
        guard let apsValue else { return .notification(targetContentIdentifier: nil) }
        let identifier: Any?
        if let aps = apsValue as? [String: Any] {
            identifier = aps["target-content-id"]
        } else if let aps = apsValue as? [AnyHashable: Any] {
            identifier = aps[AnyHashable("target-content-id")]
        } else {
            throw fail("aps", "expected a dictionary, found \(type(of: apsValue))")
        }
        switch identifier {
        case nil, is NSNull: return .notification(targetContentIdentifier: nil)
        case let identifier as String: return .notification(targetContentIdentifier: identifier)
        case let other?: throw fail("aps.target-content-id", "expected a string, found \(type(of: other))")
        }
    }

    /// A tapped push notification, from the APNs payload's JSON bytes.
    /// - Throws: `Diagnostic` with the line and column of a JSON syntax error, or the key
    ///   at fault.
    public static func notification(payload: Data) throws(Diagnostic) -> ExternalEvent {
        let bytes = [UInt8](payload)
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ManifestLoader.syntaxError(error, in: bytes, file: "payload", line: nil)
        }
        var reader = DocumentReader(file: "payload")
        let event = TimelineDecoder.decodeNotification(value, at: .root, reader: &reader)
        if let first = reader.errors.first { throw first }
        return event ?? .notification(targetContentIdentifier: nil)
    }
}
