import ArgumentParser
import Foundation

/// `scene-router`: which scene handles a target content identifier, and why.
@main
struct SceneRouterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-router",
        abstract: "Evaluate and route scene activation conditions (NSPredicate over SELF, SwiftUI sets).",
        discussion: """
            Data goes to stdout, diagnostics to stderr.
            Exit codes: 0 success, 1 check found warnings with --strict, 2 invalid input, 64 usage error.
            """,
        version: SceneRouterVersion.current,
        subcommands: [Eval.self, Route.self, Replay.self, Check.self, Import.self, Compile.self, Bench.self]
    )

    /// Refuses arguments that are not UTF-8 (exit 2) before parsing them.
    static func main() {
        if let problem = ArgumentEncoding.firstInvalidArgument() {
            FileHandle.standardError.write(Data((problem + "\n").utf8))
            Self.exit(withError: ExitCode(2))
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            _ = try parseAsRoot(arguments)
        } catch {
            if let hint = UsageHints.hint(for: arguments) {
                let usage = usageString(for: hint.command ?? Self.self)
                let name = ([Self._commandName] + (hint.command.map { [$0._commandName] } ?? [])).joined(separator: " ")
                FileHandle.standardError.write(
                    Data("Error: \(hint.message)\nUsage: \(usage)\n  See '\(name) --help' for more information.\n".utf8)
                )
                Self.exit(withError: ExitCode(64))
            }
        }
        main(arguments)
    }
}
