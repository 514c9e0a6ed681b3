import ArgumentParser
import PredicateSyntax
import SceneRouting

/// A batch's answers on stdout, in input order: a decision per event, and in place of an
/// input that could not be answered an error record, with its diagnostic on stderr. The
/// batch goes on after a failure; ``finish()`` ends the command with exit code 2 if any
/// input failed.
struct BatchOutput {
    let format: OutputOptions.Format
    let reporter: DiagnosticReporter
    /// `--explain-all`: list every candidate of an explanation.
    let allCandidates: Bool
    /// How error records say which input failed.
    let numbering: RecordNumbering
    private(set) var failed = false
    /// Decisions that rested on an assumption (``RoutingDecision/assumptions``).
    private(set) var assumed = 0

    /// Error records name the event that failed (`route`: one event per input) or the line
    /// (`replay`: lines that are not events).
    enum RecordNumbering {
        case event, line
    }

    init(format: OutputOptions.Format, numbering: RecordNumbering, allCandidates: Bool = false) {
        self.format = format
        reporter = DiagnosticReporter(format)
        self.numbering = numbering
        self.allCandidates = allCandidates
    }

    /// Writes `decision` as event number `event`, or, for an identifier routing refused (too
    /// long), reports `place` as failed instead.
    mutating func write(_ decision: RoutingDecision, event: Int, place: InputPlace) {
        if let refusal = DecisionRecord.refusal(of: decision) {
            fail(place.diagnostic(refusal), recordError: place.described(refusal), event: event, line: place.line)
            return
        }
        if decision.assumptionCount > 0 { assumed += 1 }
        let record = DecisionRecord(event: event, decision: decision, allCandidates: allCandidates)
        switch format {
        case .text: StandardStreams.write(record.text)
        case .json: StandardStreams.write(JSONLines.line(record))
        }
    }

    /// Says which id an `open` without one received: `-  opened Main-2 (line 3)`, or
    /// `{"line":3,"opened":"Main-2"}`.
    func opened(_ sessionID: String, line: Int) {
        switch format {
        case .text: StandardStreams.write("-  opened \(JSONLines.name(sessionID))  (line \(line))")
        case .json: StandardStreams.write(JSONLines.line(OpenedRecord(line: line, opened: sessionID)))
        }
    }

    /// Reports `diagnostic` and writes an error record saying `recordError` where the answer
    /// would have been.
    mutating func fail(_ diagnostic: Diagnostic, recordError: String, event: Int?, line: Int?) {
        failed = true
        let record =
            numbering == .event
            ? LineErrorRecord(event: event, error: recordError) : LineErrorRecord(error: recordError, line: line)
        reporter.report(diagnostic)
        switch format {
        case .text: StandardStreams.write("\(record.event.map(String.init) ?? "-")  error: \(record.error)")
        case .json: StandardStreams.write(JSONLines.line(record))
        }
    }

    /// Flushes stdout; says on stderr how many decisions rested on assumptions; exit code 2
    /// if any input failed.
    func finish() throws {
        StandardStreams.flush()
        if assumed > 0 {
            reporter.report(
                Diagnostic(
                    severity: .warning, code: Diagnostic.Code(WarningCode.assumedConditions),
                    message:
                        "\(assumed) decision\(assumed == 1 ? "" : "s") rested on conditions routing did not know and replaced "
                        + "with the default (a window's values not bound, or a branch of configurationForConnecting not read); the decisions list them under \"assumptions\", "
                        + "--explain shows them"))
        }
        if failed { throw ExitCode(2) }
    }
}

/// The id a timeline's `open` without one received.
private struct OpenedRecord: Encodable {
    var line: Int
    var opened: String
}

/// Where an input came from: a command-line argument, or a line of a file.
enum InputPlace {
    /// The 1-based position among the identifiers given as arguments.
    case argument(Int)
    /// A line of a file.
    case line(file: String, number: Int)

    /// The diagnostic for `message` about this input.
    func diagnostic(_ message: String) -> Diagnostic {
        switch self {
        case .argument(let position): Diagnostic(message: "argument \(position): \(message)")
        case .line(let file, let number): Diagnostic(message: message, file: file, line: number)
        }
    }

    /// `line 5: message` or `argument 2: message`, as error records say it.
    func described(_ message: String) -> String {
        switch self {
        case .argument(let position): "argument \(position): \(message)"
        case .line(_, let number): "line \(number): \(message)"
        }
    }

    /// The line number, for a line.
    var line: Int? {
        if case .line(_, let number) = self { return number }
        return nil
    }
}
