import ArgumentParser
import Foundation
import PredicateSyntax

/// A clearer usage error for two mistakes the argument parser words poorly: a misspelled
/// command (`rout` is reported as an unknown `--manifest`) and a misspelled option of a
/// command whose own checks run first (`route --manifst` is reported as a missing
/// `--manifest`). Consulted only when parsing has already failed, so a value that happens to
/// start with `--` never stops a valid command line.
enum UsageHints {
    struct Hint {
        var message: String
        /// The command whose usage to show; nil for the root.
        var command: (any ParsableCommand.Type)?
    }

    static func hint(for arguments: [String]) -> Hint? {
        guard let first = arguments.first else { return nil }
        let commands = SceneRouterCommand.configuration.subcommands
        guard let command = commands.first(where: { $0._commandName == first }) else {
            guard !first.hasPrefix("-") else { return nil }
            let names = commands.map { $0._commandName }
            let suggestion = closest(to: first, among: names)
            return Hint(
                message: "unknown command '\(first)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
                    + " Commands: \(names.joined(separator: ", ")).",
                command: nil)
        }
        let known = options(of: command)
        for argument in arguments.dropFirst() {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let name = String(argument.prefix { $0 != "=" })
            guard !known.contains(name) else { continue }
            // Without a near name it may be a value that starts with `--`: the parser's own
            // message is then the better one.
            guard let suggestion = closest(to: name, among: known.sorted()) else { return nil }
            return Hint(message: "unknown option '\(name)'. Did you mean '\(suggestion)'?", command: command)
        }
        return nil
    }

    /// The long options a command's help lists (with --help and --version).
    private static func options(of command: any ParsableCommand.Type) -> Set<String> {
        let help = SceneRouterCommand.helpMessage(for: command, columns: 10_000)
        var names: Set<String> = ["--help", "--version"]
        var index = help.startIndex
        while let range = help.range(of: "--", range: index..<help.endIndex) {
            let name = help[range.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
            if name.count > 2 { names.insert(String(name)) }
            index = range.upperBound
        }
        return names
    }

    private static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, EditDistance.between(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
