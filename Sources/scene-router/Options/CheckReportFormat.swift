import ArgumentParser

/// `check --format`: the two formats every command has, and two for CI systems.
enum CheckReportFormat: String, ExpressibleByArgument, CaseIterable {
    /// For people: errors on stderr, warnings and the summary on stdout.
    case text
    /// JSON Lines: errors on stderr, one record per warning or route on stdout.
    case json
    /// GitHub Actions workflow commands on stdout (`::warning file=…,line=…::…`), which the
    /// runner shows as annotations on the pull request's files.
    case github
    /// One SARIF 2.1.0 log on stdout, for code-scanning views.
    case sarif

    /// How errors are reported in the two formats that keep them on stderr.
    var streamFormat: OutputOptions.Format { self == .json ? .json : .text }
}
