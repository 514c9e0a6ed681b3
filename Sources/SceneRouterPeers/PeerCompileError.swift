/// Why a peer engine could not compile an app's conditions.
package struct PeerCompileError: Error, CustomStringConvertible {
    package let engine: String
    /// The expression it refused, when it names one.
    package let expression: String?
    package let message: String

    package var description: String {
        "\(engine) refused " + (expression.map { "the expression \($0): " } ?? "the set: ") + message
    }
}
