/// A compiled set of whole-string expressions: one scan of a subject reports every
/// expression that matches all of it.
protocol RegexSetEngine: AnyObject {
    /// Writes the positions of the expressions that match all of `subject` (ASCII) to
    /// `matches`, growing it as needed, and returns their number; nil when the engine could
    /// not decide (it ran out of memory, say), so the caller must not trust the answer.
    func scan(_ subject: UnsafeBufferPointer<UInt8>, into matches: inout [Int32]) -> Int?

    /// Bytes the compiled set holds, when the engine tells.
    var compiledBytes: Int? { get }
}
