public import Foundation

/// Events from an APNs payload, decoded as the manifest and timeline decoders decode one.
extension ExternalEvent {
    /// A tapped push notification, from its APNs payload as `userInfo` holds it
    /// (`{"aps": {"target-content-id": …}, …}`; other keys are the app's own data).
    /// - Throws: `Diagnostic` naming the key at fault when `aps` is not a dictionary or
    ///   `target-content-id` is not a string.
    public static func notification(payload: [String: Any]) throws(Diagnostic) -> ExternalEvent {
        func fail(_ path: String, _ message: String) -> Diagnostic {
            Diagnostic(message: message, file: "payload", path: path)
        }
        guard let apsValue = payload["aps"] else { return .notification(targetContentIdentifier: nil) }
        guard let aps = apsValue as? [String: Any] else {
            throw fail("aps", "expected a dictionary, found \(type(of: apsValue))")
        }
        switch aps["target-content-id"] {
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
