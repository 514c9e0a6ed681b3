/// A Swift example of the README or an article, compiled here and run by
/// `DocumentationSnippetTests`, which also checks that the document shows exactly this code.
///
/// The code sits between `// snippet begin` and `// snippet end` in `run()`, preceded in the
/// document by `import SceneRouting`. Inside it, `print` is the snippet's own (a member
/// shadows the global function), so the test sees what the example prints and compares it
/// with the `// …` comment the document shows after each `print(…)`.
protocol DocumentationSnippet {
    /// The document showing the snippet, relative to the package root.
    static var document: String { get }
    /// This file, for reading the code back.
    static var file: String { get }
    init()
    /// What `print` received, one string per call.
    var printed: [String] { get }
    mutating func run() throws
}
