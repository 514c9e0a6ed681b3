import ArgumentParser
import Foundation
import SceneRouting

extension SceneRouterCommand {
    /// `scene-router eval PREDICATE [ID …]`: evaluate one predicate against identifiers.
    struct Eval: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Evaluate a predicate against target content identifiers.",
            discussion: """
                Identifiers come from the arguments or, when there are none (and no --nil), from stdin, one per line. \
                Prints one line per identifier, in the order given (--nil where it is written): true or false and the \
                identifier (text), or {"identifier":…,"matches":…} (json). \
                An invalid predicate prints a diagnostic on stderr, nothing on stdout, and exits 2.
                """
        )

        @Argument(help: "An NSPredicate format string over SELF, e.g. \"SELF BEGINSWITH[c] 'mail.'\".")
        var predicate: String

        @Argument(help: "Identifiers to evaluate (default: one per line from stdin).")
        var identifiers: [String] = []

        @Option(name: .customLong("arg"), help: "A string for the next %@ (repeatable).")
        var stringArguments: [String] = []

        @Option(name: .customLong("args-json"), help: "All %@ arguments as JSON: [\"id\", [\"a\", \"b\"]].")
        var argumentsJSON: String?

        @Flag(name: .customLong("nil"), help: "Also evaluate against a nil identifier (an event without one).")
        var includeNil = false

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if argumentsJSON != nil && !stringArguments.isEmpty {
                throw ValidationError("use either --arg or --args-json, not both")
            }
        }

        func run() throws {
            let compiled: ActivationPredicate
            do {
                compiled = try ActivationPredicate(format: predicate, arguments: try predicateArguments())
            } catch let error as Diagnostic {
                DiagnosticReporter(output.format).report(error)
                throw ExitCode(2)
            }

            var failed = false
            if !identifiers.isEmpty || includeNil {
                let nilPosition =
                    includeNil ? Self.identifiersBeforeNil(in: Array(CommandLine.arguments.dropFirst())) : nil
                for (index, identifier) in identifiers.enumerated() {
                    if index == nilPosition { report(String?.none, compiled) }
                    report(identifier, compiled)
                }
                if let nilPosition, nilPosition >= identifiers.count { report(String?.none, compiled) }
            } else {
                let reporter = DiagnosticReporter(output.format)
                try StandardStreams.forEachLine(ofFileAt: nil, skippingBlank: false, reporter: reporter) {
                    number, line in
                    switch StandardStreams.decode(line) {
                    case .success(let identifier):
                        report(identifier, compiled)
                    case .failure(let invalid):
                        failed = true
                        reporter.report(Diagnostic(message: invalid.description, file: "stdin", line: number))
                        switch output.format {
                        case .text: StandardStreams.write("error  stdin line \(number): \(invalid.description)")
                        case .json:
                            let message = "stdin line \(number): \(invalid.description)"
                            StandardStreams.write(JSONLines.line(ErrorRecord(error: message, line: number)))
                        }
                    }
                }
            }
            StandardStreams.flush()
            if failed { throw ExitCode(2) }
        }

        private func predicateArguments() throws -> [PredicateArgument] {
            guard let argumentsJSON else { return stringArguments.map(PredicateArgument.string) }
            let problem = ValidationError("--args-json: expected a JSON array of strings or arrays of strings")
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(argumentsJSON.utf8)) as? [Any] else {
                throw problem
            }
            return try parsed.map { element in
                if let string = element as? String { return .string(string) }
                if let strings = element as? [Any], let values = strings as? [String], values.count == strings.count {
                    return .strings(values)
                }
                throw problem
            }
        }

        private func report(_ identifier: String?, _ predicate: ActivationPredicate) {
            let result = predicate.evaluateReportingBudget(identifier)
            if result.budgetExceeded {
                DiagnosticReporter(output.format).report(
                    Diagnostic(
                        severity: .warning,
                        message: "\(identifier.map { "identifier \(Self.preview($0))" } ?? "nil identifier"): "
                            + "a regular expression hit its match budget; treated as no match"))
            }
            switch output.format {
            case .text:
                StandardStreams.write((result.matches ? "true " : "false") + "  " + Self.label(identifier))
            case .json:
                StandardStreams.write(
                    JSONLines.line(
                        EvalRecord(
                            identifier: identifier, matches: result.matches,
                            budgetExceeded: result.budgetExceeded ? true : nil)))
            }
        }

        /// The identifier as text output shows it: in JSON string syntax, long ones cut short
        /// with their length.
        private static func label(_ identifier: String?) -> String {
            guard let identifier else { return "(no identifier)" }
            guard identifier.utf8.count > 200 else { return JSONLines.quoted(identifier) }
            return JSONLines.quoted(String(identifier.unicodeScalars.prefix(60))) + "… (\(identifier.utf8.count) bytes)"
        }

        /// How many identifier arguments come before `--nil` on the command line, so the nil
        /// identifier is answered where it was written. Options that take a value are skipped
        /// with it; after `--` every word is positional.
        static func identifiersBeforeNil(in arguments: [String]) -> Int {
            let valued: Set<String> = ["--arg", "--args-json", "--format"]
            var positionals = 0
            var index = arguments.first == "eval" ? 1 : 0
            var onlyPositionals = false
            while index < arguments.count {
                let word = arguments[index]
                index += 1
                if !onlyPositionals {
                    if word == "--" {
                        onlyPositionals = true
                        continue
                    }
                    if word == "--nil" { return max(0, positionals - 1) }
                    if valued.contains(word) {
                        index += 1
                        continue
                    }
                    if word.hasPrefix("-") { continue }
                }
                positionals += 1
            }
            return max(0, positionals - 1)
        }

        private static func preview(_ identifier: String) -> String {
            identifier.utf8.count <= 60
                ? "'\(identifier)'" : "'\(identifier.prefix(40))…' (\(identifier.utf8.count) bytes)"
        }
    }
}

private struct EvalRecord: Encodable {
    var identifier: String?
    var matches: Bool
    var budgetExceeded: Bool?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier) // null stays visible
        try container.encode(matches, forKey: .matches)
        try container.encodeIfPresent(budgetExceeded, forKey: .budgetExceeded)
    }

    enum CodingKeys: String, CodingKey { case identifier, matches, budgetExceeded }
}

struct ErrorRecord: Encodable {
    var error: String
    var line: Int
}
