import SceneRouting
import Testing

/// Every vector of the shared conformance file, plus the project's own vectors for what the
/// shared file leaves out (width folding, NFKC, escapes, precedence, ICU translation).
@Suite struct ConformanceTests {
    static let sharedVectors = ConformanceVector.load("conformance/nspredicate.tsv")
    static let projectVectors = ConformanceVector.load("conformance/sceneRouter-extra.tsv")

    @Test func vectorFilesAreNotEmpty() {
        #expect(Self.sharedVectors.count >= 180)
        #expect(Self.projectVectors.count >= 60)
    }

    @Test(arguments: sharedVectors)
    func sharedVector(_ vector: ConformanceVector) {
        check(vector)
    }

    @Test(arguments: projectVectors)
    func projectVector(_ vector: ConformanceVector) {
        check(vector)
    }

    private func check(_ vector: ConformanceVector) {
        do {
            let predicate = try ActivationPredicate(format: vector.format)
            let result = predicate.evaluate(vector.input)
            #expect(
                vector.expected != .error,
                "expected an error, but the predicate parsed and evaluated to \(result)")
            if vector.expected != .error {
                #expect(result == (vector.expected == .true), "evaluated to \(result)")
            }
        } catch {
            #expect(vector.expected == .error, "unexpected error:\n\(error.rendered())")
        }
    }
}
