import ArgumentParser

/// `--explain` and `--explain-all`, shared by route and replay.
struct ExplainOptions: ParsableArguments {
    @Flag(
        help:
            "Explain each decision: the candidates (best first, up to 10) with their scores, the condition and comparison that matched, their rank keys, and the declarations checked for a new scene."
    )
    var explain = false

    @Flag(help: "Like --explain, listing every candidate.")
    var explainAll = false

    /// Whether decisions carry an explanation.
    var enabled: Bool { explain || explainAll }
}
