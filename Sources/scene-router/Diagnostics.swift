import Foundation
import SceneRouting

/// Errors and warnings on stderr: for people, `FILE:LINE:COLUMN: PATH: error: message` with
/// the offending text and a caret; under `--format json`, one JSON object per line with the
/// same fields, so a CI job can parse them.
struct Diagnostics {
    let format: OutputOptions.Format

    init(_ format: OutputOptions.Format) { self.format = format }

    /// Reports an input error (every error of a manifest), a predicate error or anything else.
    func report(_ error: any Error) {
        switch error {
        case let error as ManifestError: error.errors.forEach(report(input:))
        case let error as InputError: report(input: error)
        case let error as PredicateError: report(predicate: error, file: nil)
        default: emit(DiagnosticRecord(message: "\(error)"), text: "error: \(error)")
        }
    }

    func report(input error: InputError) {
        var record = DiagnosticRecord(
            file: error.file, path: error.path, line: error.line, column: error.column, message: error.message)
        if let predicate = error.predicateError {
            record.message = predicate.message
            record.code = predicate.code.rawValue
            record.predicate = predicate.source
            record.offset = predicate.offset
        }
        emit(record, text: error.rendered())
    }

    /// A predicate given on the command line (`file` nil) or read from a file.
    func report(predicate error: PredicateError, file: String?) {
        var record = DiagnosticRecord(file: file, message: error.message)
        record.code = error.code.rawValue
        record.predicate = error.source
        record.offset = error.offset
        emit(record, text: error.rendered(location: file))
    }

    /// A problem at a place that is not a JSON document: a line of stdin, an argument.
    func error(file: String?, line: Int? = nil, message: String) {
        let location = [file, line.map { "\($0)" }].compactMap { $0 }.joined(separator: ":")
        emit(
            DiagnosticRecord(file: file, line: line, message: message),
            text: (location.isEmpty ? "" : location + ": ") + "error: " + message)
    }

    func warning(file: String? = nil, line: Int? = nil, message: String) {
        let location = [file, line.map { "\($0)" }].compactMap { $0 }.joined(separator: ":")
        emit(
            DiagnosticRecord(severity: "warning", file: file, line: line, message: message),
            text: (location.isEmpty ? "" : location + ": ") + "warning: " + message)
    }

    private func emit(_ record: DiagnosticRecord, text: String) {
        switch format {
        case .text: StandardStreams.error(text)
        case .json: StandardStreams.error(JSONLines.line(record))
        }
    }
}

/// A diagnostic as JSON: the six location fields are always present (null when unknown);
/// predicate errors add the code, the predicate and the UTF-8 offset into it.
struct DiagnosticRecord: Encodable {
    var severity = "error"
    var file: String?
    var path: String?
    var line: Int?
    var column: Int?
    var message: String
    var code: String?
    var predicate: String?
    var offset: Int?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(file, forKey: .file)
        try container.encode(path, forKey: .path)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encodeIfPresent(predicate, forKey: .predicate)
        try container.encodeIfPresent(offset, forKey: .offset)
    }

    enum CodingKeys: String, CodingKey { case severity, file, path, line, column, message, code, predicate, offset }
}
