import ArgumentParser

/// `--format text|json`, shared by every subcommand.
struct OutputOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text (for people) or json (JSON Lines, sorted keys).")
    var format: Format = .text
}
